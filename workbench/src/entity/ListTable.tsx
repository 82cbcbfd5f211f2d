import { Checkbox, Group, LoadingOverlay, Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { RecordId } from '../api/resource';
import { useI18n } from '../i18n/locale-store';
import { SkeletonRows } from '../ui/SkeletonRows';
import { cellTitle, renderCell } from './cells';
import type { EntityColumn, EntityRecord } from './types';

const CHECK_WIDTH = 40;
/** a column without a width of its own */
export const DEFAULT_COLUMN_WIDTH = 140;

/** Sticky cells need a background of their own, or the scrolled cells show through them. */
const STICKY_BG = 'var(--mantine-color-body)';
const stickyLeft = (left: number, header: boolean): CSSProperties => ({
  position: 'sticky',
  left,
  zIndex: header ? 3 : 1,
  background: STICKY_BG,
});
const stickyRight = (header: boolean): CSSProperties => ({
  position: 'sticky',
  right: 0,
  zIndex: header ? 3 : 1,
  background: STICKY_BG,
  boxShadow: '-4px 0 4px -4px rgba(0, 0, 0, 0.25)',
  whiteSpace: 'nowrap',
});
/** one line per cell: long names end in '…' and show whole in the cell's tooltip */
const ELLIPSIS: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

export interface ListTableProps<R extends EntityRecord> {
  columns: readonly EntityColumn<R>[];
  records: readonly R[];
  loading: boolean;
  selected: readonly RecordId[];
  onToggle: (id: RecordId) => void;
  onToggleAll: () => void;
  /** the row's buttons; null: the list has no operation column */
  actions: ((row: R) => ReactNode) | null;
  /** the operation column's width (px), from its buttons' labels */
  actionsWidth: number;
  /** at least this wide (px); the table scrolls sideways inside its area when wider than it */
  minWidth?: number;
}

/**
 * The rows of a list (issue 15, defect 5): a fixed layout as wide as its columns (scrolling sideways inside its area),
 * the header kept on top while the rows scroll, the selection and first column fixed on the left and the operation
 * column on the right, every cell on one line, and "暂无数据" in the middle of what is visible.
 */
export function ListTable<R extends EntityRecord>({
  columns,
  records,
  loading,
  selected,
  onToggle,
  onToggleAll,
  actions,
  actionsWidth,
  minWidth,
}: ListTableProps<R>) {
  const { t, locale } = useI18n();
  // widths in px: a fixed layout takes them from the header cells (a width given as text is not summed)
  const widthOf = (c: EntityColumn<R>) => (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH);
  const tableWidth = CHECK_WIDTH + columns.reduce((sum, c) => sum + widthOf(c), 0) + (actions ? actionsWidth : 0);
  const count = selected.length;
  const allSelected = records.length > 0 && records.every((r) => selected.includes(r.id));
  const header = (index: number): CSSProperties | undefined =>
    index === 0 ? stickyLeft(CHECK_WIDTH, true) : undefined;
  const cell = (index: number): CSSProperties | undefined => (index === 0 ? stickyLeft(CHECK_WIDTH, false) : undefined);
  return (
    <div
      data-list-table
      style={{
        position: 'relative',
        overflow: 'auto',
        // the header stays in view while the rows scroll inside the area below the filters
        maxHeight: 'max(360px, calc(100dvh - 220px))',
      }}
    >
      {/* the first load shows skeleton rows instead (SkeletonRows below); a reload keeps the rows under the overlay */}
      <LoadingOverlay visible={loading && records.length > 0} />
      <Table
        striped
        highlightOnHover
        withTableBorder
        stickyHeader
        style={{ tableLayout: 'fixed', width: `max(100%, ${Math.max(tableWidth, minWidth ?? 0)}px)` }}
      >
        {/* the fixed layout reads the widths from the columns */}
        <colgroup>
          <col style={{ width: CHECK_WIDTH }} />
          {columns.map((column) => (
            <col key={column.key} style={{ width: widthOf(column) }} />
          ))}
          {actions && <col style={{ width: actionsWidth }} />}
        </colgroup>
        <Table.Thead style={{ zIndex: 4 }}>
          <Table.Tr>
            <Table.Th style={{ width: CHECK_WIDTH, ...stickyLeft(0, true) }}>
              <Checkbox
                aria-label="select all"
                checked={allSelected}
                indeterminate={count > 0 && !allSelected}
                onChange={onToggleAll}
              />
            </Table.Th>
            {columns.map((column, i) => (
              <Table.Th key={column.key} style={{ width: widthOf(column), ...ELLIPSIS, ...header(i) }}>
                {column.header ? column.header() : t(column.title)}
              </Table.Th>
            ))}
            {actions && (
              <Table.Th data-actions style={{ width: actionsWidth, ...stickyRight(true) }}>
                {t('common.operation')}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && records.length === 0 && <SkeletonRows columns={columns.length + (actions ? 2 : 1)} />}
          {records.map((row) => (
            <Table.Tr key={String(row.id)} data-row-id={String(row.id)}>
              <Table.Td style={stickyLeft(0, false)}>
                <Checkbox
                  aria-label={`select ${row.id}`}
                  checked={selected.includes(row.id)}
                  onChange={() => onToggle(row.id)}
                />
              </Table.Td>
              {columns.map((column, i) => (
                <Table.Td
                  key={column.key}
                  title={cellTitle(column, row, locale)}
                  style={column.kind === 'fold' ? cell(i) : { ...ELLIPSIS, ...cell(i) }}
                >
                  {renderCell(column, row, locale)}
                </Table.Td>
              ))}
              {actions && (
                <Table.Td data-actions style={stickyRight(false)}>
                  <Group gap="xs" wrap="nowrap">
                    {actions(row)}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!loading && records.length === 0 && (
        // beside the table, not in a cell as wide as all columns: centred in the part of the area one sees
        <Text data-empty c="dimmed" ta="center" py="lg" style={{ position: 'sticky', left: 0 }}>
          {t('common.noData')}
        </Text>
      )}
    </div>
  );
}
