import { Anchor, Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Locale } from '../i18n/dictionary';
import { navigate } from '../router/router-store';
import { ABSENT, displayText, displayTime, Folded, isAbsent } from '../ui/display';
import type { EntityColumn } from './types';

const TAG_COLORS: Record<string, string> = { ACTIVE: 'green', INACTIVE: 'gray', PENDING: 'orange' };

function cellValue<R>(column: EntityColumn<R>, row: R): unknown {
  return column.value ? column.value(row) : (row as Record<string, unknown>)[column.key];
}

/**
 * An agent as the rows and the agent filter both show him (issue 15, defect 8): his name with the nick he goes by,
 * "陈静（小陈）"; either alone when the other is missing or the same.
 */
export function agentLabel(name: string | null | undefined, nick: string | null | undefined): string | null {
  const n = name?.trim() || null;
  const k = nick?.trim() || null;
  if (n && k && n !== k) return `${n}（${k}）`;
  return n ?? k;
}

/** The whole text of a cell for its tooltip (a one-line cell may end in '…'); none for badges and custom cells. */
export function cellTitle<R>(column: EntityColumn<R>, row: R, locale: Locale): string | undefined {
  if (column.render || column.kind === 'fold' || column.kind === 'tag') return undefined;
  const value = cellValue(column, row);
  if (isAbsent(value)) return undefined;
  if (column.kind === 'time') return displayTime(value);
  if (column.kind === 'dict') return column.dictionary?.label(String(value), locale) ?? String(value);
  return displayText(value);
}

/** One cell of an entity list, by the column's kind; '--' for absent values. */
export function renderCell<R>(column: EntityColumn<R>, row: R, locale: Locale): ReactNode {
  if (column.render) return column.render(row);
  const value = cellValue(column, row);
  let content: ReactNode;
  switch (column.kind) {
    case 'time':
      content = displayTime(value);
      break;
    case 'dict':
      content = isAbsent(value) ? ABSENT : (column.dictionary?.label(String(value), locale) ?? String(value));
      break;
    case 'tag':
      content = isAbsent(value) ? (
        ABSENT
      ) : (
        <Badge variant="light" color={TAG_COLORS[String(value)] ?? 'blue'}>
          {column.dictionary?.label(String(value), locale) ?? String(value)}
        </Badge>
      );
      break;
    case 'fold': {
      const fold = column.fold ?? { limit: 3, label: (item: unknown) => String(item) };
      content = (
        <Folded
          items={Array.isArray(value) ? value : []}
          limit={fold.limit}
          render={(item, i) => (
            <Badge key={i} variant="outline" color="gray" tt="none">
              {fold.label(item)}
            </Badge>
          )}
        />
      );
      break;
    }
    default:
      content = displayText(value);
  }
  if (column.link && !isAbsent(value)) {
    const target = column.link(row);
    return (
      <Anchor component="button" type="button" onClick={() => navigate(target.path, target.query)}>
        {content}
      </Anchor>
    );
  }
  return typeof content === 'string' ? <Text span>{content}</Text> : content;
}
