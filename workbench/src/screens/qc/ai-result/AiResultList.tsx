import { Group, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Tabs, Text } from '@mantine/core';
import {
  AiResultTimeBy,
  LIMITS,
  LIST_DEFAULTS,
  QcResultStatus,
  QuickDate,
  SCORE_SORTS,
  type ScoreSort,
  type ScoreSortKey,
} from '@qcdesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { useCan } from '../../../auth/session-store';
import { AI_RESULT_LIST, aiResultDescription } from '../../../entities/ai-result';
import { EntityList } from '../../../entity/EntityList';
import { WithFilterError } from '../../../entity/filter-errors';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';
import { encodeList, type ListField } from '../../../router/list-state';
import type { RouteLocation } from '../../../router/location';
import { lastPlaceOf, navigateTo } from '../../../router/router-store';
import { draftOf, useListPlace, valuesOf } from '../../../router/use-list-place';
import { fromInputTime } from '../../../ui/times';
import { displayInputTime, placeTags, TimeRangeInputs } from '../manual-result/list-pieces';
import { nextSorts, ScoreSortContext } from './sort-header';

export const MANUAL_RESULT_LIST = '/qc/manual-result/list';

/** The search-row inputs that are not plain text: applied on 搜索, cleared on 重置. */
export type AiResultDraft = {
  aiStatus: string;
  schemeId: string;
  scores: string[];
  beginAiScore: number | '';
  endAiScore: number | '';
  beginReviewScore: number | '';
  endReviewScore: number | '';
  timeFrom: string;
  timeTo: string;
};

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
        // each list as it was last left this session
        if (value === 'ai' && active !== 'ai') navigateTo(lastPlaceOf({ path: AI_RESULT_LIST, query: {} }));
        if (value === 'manual' && active !== 'manual') navigateTo(lastPlaceOf({ path: MANUAL_RESULT_LIST, query: {} }));
      }}
    >
      <Tabs.List>
        {can('qc-ai-result.view') && <Tabs.Tab value="ai">{t('aiResult.tab.ai')}</Tabs.Tab>}
        {can('qc-manual-result.view') && <Tabs.Tab value="manual">{t('aiResult.tab.manual')}</Tabs.Tab>}
      </Tabs.List>
    </Tabs>
  );
}

const SCORE_KEYS = ['beginAiScore', 'endAiScore', 'beginReviewScore', 'endReviewScore'] as const;

/** This screen's part of the list's place in the query (the description's filters are EntityList's). */
const PLACE_FIELDS: readonly ListField[] = [
  { key: 'quickDate', defaultValue: LIST_DEFAULTS.aiResult.quickDate },
  { key: 'timeby', defaultValue: LIST_DEFAULTS.aiResult.timeby },
  { key: 'sort', many: true },
  { key: 'aiStatus', defaultValue: LIST_DEFAULTS.aiResult.aiStatus },
  { key: 'schemeId' },
  { key: 'scores', many: true },
  ...SCORE_KEYS.map((key) => ({ key })),
  { key: 'timeFrom' },
  { key: 'timeTo' },
];

const isScoreSort = (s: string): s is ScoreSort => (SCORE_SORTS as readonly string[]).includes(s);

/**
 * /qc/ai-result/list: the quick date (YESTERDAY by default) and time basis apply at once; the search row holds the most
 * used filters of the spec (QC status CHECKED by default) and folds the others; the AI and manual score headers sort.
 * Every choice is the route's query, so the list keeps its place.
 */
export function AiResultList({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, options, label } = useI18n();
  const place = useListPlace(location, PLACE_FIELDS);
  const quickDate = place.values.quickDate as QuickDate;
  const timeby = place.values.timeby as string;
  const scoreSorts = useMemo(() => (place.values.sort as string[]).filter(isScoreSort), [place.values]);
  const applied = useMemo(() => draftOf(place.values, INITIAL_DRAFT, SCORE_KEYS), [place.values]);
  const [draft, setDraft] = useState<AiResultDraft>(applied);
  // back/forward or a removed tag: the inputs show the applied filters again
  useEffect(() => setDraft(applied), [applied]);
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
    () => ({ sorts: scoreSorts, toggle: (key: ScoreSortKey) => place.set({ sort: nextSorts(scoreSorts, key) }) }),
    [scoreSorts, place],
  );
  const set = (change: Partial<AiResultDraft>) => setDraft((d) => ({ ...d, ...change }));
  const asScore = (value: string | number) => (value === '' ? '' : Number(value));
  const satisfaction = Array.from({ length: LIMITS.satisfactionMax - LIMITS.satisfactionMin + 1 }, (_, i) =>
    String(LIMITS.satisfactionMin + i),
  );
  const scoreInput = (key: (typeof SCORE_KEYS)[number]) => (
    <WithFilterError key={key} name={key}>
      {(error) => (
        <NumberInput
          label={t(SCORE_LABELS[key])}
          min={LIMITS.scoreMin}
          max={LIMITS.scoreMax}
          clampBehavior="strict"
          w={120}
          value={draft[key]}
          error={error}
          onChange={(value) => set({ [key]: asScore(value) })}
        />
      )}
    </WithFilterError>
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
          onChange={(value) => place.set({ quickDate: value })}
          data={options(QuickDate)}
        />
      </Stack>
      <Select
        label={t('aiResult.timeby')}
        allowDeselect={false}
        data={options(AiResultTimeBy)}
        value={timeby}
        onChange={(value) => value && place.set({ timeby: value })}
        w={160}
      />
    </Group>
  );

  const searchFields = (
    <>
      <WithFilterError name="aiStatus">
        {(error) => (
          <Select
            label={t('aiResult.aiStatus')}
            clearable
            data={options(QcResultStatus)}
            value={draft.aiStatus || null}
            error={error}
            onChange={(value) => set({ aiStatus: value ?? '' })}
            w={140}
          />
        )}
      </WithFilterError>
      <WithFilterError name="schemeId">
        {(error) => (
          <Select
            label={t('aiResult.scheme')}
            clearable
            searchable
            data={schemes}
            value={draft.schemeId || null}
            error={error}
            onChange={(value) => set({ schemeId: value ?? '' })}
            w={180}
          />
        )}
      </WithFilterError>
    </>
  );
  const moreSearchFields = (
    <>
      <WithFilterError name="scores">
        {(error) => (
          <MultiSelect
            label={t('aiResult.scores')}
            data={satisfaction}
            value={draft.scores}
            error={error}
            onChange={(value) => set({ scores: value })}
            w={180}
          />
        )}
      </WithFilterError>
      {SCORE_KEYS.map(scoreInput)}
      <TimeRangeInputs draft={draft} onChange={set} />
    </>
  );

  const tags = placeTags(applied, {
    aiStatus: {
      label: t('aiResult.aiStatus'),
      text: (v) => label(QcResultStatus, v),
      defaultValue: INITIAL_DRAFT.aiStatus,
    },
    schemeId: { label: t('aiResult.scheme'), text: (v) => schemes.find((s) => s.value === v)?.label ?? v },
    scores: { label: t('aiResult.scores') },
    ...Object.fromEntries(SCORE_KEYS.map((key) => [key, { label: t(SCORE_LABELS[key]) }])),
    timeFrom: { label: t('aiResult.timeFrom'), text: displayInputTime },
    timeTo: { label: t('aiResult.timeTo'), text: displayInputTime },
  });

  return (
    <Stack gap="xs">
      <ResultTabs active="ai" />
      <ScoreSortContext.Provider value={sortState}>
        <EntityList
          description={aiResultDescription}
          location={location}
          baseFilters={baseFilters}
          toolbar={toolbar}
          searchFields={searchFields}
          moreSearchFields={moreSearchFields}
          onSearch={() => encodeList(valuesOf(draft), PLACE_FIELDS)}
          onReset={() => setDraft(INITIAL_DRAFT)}
          extraTags={tags}
        />
      </ScoreSortContext.Provider>
    </Stack>
  );
}
