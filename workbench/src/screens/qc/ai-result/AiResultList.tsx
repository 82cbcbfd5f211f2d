import { Group, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import {
  AiResultTimeBy,
  LIMITS,
  LIST_DEFAULTS,
  QcResultStatus,
  QuickDate,
  type ScoreSort,
  type ScoreSortKey,
} from '@qcdesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { useCan } from '../../../auth/session-store';
import { AI_RESULT_LIST, aiResultDescription } from '../../../entities/ai-result';
import { EntityList } from '../../../entity/EntityList';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { fromInputTime } from '../../../ui/times';
import { nextSorts, ScoreSortContext } from './sort-header';

export const MANUAL_RESULT_LIST = '/qc/manual-result/list';

/** The search-row inputs that are not plain text: applied on 搜索, cleared on 重置. */
export interface AiResultDraft {
  aiStatus: string;
  schemeId: string;
  scores: string[];
  beginAiScore: number | '';
  endAiScore: number | '';
  beginReviewScore: number | '';
  endReviewScore: number | '';
  timeFrom: string;
  timeTo: string;
}

const SCORE_LABELS = {
  beginAiScore: 'aiResult.beginAiScore',
  endAiScore: 'aiResult.endAiScore',
  beginReviewScore: 'aiResult.beginReviewScore',
  endReviewScore: 'aiResult.endReviewScore',
} as const satisfies Record<string, MessageKey>;

const INITIAL_DRAFT: AiResultDraft = {
  aiStatus: LIST_DEFAULTS.aiResult.aiStatus,
  schemeId: '',
  scores: [],
  beginAiScore: '',
  endAiScore: '',
  beginReviewScore: '',
  endReviewScore: '',
  timeFrom: '',
  timeTo: '',
};

/**
 * The body the list sends besides the description's text filters. A time range (either end) wins over the quick
 * date; otherwise the quick date goes to the server, which turns it into a range in the console's time zone.
 */
export function aiResultBody(
  draft: AiResultDraft,
  view: { quickDate: QuickDate; timeby: string; deleted: string; scoreSorts: readonly ScoreSort[] },
): Record<string, unknown> {
  const body: Record<string, unknown> = { timeby: view.timeby, deleted: view.deleted };
  if (draft.aiStatus) body.aiStatus = draft.aiStatus;
  if (draft.schemeId) body.schemeId = draft.schemeId;
  if (draft.scores.length > 0) body.scores = draft.scores.map(Number);
  for (const key of ['beginAiScore', 'endAiScore', 'beginReviewScore', 'endReviewScore'] as const) {
    if (draft[key] !== '') body[key] = draft[key];
  }
  const from = fromInputTime(draft.timeFrom);
  const to = fromInputTime(draft.timeTo);
  if (from || to) {
    if (from) body.timeFrom = from;
    if (to) body.timeTo = to;
  } else body.quickDate = view.quickDate;
  if (view.scoreSorts.length > 0) body.scoreSorts = view.scoreSorts;
  return body;
}

/** AI results and manual results, each tab shown by its permission (qc-area §2 "AI result list"). */
export function ResultTabs({ active }: { active: 'ai' | 'manual' }) {
  const { t } = useI18n();
  const can = useCan();
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value === 'ai' && active !== 'ai') navigate(AI_RESULT_LIST);
        if (value === 'manual' && active !== 'manual') navigate(MANUAL_RESULT_LIST);
      }}
    >
      <Tabs.List>
        {can('qc-ai-result.view') && <Tabs.Tab value="ai">{t('aiResult.tab.ai')}</Tabs.Tab>}
        {can('qc-manual-result.view') && <Tabs.Tab value="manual">{t('aiResult.tab.manual')}</Tabs.Tab>}
      </Tabs.List>
    </Tabs>
  );
}

/**
 * /qc/ai-result/list: the quick date (YESTERDAY by default) and time basis apply at once; the search row holds every
 * other filter of the spec (QC status CHECKED by default); the AI and manual score headers sort.
 */
export function AiResultList({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, options } = useI18n();
  const [quickDate, setQuickDate] = useState<QuickDate>(LIST_DEFAULTS.aiResult.quickDate);
  const [timeby, setTimeby] = useState<string>(LIST_DEFAULTS.aiResult.timeby);
  const [scoreSorts, setScoreSorts] = useState<ScoreSort[]>([]);
  const [draft, setDraft] = useState<AiResultDraft>(INITIAL_DRAFT);
  const [applied, setApplied] = useState<AiResultDraft>(INITIAL_DRAFT);
  const [schemes, setSchemes] = useState<{ value: string; label: string }[]>([]);
  const deleted = location.query.deleted === 'TRASH' ? 'TRASH' : LIST_DEFAULTS.aiResult.deleted;

  // the scheme picker lists the AI schemes (the spec's dictionary load of schemes)
  useEffect(() => {
    let live = true;
    client
      .request<{ id: string; name: string }[] | { records: { id: string; name: string }[] }>({
        path: '/v3/chats/qc-scheme/list',
        body: { targetType: 'AI', deleted: 'NONE' },
      })
      .then((answer) => {
        const list = Array.isArray(answer) ? answer : (answer?.records ?? []);
        if (live) setSchemes(list.map((s) => ({ value: String(s.id), label: s.name })));
      })
      // without the list the picker stays empty; the other filters still work
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client]);

  const baseFilters = useMemo(
    () => aiResultBody(applied, { quickDate, timeby, deleted, scoreSorts }),
    [applied, quickDate, timeby, deleted, scoreSorts],
  );
  const sortState = useMemo(
    () => ({ sorts: scoreSorts, toggle: (key: ScoreSortKey) => setScoreSorts((s) => nextSorts(s, key)) }),
    [scoreSorts],
  );
  const set = (change: Partial<AiResultDraft>) => setDraft((d) => ({ ...d, ...change }));
  const asScore = (value: string | number) => (value === '' ? '' : Number(value));
  const satisfaction = Array.from({ length: LIMITS.satisfactionMax - LIMITS.satisfactionMin + 1 }, (_, i) =>
    String(LIMITS.satisfactionMin + i),
  );
  const scoreInput = (key: 'beginAiScore' | 'endAiScore' | 'beginReviewScore' | 'endReviewScore') => (
    <NumberInput
      key={key}
      label={t(SCORE_LABELS[key])}
      min={LIMITS.scoreMin}
      max={LIMITS.scoreMax}
      clampBehavior="strict"
      w={120}
      value={draft[key]}
      onChange={(value) => set({ [key]: asScore(value) })}
    />
  );

  const toolbar = (
    <Group gap="md" align="flex-end">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('aiResult.quickDate')}
        </Text>
        <SegmentedControl
          aria-label={t('aiResult.quickDate')}
          value={quickDate}
          onChange={(value) => setQuickDate(value as QuickDate)}
          data={options(QuickDate)}
        />
      </Stack>
      <Select
        label={t('aiResult.timeby')}
        allowDeselect={false}
        data={options(AiResultTimeBy)}
        value={timeby}
        onChange={(value) => value && setTimeby(value)}
        w={160}
      />
    </Group>
  );

  const searchFields = (
    <>
      <Select
        label={t('aiResult.aiStatus')}
        clearable
        data={options(QcResultStatus)}
        value={draft.aiStatus || null}
        onChange={(value) => set({ aiStatus: value ?? '' })}
        w={140}
      />
      <Select
        label={t('aiResult.scheme')}
        clearable
        searchable
        data={schemes}
        value={draft.schemeId || null}
        onChange={(value) => set({ schemeId: value ?? '' })}
        w={180}
      />
      <MultiSelect
        label={t('aiResult.scores')}
        data={satisfaction}
        value={draft.scores}
        onChange={(value) => set({ scores: value })}
        w={180}
      />
      {scoreInput('beginAiScore')}
      {scoreInput('endAiScore')}
      {scoreInput('beginReviewScore')}
      {scoreInput('endReviewScore')}
      <TextInput
        type="datetime-local"
        label={t('aiResult.timeFrom')}
        value={draft.timeFrom}
        onChange={(e) => set({ timeFrom: e.currentTarget.value })}
      />
      <TextInput
        type="datetime-local"
        label={t('aiResult.timeTo')}
        value={draft.timeTo}
        onChange={(e) => set({ timeTo: e.currentTarget.value })}
      />
    </>
  );

  return (
    <Stack gap="sm">
      <ResultTabs active="ai" />
      <ScoreSortContext.Provider value={sortState}>
        <EntityList
          description={aiResultDescription}
          location={location}
          baseFilters={baseFilters}
          toolbar={toolbar}
          searchFields={searchFields}
          onSearch={() => setApplied(draft)}
          onReset={() => {
            setDraft(INITIAL_DRAFT);
            setApplied(INITIAL_DRAFT);
            setQuickDate(LIST_DEFAULTS.aiResult.quickDate);
            setTimeby(LIST_DEFAULTS.aiResult.timeby);
          }}
        />
      </ScoreSortContext.Provider>
    </Stack>
  );
}
