import { Button, Group, Stack } from '@mantine/core';
import { LIST_DEFAULTS, ManualStatusFilter, type QuickDate, SCORE_SORTS, type ScoreSort } from '@qcdesk/contracts';
import { useEffect, useMemo, useState } from 'react';
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
import { encodeList, type ListField } from '../../../router/list-state';
import type { RouteLocation } from '../../../router/location';
import { draftOf, useListPlace, valuesOf } from '../../../router/use-list-place';
import { confirmAction } from '../../../ui/confirm';
import { notifyError, notifySuccess, notifyWarning } from '../../../ui/notify';
import { ResultTabs } from '../ai-result/AiResultList';
import { nextSorts, ScoreSortContext } from '../ai-result/sort-header';
import {
  CountRadios,
  displayInputTime,
  EMPTY_EXTRA,
  EXTRA_FIELDS,
  EXTRA_NUMERIC,
  type ExtraFilterDraft,
  placeTags,
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

/** This screen's part of the list's place in the query (the description's filters are EntityList's). */
const PLACE_FIELDS: readonly ListField[] = [
  { key: 'manualStatus', defaultValue: LIST_DEFAULTS.manualResult.manualStatus },
  { key: 'quickDate', defaultValue: LIST_DEFAULTS.manualResult.quickDate },
  { key: 'sort', many: true },
  ...EXTRA_FIELDS,
];

const isScoreSort = (s: string): s is ScoreSort => (SCORE_SORTS as readonly string[]).includes(s);

/**
 * /qc/manual-result/list: the entity list of manual results with the status radio (counts from the page answer),
 * the session-date radio, score and time ranges, score sorting, and the bulk buttons by permission.
 */
export function ManualResultList({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, m } = useI18n();
  const can = useCan();
  const place = useListPlace(location, PLACE_FIELDS);
  const status = place.values.manualStatus as StatusValue;
  const quick = place.values.quickDate as QuickDate;
  const scoreSorts = useMemo(() => (place.values.sort as string[]).filter(isScoreSort), [place.values]);
  const applied = useMemo(() => draftOf(place.values, EMPTY_EXTRA, EXTRA_NUMERIC), [place.values]);
  const [draft, setDraft] = useState<ExtraFilterDraft>(applied);
  // back/forward or a removed tag: the inputs show the applied filters again
  useEffect(() => setDraft(applied), [applied]);
  const [counts, setCounts] = useState<Partial<Record<StatusValue, number>> | null>(null);
  const watching = useWatchingClientFor(client, setCounts);
  const [schemes, setSchemes] = useState<Readonly<Record<string, string>>>({});

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

  const tags = placeTags(applied, {
    schemeId: { label: t('aiResult.scheme'), text: (v) => schemes[v] ?? v },
    beginScore: { label: t('manual.beginScore') },
    endScore: { label: t('manual.endScore') },
    scores: { label: t('aiResult.scores') },
    timeFrom: { label: t('aiResult.timeFrom'), text: displayInputTime },
    timeTo: { label: t('aiResult.timeTo'), text: displayInputTime },
  });

  return (
    <Stack gap="xs">
      <ResultTabs active="manual" />
      <ScoreSortContext.Provider
        value={{ sorts: scoreSorts, toggle: (key) => place.set({ sort: nextSorts(scoreSorts, key) }) }}
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
                  onChange={(value) => place.set({ manualStatus: value })}
                />
                <QuickDateRadios
                  value={quick}
                  // a quick date replaces a time range
                  onChange={(value) => place.set({ quickDate: value, timeFrom: '', timeTo: '' })}
                />
              </Group>
            }
            searchFields={
              <SchemeSelect
                targetType="PERSON"
                value={draft.schemeId}
                onChange={(schemeId) => setDraft((d) => ({ ...d, schemeId }))}
                onLoad={setSchemes}
              />
            }
            moreSearchFields={
              <>
                <ScoreRangeInputs draft={draft} onChange={(c) => setDraft((d) => ({ ...d, ...c }))} />
                <TimeRangeInputs draft={draft} onChange={(c) => setDraft((d) => ({ ...d, ...c }))} />
              </>
            }
            onSearch={() => encodeList(valuesOf(draft), EXTRA_FIELDS)}
            onReset={() => setDraft(EMPTY_EXTRA)}
            keepOnReset={['manualStatus']}
            extraTags={tags}
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
