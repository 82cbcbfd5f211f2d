import { Anchor, Group, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useT } from '../i18n/locale-store';

/** What every list shows for an absent value. */
export const ABSENT = '--';

export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

export function displayText(value: unknown): string {
  if (isAbsent(value)) return ABSENT;
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return String(value);
}

export function displayTime(value: unknown): string {
  if (isAbsent(value)) return ABSENT;
  const time = dayjs(value as string | number);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : String(value);
}

/**
 * The first `limit` items, the rest folded behind a +n toggle (spec: groups, lines, agents 3; rules 5).
 */
export function Folded<T>({
  items,
  limit,
  render,
}: {
  items: readonly T[] | null | undefined;
  limit: number;
  render: (item: T, index: number) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const t = useT();
  if (!items || items.length === 0) return <Text span>{ABSENT}</Text>;
  const shown = open ? items : items.slice(0, limit);
  const hidden = items.length - limit;
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((item, i) => render(item, i))}
      {hidden > 0 && (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen(!open)}>
          {open ? t('common.less') : t('common.more', { count: hidden })}
        </Anchor>
      )}
    </Group>
  );
}
