import {
  Anchor,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { QuickDate } from '@qcdesk/contracts';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useApi } from '../api/api-context';
import { errorText } from '../api/client';
import { type DeletedState, type RecordId, resource } from '../api/resource';
import { useLoad } from '../api/use-load';
import { useCan } from '../auth/session-store';
import { useI18n } from '../i18n/locale-store';
import type { RouteLocation } from '../router/location';
import { navigate, useReloadToken } from '../router/router-store';
import { confirmAction } from '../ui/confirm';
import { FormErrorBanner } from '../ui/FormErrorBanner';
import { notifySuccess, notifyWarning } from '../ui/notify';
import { mayUse } from './access';
import { renderCell } from './cells';
import { FilterFields } from './FilterFields';
import { type EntityDescription, type EntityRecord, filterDefaults, type ToolbarButton } from './types';

const DEFAULT_PAGE_SIZES = [10, 20, 30, 50, 100] as const;

/** The row actions' column: as wide as its buttons (the 1% shrinks it to them), never wrapping a label. */
const ACTIONS_COLUMN = { width: '1%', whiteSpace: 'nowrap' } as const;

export interface EntityListProps<R extends EntityRecord> {
  description: EntityDescription<R>;
  location: RouteLocation;
  /** more toolbar buttons, given the selected ids (and the rows on screen, and a way to reload the list) */
  extraActions?: (selected: readonly RecordId[], context: ListContext<R>) => ReactNode;
  /** more body filters set outside the search row (status radios, quick dates, sorts); a change reloads */
  baseFilters?: Readonly<Record<string, unknown>>;
  /** shown above the search row (e.g. radio filters with counts) */
  toolbar?: ReactNode;
  /** more inputs in the search row, applied by the caller through `onSearch` / cleared through `onReset` */
  searchFields?: ReactNode;
  onSearch?: () => void;
  onReset?: () => void;
}

/** What row actions and extra toolbar buttons may use besides the row. */
export interface ListContext<R> {
  records: readonly R[];
  reload: () => void;
}

/**
 * The list screen of any entity description: tabs, NONE/TRASH views, keyword and filters, paging, row
 * selection, bulk delete/restore/empty/activate/deactivate with confirmations, and reload on `_reload=list`.
 */
export function EntityList<R extends EntityRecord>({
  description: d,
  location,
  extraActions,
  baseFilters,
  toolbar,
  searchFields,
  onSearch,
  onReset,
}: EntityListProps<R>) {
  const client = useApi();
  const api = useMemo(() => resource<R>(client, d.api.base, { detailParam: d.api.detailParam }), [client, d]);
  const { t, m, locale, label } = useI18n();
  const can = useCan();
  const reloadToken = useReloadToken();

  const deleted: DeletedState = d.softDelete && location.query.deleted === 'TRASH' ? 'TRASH' : 'NONE';
  const tabValue = d.tabs ? (location.query[d.tabs.param] ?? d.tabs.defaultValue) : undefined;
  const pageSizes = d.pageSizes ?? DEFAULT_PAGE_SIZES;

  const [draft, setDraft] = useState<Record<string, string>>(() => filterDefaults(d.filters));
  const [applied, setApplied] = useState<Record<string, string>>(() => filterDefaults(d.filters));
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(d.defaultPageSize ?? 20);
  // a failed bulk action; a failed load is the loader's own error
  const [actionError, setActionError] = useState<string | null>(null);
  const [selected, setSelected] = useState<RecordId[]>([]);
  const [localReload, setLocalReload] = useState(0);
  const [quickDate, setQuickDate] = useState<QuickDate | undefined>(d.quickDate?.defaultValue);
  const baseKey = JSON.stringify(baseFilters ?? {});

  // A new view (tab, trash) starts on page 1 with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset exactly when the view changes
  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [deleted, tabValue]);

  const filters = useMemo(() => {
    const body: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(applied)) if (value.trim() !== '') body[key] = value.trim();
    if (d.softDelete) body.deleted = deleted;
    if (d.tabs && tabValue) body[d.tabs.param] = tabValue;
    if (d.quickDate && quickDate) body[d.quickDate.param ?? 'quickDate'] = quickDate;
    return Object.assign(body, JSON.parse(baseKey) as Record<string, unknown>);
  }, [applied, d, deleted, tabValue, quickDate, baseKey]);
  const loaded = useLoad(
    () => {
      // a new load replaces the message of a failed bulk action
      setActionError(null);
      return api.page({ page, size, filters, fields: d.fields });
    },
    [api, page, size, filters, reloadToken, localReload],
    {
      // keep only selections still on screen
      onLoad: (answer) => setSelected((ids) => ids.filter((id) => answer.records.some((r) => r.id === id))),
    },
  );
  const { data, loading } = loaded;
  const error = actionError ?? loaded.error;

  const records = data?.records ?? [];
  const allSelected = records.length > 0 && records.every((r) => selected.includes(r.id));

  const toggleAll = () => {
    if (records.length === 0) {
      notifyWarning(m('common.selectRecord'));
      return;
    }
    setSelected(allSelected ? [] : records.map((r) => r.id));
  };
  const toggle = (id: RecordId) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  const bulk = async (question: string, run: (ids: RecordId[]) => Promise<void>) => {
    if (selected.length === 0) {
      notifyWarning(m('common.selectRecord'));
      return;
    }
    if (!(await confirmAction(question))) return;
    setActionError(null);
    try {
      await run(selected);
      notifySuccess();
      setSelected([]);
      setLocalReload((n) => n + 1);
    } catch (e) {
      setActionError(errorText(e));
    }
  };
  const count = selected.length;
  const moveTo = (
    target: DeletedState,
    key: 'common.confirmDelete' | 'common.confirmRestore' | 'common.confirmEmpty',
  ) => bulk(t(key, { count }), (ids) => api.remove(ids, target));
  const setStatus = (status: string, action: string) =>
    bulk(t('common.confirmStatus', { action, count }), (ids) => api.setStatus(ids, status));

  const setQuery = useCallback(
    (change: Record<string, string | undefined>) =>
      navigate(location.path, { ...location.query, ...change, _reload: undefined }),
    [location],
  );

  const search = () => {
    onSearch?.();
    setApplied(draft);
    setPage(1);
    setLocalReload((n) => n + 1);
  };
  const reset = () => {
    onReset?.();
    setDraft(filterDefaults(d.filters));
    setApplied(filterDefaults(d.filters));
    setQuickDate(d.quickDate?.defaultValue);
    setPage(1);
  };

  const listContext: ListContext<R> = { records, reload: () => setLocalReload((n) => n + 1) };
  const activateTip = d.status?.activateTip?.(location.query) ?? null;
  const tabCounts = d.tabs?.counts && data ? d.tabs.counts(data) : null;
  const tabLabel = (value: string) => {
    const text = d.tabs!.label ? t(d.tabs!.label(value)) : label(d.tabs!.dictionary, value);
    const n = tabCounts?.[value];
    return n === undefined ? text : `${text}(${n})`;
  };
  const toolbarButtons = (buttons: readonly ToolbarButton<R>[] | undefined) =>
    (buttons ?? [])
      .filter((b) => b.access === undefined || mayUse(can, d.api.base, b.access))
      .map((b) => (
        <Button
          key={b.label}
          variant="light"
          onClick={() => {
            if (b.needsSelection && selected.length === 0) {
              notifyWarning(m('common.selectRecord'));
              return;
            }
            void b.run(selected, { client, ...listContext });
          }}
        >
          {t(b.label)}
        </Button>
      ));
  const actionsCol = (d.rowActions?.length ?? 0) > 0;

  return (
    <Stack gap="sm" pos="relative">
      {d.tabs && (
        <Tabs value={tabValue} onChange={(value) => value && setQuery({ [d.tabs!.param]: value })}>
          <Tabs.List>
            {d.tabs.dictionary.values.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {tabLabel(value)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {d.softDelete && (
        <SegmentedControl
          w="fit-content"
          value={deleted}
          onChange={(value) => setQuery({ deleted: value })}
          data={[
            { value: 'NONE', label: t('common.listView') },
            { value: 'TRASH', label: t('common.trashView') },
          ]}
        />
      )}
      {toolbar}
      {d.quickDate && (
        <SegmentedControl
          w="fit-content"
          aria-label={t('common.quickDate')}
          value={quickDate ?? d.quickDate.defaultValue}
          onChange={(value) => {
            setQuickDate(value as QuickDate);
            setPage(1);
          }}
          data={QuickDate.values.map((value) => ({ value, label: label(QuickDate, value) }))}
        />
      )}
      <Group gap="xs" align="flex-end">
        <FilterFields keyword={d.keyword} filters={d.filters} draft={draft} onChange={setDraft} onSubmit={search} />
        {searchFields}
        <Button leftSection={<IconSearch size={16} />} onClick={search}>
          {t('common.search')}
        </Button>
        <Button variant="default" onClick={reset}>
          {t('common.reset')}
        </Button>
      </Group>
      <Group gap="xs">
        {deleted === 'NONE' && toolbarButtons(d.toolbar?.left)}
        {deleted === 'NONE' && d.create && mayUse(can, d.api.base, 'create') && (
          <Button
            onClick={() => {
              const target = d.create!(location.query);
              navigate(target.path, target.query);
            }}
          >
            {t('common.create')}
          </Button>
        )}
        {deleted === 'NONE' && d.status && mayUse(can, d.api.base, 'status') && (
          <>
            <Tooltip label={activateTip} disabled={!activateTip} withArrow>
              <Button variant="light" onClick={() => setStatus(d.status!.active, t('common.activate'))}>
                {t('common.activate')}
              </Button>
            </Tooltip>
            <Button variant="light" color="gray" onClick={() => setStatus(d.status!.inactive, t('common.deactivate'))}>
              {t('common.deactivate')}
            </Button>
          </>
        )}
        {deleted === 'NONE' && d.softDelete && mayUse(can, d.api.base, 'delete') && (
          <Button variant="light" color="red" onClick={() => moveTo('TRASH', 'common.confirmDelete')}>
            {t('common.delete')}
          </Button>
        )}
        {deleted === 'TRASH' && mayUse(can, d.api.base, 'delete') && (
          <>
            <Button variant="light" onClick={() => moveTo('NONE', 'common.confirmRestore')}>
              {t('common.restore')}
            </Button>
            <Button variant="light" color="red" onClick={() => moveTo('BUFFER', 'common.confirmEmpty')}>
              {t('common.empty')}
            </Button>
          </>
        )}
        {extraActions?.(selected, listContext)}
        {count > 0 && (
          <Text size="sm" c="dimmed">
            {t('common.selected', { count })}
          </Text>
        )}
        {deleted === 'NONE' && (d.toolbar?.right?.length ?? 0) > 0 && (
          <Group gap="xs" ml="auto" data-toolbar="right">
            {toolbarButtons(d.toolbar?.right)}
          </Group>
        )}
      </Group>
      <FormErrorBanner error={error} />
      <div style={{ position: 'relative', overflowX: d.minTableWidth ? 'auto' : undefined }}>
        <LoadingOverlay visible={loading} />
        <Table striped highlightOnHover withTableBorder miw={d.minTableWidth}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="select all"
                  checked={allSelected}
                  indeterminate={count > 0 && !allSelected}
                  onChange={toggleAll}
                />
              </Table.Th>
              {d.columns.map((column) => (
                <Table.Th key={column.key} w={column.width}>
                  {column.header ? column.header() : t(column.title)}
                </Table.Th>
              ))}
              {actionsCol && (
                <Table.Th data-actions style={ACTIONS_COLUMN}>
                  {t('common.operation')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((row) => (
              <Table.Tr key={String(row.id)} data-row-id={String(row.id)}>
                <Table.Td>
                  <Checkbox
                    aria-label={`select ${row.id}`}
                    checked={selected.includes(row.id)}
                    onChange={() => toggle(row.id)}
                  />
                </Table.Td>
                {d.columns.map((column) => (
                  <Table.Td key={column.key}>{renderCell(column, row, locale)}</Table.Td>
                ))}
                {actionsCol && (
                  <Table.Td data-actions style={ACTIONS_COLUMN}>
                    <Group gap="xs" wrap="nowrap">
                      {d
                        .rowActions!.filter((a) => can(a.permission) && (a.visible?.(row) ?? true))
                        .map((a) => (
                          <Anchor
                            key={a.label}
                            component="button"
                            type="button"
                            onClick={() => {
                              if (a.run) {
                                void a.run(row, { client, ...listContext });
                                return;
                              }
                              const target = a.to?.(row);
                              if (target) navigate(target.path, target.query);
                            }}
                          >
                            {t(a.label)}
                          </Anchor>
                        ))}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
            {!loading && records.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={d.columns.length + (actionsCol ? 2 : 1)}>
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
          {t('common.total', { total: data?.total ?? 0 })}
        </Text>
        <Group gap="xs">
          <Pagination
            total={Math.max(1, Math.ceil((data?.total ?? 0) / size))}
            value={page}
            onChange={setPage}
            size="sm"
          />
          <Select
            aria-label="page size"
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
    </Stack>
  );
}
