import { Group, MultiSelect, NumberInput, Radio, Select } from '@mantine/core';
import { type Dictionary, LIMITS, QuickDate, type TargetType } from '@qcdesk/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../../api/api-context';
import type { ApiClient } from '../../../api/client';
import type { FilterTag } from '../../../entity/FilterTags';
import { useFilterError } from '../../../entity/filter-errors';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';
import type { ListField } from '../../../router/list-state';
import type { DraftValue } from '../../../router/use-list-place';
import { DateTimeField } from '../../../ui/DateTimeField';
import { shownTime } from '../../../ui/date-text';
import { fromInputTime } from '../../../ui/times';

/**
 * Pieces shared by the manual result list and the complaint list: radios with counts, the quick date radio, the
 * score and time inputs of the search row, and a client that reads the radio counts the
 * page call answers besides its records.
 */

/** A radio group whose options show the count the list answered, e.g. '待质检 (3)'. */
export function CountRadios<T extends string>({
  label,
  dictionary,
  values,
  value,
  counts,
  onChange,
}: {
  label: MessageKey;
  dictionary: Dictionary<T>;
  /** the options in the order shown */
  values: readonly T[];
  value: T;
  counts: Partial<Record<T, number>> | null;
  onChange: (value: T) => void;
}) {
  const { t, label: dictLabel } = useI18n();
  return (
    <Radio.Group label={t(label)} value={value} onChange={(v) => onChange(v as T)}>
      <Group gap="md" mt={4}>
        {values.map((v) => (
          <Radio
            key={v}
            value={v}
            label={
              counts && counts[v] !== undefined
                ? `${dictLabel(dictionary, v)} (${counts[v]})`
                : dictLabel(dictionary, v)
            }
          />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** The session-date radio: YESTERDAY (default), TODAY, DAY7, DAY30, ALL. */
export function QuickDateRadios({ value, onChange }: { value: QuickDate; onChange: (value: QuickDate) => void }) {
  return (
    <CountRadios
      label="manual.sessionDate"
      dictionary={QuickDate}
      values={QuickDate.values}
      value={value}
      counts={null}
      onChange={onChange}
    />
  );
}

/** The inputs of the search row that are not plain text: a time range, score range, satisfaction ratings. */
export type ExtraFilterDraft = {
  schemeId: string;
  timeFrom: string;
  timeTo: string;
  beginScore: number | '';
  endScore: number | '';
  scores: string[];
};

/** Where ExtraFilterDraft sits in the list's query (its numbers: the score range). */
export const EXTRA_FIELDS: readonly ListField[] = [
  { key: 'schemeId' },
  { key: 'timeFrom' },
  { key: 'timeTo' },
  { key: 'beginScore' },
  { key: 'endScore' },
  { key: 'scores', many: true },
];
export const EXTRA_NUMERIC = ['beginScore', 'endScore'] as const;

/** A time range end as the date field holds it ('2026-11-25T10:00'), as the tags show it: as the field does. */
export function displayInputTime(value: string): string {
  return shownTime(value);
}

/** How an input of a screen's own shows as an active-filter tag. */
export interface PlaceTagSpec {
  label: string;
  /** the value's words (a dictionary label, a scheme's name); the value itself by default */
  text?: (value: string) => string;
  /** no tag while the value is its default */
  defaultValue?: string;
}

/** The tags of a screen's own applied inputs (not empty, not their default); removing one drops it from the query. */
export function placeTags(
  applied: Readonly<Record<string, DraftValue>>,
  specs: Readonly<Record<string, PlaceTagSpec>>,
): FilterTag[] {
  const tags: FilterTag[] = [];
  for (const [key, spec] of Object.entries(specs)) {
    const value = applied[key];
    if (value === undefined) continue;
    const text = typeof value === 'object' ? value.join('、') : String(value);
    if (text === '' || text === (spec.defaultValue ?? '')) continue;
    tags.push({
      key,
      label: spec.label,
      value: spec.text && typeof value !== 'object' ? spec.text(text) : text,
      remove: { [key]: undefined },
    });
  }
  return tags;
}

export const EMPTY_EXTRA: ExtraFilterDraft = {
  schemeId: '',
  timeFrom: '',
  timeTo: '',
  beginScore: '',
  endScore: '',
  scores: [],
};

/**
 * The time range wins over the quick date when either end is given; otherwise the quick date goes to the server,
 * which turns it into days in the console's time zone.
 */
export function timeFilters(quick: QuickDate, draft: ExtraFilterDraft): Record<string, string> {
  const from = fromInputTime(draft.timeFrom);
  const to = fromInputTime(draft.timeTo);
  if (from || to) {
    const range: Record<string, string> = {};
    if (from) range.timeFrom = from;
    if (to) range.timeTo = to;
    return range;
  }
  return { quickDate: quick };
}

export function scoreFilters(draft: ExtraFilterDraft, keys: { begin: string; end: string }): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (draft.beginScore !== '') body[keys.begin] = draft.beginScore;
  if (draft.endScore !== '') body[keys.end] = draft.endScore;
  if (draft.scores.length > 0) body.scores = draft.scores.map(Number);
  if (draft.schemeId) body.schemeId = draft.schemeId;
  return body;
}

/** The schemes of a kind for a filter select (the spec's dictionary load of schemes); none when it fails. */
export function SchemeSelect({
  targetType,
  value,
  onChange,
  onLoad,
}: {
  targetType: TargetType;
  value: string;
  onChange: (schemeId: string) => void;
  /** the schemes' names by id, once loaded (for the active-filter tag) */
  onLoad?: (names: Record<string, string>) => void;
}) {
  const client = useApi();
  const { t } = useI18n();
  const error = useFilterError('schemeId');
  const [schemes, setSchemes] = useState<{ value: string; label: string }[]>([]);
  // told once per load; a new callback is no reason to load again
  const tell = useRef(onLoad);
  tell.current = onLoad;
  useEffect(() => {
    let live = true;
    client
      .request<{ id: string; name: string }[] | { records: { id: string; name: string }[] }>({
        path: '/v3/chats/qc-scheme/list',
        body: { targetType, deleted: 'NONE' },
      })
      .then((answer) => {
        const list = Array.isArray(answer) ? answer : (answer?.records ?? []);
        if (!live) return;
        setSchemes(list.map((s) => ({ value: String(s.id), label: s.name })));
        tell.current?.(Object.fromEntries(list.map((s) => [String(s.id), s.name])));
      })
      // without the list the select stays empty; the other filters still work
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, targetType]);
  return (
    <Select
      label={t('aiResult.scheme')}
      data={schemes}
      value={value || null}
      error={error}
      onChange={(v) => onChange(v ?? '')}
      clearable
      searchable
      w={180}
    />
  );
}

/** The time range of a result list's search row: its ends in the user's format, each with its field's problem. */
export function TimeRangeInputs({
  draft,
  onChange,
}: {
  draft: Pick<ExtraFilterDraft, 'timeFrom' | 'timeTo'>;
  onChange: (change: Partial<Pick<ExtraFilterDraft, 'timeFrom' | 'timeTo'>>) => void;
}) {
  const { t } = useI18n();
  const fromError = useFilterError('timeFrom');
  const toError = useFilterError('timeTo');
  return (
    <>
      <DateTimeField
        label={t('aiResult.timeFrom')}
        value={draft.timeFrom}
        error={fromError}
        onChange={(timeFrom) => onChange({ timeFrom })}
      />
      <DateTimeField
        label={t('aiResult.timeTo')}
        dayTime="23:59"
        value={draft.timeTo}
        error={toError}
        onChange={(timeTo) => onChange({ timeTo })}
      />
    </>
  );
}

export function ScoreRangeInputs({
  draft,
  onChange,
  keys = { begin: 'beginScore', end: 'endScore' },
}: {
  draft: ExtraFilterDraft;
  onChange: (change: Partial<ExtraFilterDraft>) => void;
  /** the body fields the range is sent as (what a problem of the list names) */
  keys?: { begin: string; end: string };
}) {
  const { t } = useI18n();
  const satisfaction = Array.from({ length: LIMITS.satisfactionMax - LIMITS.satisfactionMin + 1 }, (_, i) =>
    String(LIMITS.satisfactionMin + i),
  );
  const asScore = (v: string | number) => (v === '' ? '' : Number(v));
  const errors = {
    beginScore: useFilterError(keys.begin),
    endScore: useFilterError(keys.end),
    scores: useFilterError('scores'),
  };
  return (
    <>
      <NumberInput
        label={t('manual.beginScore')}
        min={LIMITS.scoreMin}
        max={LIMITS.scoreMax}
        w={110}
        value={draft.beginScore}
        error={errors.beginScore}
        onChange={(v) => onChange({ beginScore: asScore(v) })}
      />
      <NumberInput
        label={t('manual.endScore')}
        min={LIMITS.scoreMin}
        max={LIMITS.scoreMax}
        w={110}
        value={draft.endScore}
        error={errors.endScore}
        onChange={(v) => onChange({ endScore: asScore(v) })}
      />
      <MultiSelect
        label={t('aiResult.scores')}
        data={satisfaction}
        value={draft.scores}
        error={errors.scores}
        onChange={(scores) => onChange({ scores })}
        clearable
        w={180}
      />
    </>
  );
}

/**
 * An API client that hands the extra numbers of each `path` answer (the radio counts) to `onAnswer` and passes
 * everything through unchanged. The list screens read their counts through it from the page call they already make.
 */
export function useWatchingClient(
  client: ApiClient,
  path: string,
  onAnswer: (answer: Record<string, unknown>) => void,
): ApiClient {
  const latest = useRef(onAnswer);
  latest.current = onAnswer;
  return useMemo<ApiClient>(
    () => ({
      async request<T>(request: Parameters<ApiClient['request']>[0]): Promise<T> {
        const answer = await client.request<T>(request);
        if (request.path === path && answer && typeof answer === 'object') {
          latest.current(answer as Record<string, unknown>);
        }
        return answer;
      },
    }),
    [client, path],
  );
}

/** Counts as numbers (absent ones are left out). */
export function readCounts<K extends string>(
  answer: Record<string, unknown>,
  mapping: Readonly<Record<K, string>>,
): Partial<Record<K, number>> {
  const counts: Partial<Record<K, number>> = {};
  for (const [key, field] of Object.entries(mapping) as [K, string][]) {
    const n = answer[field];
    if (typeof n === 'number') counts[key] = n;
  }
  return counts;
}

/** Satisfaction is shown only from 1 to 5. */
export function satisfactionText(value: number | null | undefined): string | null {
  if (typeof value !== 'number' || value < LIMITS.satisfactionMin || value > LIMITS.satisfactionMax) return null;
  return String(value);
}
