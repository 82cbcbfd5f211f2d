import { Group, Text, UnstyledButton } from '@mantine/core';
import type { ScoreSort, ScoreSortKey } from '@qcdesk/contracts';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { createContext, useContext } from 'react';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';

/** The list's `scoreSorts` ('ai_score asc', 'manual_score desc') and how a header click changes them. */
export interface ScoreSortState {
  sorts: readonly ScoreSort[];
  toggle: (key: ScoreSortKey) => void;
}

export const ScoreSortContext = createContext<ScoreSortState | null>(null);

/** A header click cycles its key: not sorted → ascending → descending → not sorted; other keys keep their place. */
export function nextSorts(sorts: readonly ScoreSort[], key: ScoreSortKey): ScoreSort[] {
  const current = sorts.find((s) => s.startsWith(`${key} `));
  if (current === undefined) return [...sorts, `${key} asc`];
  if (current === `${key} asc`) return sorts.map((s): ScoreSort => (s === current ? `${key} desc` : s));
  return sorts.filter((s) => s !== current);
}

/** A column title that sorts the list by `sortKey` (inside a ScoreSortContext; plain text outside one). */
export function SortHeader({ sortKey, title }: { sortKey: ScoreSortKey; title: MessageKey }) {
  const { t } = useI18n();
  const state = useContext(ScoreSortContext);
  if (state === null) return <>{t(title)}</>;
  const direction = state.sorts.find((s) => s.startsWith(`${sortKey} `))?.split(' ')[1] ?? null;
  const Icon = direction === 'asc' ? IconSortAscending : direction === 'desc' ? IconSortDescending : IconArrowsSort;
  const how =
    direction === 'asc' ? t('common.sortAsc') : direction === 'desc' ? t('common.sortDesc') : t('common.sort');
  return (
    <UnstyledButton
      onClick={() => state.toggle(sortKey)}
      aria-label={`${t(title)} ${how}`}
      data-sort={direction ?? 'none'}
    >
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={700} span>
          {t(title)}
        </Text>
        <Icon size={14} />
      </Group>
    </UnstyledButton>
  );
}
