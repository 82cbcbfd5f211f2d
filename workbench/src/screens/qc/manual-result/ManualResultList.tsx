import { Button, Group, Stack } from '@mantine/core';
import { LIST_DEFAULTS, ManualStatusFilter, type QuickDate, type ScoreSort } from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { ApiProvider, useApi } from '../../../api/api-context';
import { errorText } from '../../../api/client';
import type { RecordId } from '../../../api/resource';
import { useCan } from '../../../auth/session-store';
import {
  MANUAL_RESULT_BASE,
  type ManualResultRow,
  manualResultDescription,
  moveQualityStatus,
} from '../../../entities/manual-result';
import { EntityList, type ListContext } from '../../../entity/EntityList';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { confirmAction } from '../../../ui/confirm';
import { notifyError, notifySuccess, notifyWarning } from '../../../ui/notify';
import { ResultTabs } from '../ai-result/AiResultList';
import { nextSorts, ScoreSortContext } from '../ai-result/sort-header';
import {
  CountRadios,
  EMPTY_EXTRA,
  type ExtraFilterDraft,
  QuickDateRadios,
  readCounts,
  SchemeSelect,
  ScoreRangeInputs,
  scoreFilters,
  TimeRangeInputs,
  timeFilters,
  useWatchingClient,
} from './list-pieces';

/** The radio's order and where each count comes from; UNCHECKED (released or never queued) counts as rejectNum. */
const STATUS_VALUES = ['ALL', 'READY_CHECKED', 'CHECKED', 'UNCHECKED'] as const;
const COUNT_FIELDS = {
  ALL: 'allCheckedNum',
  READY_CHECKED: 'readyCheckedNum',
  CHECKED: 'checkedNum',
  UNCHECKED: 'rejectNum',
} as const;
type StatusValue = (typeof STATUS_VALUES)[number];

/**
 * /qc/manual-result/list: the entity list of manual results with the status radio (counts from the page answer),
 * the session-date radio, score and time ranges, score sorting, and the bulk buttons by permission.
 */
export function ManualResultList({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, m } = useI18n();
  const can = useCan();
  const [status, setStatus] = useState<StatusValue>(LIST_DEFAULTS.manualResult.manualStatus);
  const [quick, setQuick] = useState<QuickDate>(LIST_DEFAULTS.manualResult.quickDate);
  const [scoreSorts, setScoreSorts] = useState<ScoreSort[]>([]);
  const [draft, setDraft] = useState<ExtraFilterDraft>(EMPTY_EXTRA);
  const [applied, setApplied] = useState<ExtraFilterDraft>(EMPTY_EXTRA);
  const [counts, setCounts] = useState<Partial<Record<StatusValue, number>> | null>(null);
  const watching = useWatchingClientFor(client, setCounts);

  const baseFilters = useMemo(() => {
    const body: Record<string, unknown> = {
      ...timeFilters(quick, applied),
      ...scoreFilters(applied, { begin: 'beginScore', end: 'endScore' }),
    };
    if (status !== 'ALL') body.manualStatus = status;
    if (scoreSorts.length > 0) body.scoreSorts = scoreSorts;
    return body;
  }, [status, quick, scoreSorts, applied]);

  const bulk = async (
    selected: readonly RecordId[],
    context: ListContext<ManualResultRow>,
    move: 'READY_CHECKED' | 'UNCHECKED',
  ) => {
    if (selected.length === 0) {
      notifyWarning(m('common.selectRecord'));
      return;
    }
    const sessionIds = context.records.filter((r) => selected.includes(r.id)).map((r) => r.sessionId);
    const question =
      move === 'UNCHECKED'
        ? t('manual.bulkReleaseConfirm', { count: sessionIds.length })
        : t('manual.moveReadyConfirm', { count: sessionIds.length });
    if (!(await confirmAction(question, { danger: move === 'UNCHECKED' }))) return;
    try {
      await moveQualityStatus(client, sessionIds, move);
      notifySuccess();
      context.reload();
    } catch (e) {
      notifyError(errorText(e));
    }
  };

  // 'move to be inspected' only on the ALL radio (not UNCHECKED, READY_CHECKED or CHECKED); bulk release on READY_CHECKED
  const extraActions = (selected: readonly RecordId[], context: ListContext<ManualResultRow>) => (
    <>
      {status === 'ALL' && can('qc-manual-result.status') && (
        <Button variant="light" onClick={() => void bulk(selected, context, 'READY_CHECKED')}>
          {t('manual.moveReady')}
        </Button>
      )}
      {status === 'READY_CHECKED' && can('qc-manual-result.edit') && (
        <Button variant="light" color="orange" onClick={() => void bulk(selected, context, 'UNCHECKED')}>
          {t('manual.bulkRelease')}
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="sm">
      <ResultTabs active="manual" />
      <ScoreSortContext.Provider
        value={{ sorts: scoreSorts, toggle: (key) => setScoreSorts((sorts) => nextSorts(sorts, key)) }}
      >
        <ApiProvider client={watching}>
          <EntityList
            description={manualResultDescription}
            location={location}
            baseFilters={baseFilters}
            toolbar={
              <Group gap="xl" align="flex-start">
                <CountRadios
                  label="manual.status"
                  dictionary={ManualStatusFilter}
                  values={STATUS_VALUES}
                  value={status}
                  counts={counts}
                  onChange={setStatus}
                />
                <QuickDateRadios
                  value={quick}
                  onChange={(value) => {
                    setQuick(value);
                    setDraft((d) => ({ ...d, timeFrom: '', timeTo: '' }));
                    setApplied((d) => ({ ...d, timeFrom: '', timeTo: '' }));
                  }}
                />
              </Group>
            }
            searchFields={
              <>
                <SchemeSelect
                  targetType="PERSON"
                  value={draft.schemeId}
                  onChange={(schemeId) => setDraft((d) => ({ ...d, schemeId }))}
                />
                <ScoreRangeInputs draft={draft} onChange={(c) => setDraft((d) => ({ ...d, ...c }))} />
                <TimeRangeInputs draft={draft} onChange={(c) => setDraft((d) => ({ ...d, ...c }))} />
              </>
            }
            onSearch={() => setApplied(draft)}
            onReset={() => {
              setDraft(EMPTY_EXTRA);
              setApplied(EMPTY_EXTRA);
            }}
            extraActions={extraActions}
          />
        </ApiProvider>
      </ScoreSortContext.Provider>
    </Stack>
  );
}

function useWatchingClientFor(
  client: ReturnType<typeof useApi>,
  setCounts: (counts: Partial<Record<StatusValue, number>>) => void,
) {
  return useWatchingClient(client, `${MANUAL_RESULT_BASE}/page`, (answer) =>
    setCounts(readCounts(answer, COUNT_FIELDS)),
  );
}
