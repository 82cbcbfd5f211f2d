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
