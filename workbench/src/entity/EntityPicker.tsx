import { Button, Checkbox, Group, LoadingOverlay, Modal, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { LIMITS } from '@qcdesk/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../api/client';
import type { RecordId } from '../api/resource';
import { useLoad } from '../api/use-load';
import { useI18n } from '../i18n/locale-store';
import { confirmAction } from '../ui/confirm';
import { FormErrorBanner } from '../ui/FormErrorBanner';
import { notifyWarning } from '../ui/notify';
import { renderCell } from './cells';
import { FilterFields } from './FilterFields';
import { type EntityRecord, filterDefaults, type PickerDescription } from './types';

export interface EntityPickerProps<R extends EntityRecord> {
  description: PickerDescription<R>;
  opened: boolean;
  onClose: () => void;
  /**
   * the chosen rows. `multiple` (default): several rows, across pages, confirmed with 确定; otherwise clicking a row
   * picks it. A rejected promise is shown in the picker's banner and keeps it open.
   */
  onPick: (records: R[]) => void | Promise<void>;
  multiple?: boolean;
  /** rows already chosen elsewhere (e.g. fields already on a template): shown ticked, not choosable again */
  takenIds?: readonly RecordId[];
  /** the warning of confirming with nothing chosen (default 请选择记录; linking rules says 请选择检测规则) */
  emptyMessage?: string;
  /** the modal's title instead of the description's (e.g. naming the angle rules are linked to) */
  title?: string;
  /** select-all asks first with this question for the rows it would choose (the spec's fields and templates) */
  confirmSelectAll?: (count: number) => string;
  /** the table's fixed height in px, scrolling within (the spec's template picker: 500); otherwise as tall as its rows */
  tableHeight?: number;
}

/**
 * The picker modal of the spec's shared pieces: keyword and filters, a page of rows (10 by default, 10/20/30/100),
 * clicking a row selects it, a select-all for the page that with no records warns 请选择记录, and confirm.
 */
export function EntityPicker<R extends EntityRecord>({
  description: d,
  opened,
  onClose,
  onPick,
  multiple = true,
  takenIds = [],
  emptyMessage,
  title,
  confirmSelectAll,
  tableHeight,
}: EntityPickerProps<R>) {
  const { t, m, locale } = useI18n();
  const pageSizes = d.pageSizes ?? LIMITS.pickerPageSizes;
  const [draft, setDraft] = useState<Record<string, string>>(() => filterDefaults(d.filters));
  const [applied, setApplied] = useState<Record<string, string>>(() => filterDefaults(d.filters));
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(d.defaultPageSize ?? LIMITS.pickerPageSize);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlyMap<RecordId, R>>(new Map());
  const [saving, setSaving] = useState(false);

  const loaded = useLoad(
    () => {
      setError(null);
      const { keyword, ...filters } = applied;
      return d.load({ page, size, filters, ...(keyword ? { keyword } : {}) });
    },
    [d, page, size, applied],
    { enabled: opened, onError: setError },
  );
  const records = loaded.data?.records ?? [];
  const total = loaded.data?.total ?? 0;
  const loading = opened && loaded.loading;

  const taken = (row: R) => takenIds.includes(row.id);
  const choosable = records.filter((row) => !taken(row));
  const allChosen = choosable.length > 0 && choosable.every((row) => chosen.has(row.id));

  const search = () => {
    const trimmed: Record<string, string> = {};
    for (const [key, value] of Object.entries(draft)) if (value.trim() !== '') trimmed[key] = value.trim();
    setApplied(trimmed);
    setPage(1);
  };
  const reset = () => {
    setDraft(filterDefaults(d.filters));
    setApplied(filterDefaults(d.filters));
    setPage(1);
  };

  const pick = async (rows: R[]) => {
    setSaving(true);
    setError(null);
    try {
      await onPick(rows);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const click = (row: R) => {
    if (taken(row)) return;
    if (!multiple) {
      void pick([row]);
      return;
    }
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  };

  const selectAll = async () => {
    if (choosable.length === 0) {
      notifyWarning(m('common.selectRecord'));
      return;
    }
    if (!allChosen && confirmSelectAll && !(await confirmAction(confirmSelectAll(choosable.length), { danger: false })))
      return;
    setChosen((current) => {
      const next = new Map(current);
      for (const row of choosable) {
        if (allChosen) next.delete(row.id);
        else next.set(row.id, row);
      }
      return next;
    });
  };

  const confirm = () => {
    if (chosen.size === 0) {
      notifyWarning(emptyMessage ?? m('common.selectRecord'));
      return;
    }
    void pick([...chosen.values()]);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t(d.title)} size="xl" zIndex={300}>
      <Stack gap="sm">
        <FormErrorBanner error={error} onClose={() => setError(null)} />
        <Group gap="xs" align="flex-end">
          <FilterFields keyword={d.keyword} filters={d.filters} draft={draft} onChange={setDraft} onSubmit={search} />
          <Button leftSection={<IconSearch size={16} />} onClick={search}>
            {t('common.search')}
          </Button>
          <Button variant="default" onClick={reset}>
            {t('common.reset')}
          </Button>
          {multiple && (
            <Button variant="light" onClick={() => void selectAll()}>
              {allChosen ? t('picker.unselectAll') : t('picker.selectAll')}
            </Button>
          )}
        </Group>
        <div
          data-testid="picker-table"
          style={{ position: 'relative', ...(tableHeight ? { height: tableHeight, overflowY: 'auto' } : {}) }}
        >
          <LoadingOverlay visible={loading} />
          <Table highlightOnHover withTableBorder stickyHeader={tableHeight !== undefined}>
            <Table.Thead>
              <Table.Tr>
                {multiple && <Table.Th w={40} />}
                {d.columns.map((column) => (
                  <Table.Th key={column.key} w={column.width}>
                    {t(column.title)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((row) => {
                const selected = taken(row) || chosen.has(row.id);
                return (
                  <Table.Tr
                    key={String(row.id)}
                    data-row-id={String(row.id)}
                    aria-selected={selected}
                    aria-disabled={taken(row) || undefined}
                    bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                    style={{ cursor: taken(row) ? 'not-allowed' : 'pointer' }}
                    onClick={() => click(row)}
                  >
                    {multiple && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`select ${row.id}`}
                          checked={selected}
                          disabled={taken(row)}
                          readOnly
                          tabIndex={-1}
                        />
                      </Table.Td>
                    )}
                    {d.columns.map((column) => (
                      <Table.Td key={column.key}>{renderCell(column, row, locale)}</Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
              {!loading && records.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={d.columns.length + (multiple ? 1 : 0)}>
                    <Text c="dimmed" ta="center">
                      {t('common.noData')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </div>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('common.total', { total })}
          </Text>
          <Group gap="xs">
            <Pagination total={Math.max(1, Math.ceil(total / size))} value={page} onChange={setPage} size="sm" />
            <Select
              aria-label={t('common.pageSize')}
              w={90}
              size="xs"
              allowDeselect={false}
              data={pageSizes.map((s) => ({ value: String(s), label: `${s}` }))}
              value={String(size)}
              onChange={(value) => {
                setSize(Number(value));
                setPage(1);
              }}
            />
          </Group>
        </Group>
        {multiple && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('common.selected', { count: chosen.size })}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button loading={saving} onClick={confirm}>
                {t('common.confirm')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
