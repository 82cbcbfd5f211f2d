import { Anchor, Button, Group, Pagination, SegmentedControl, Select, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { QuickDate } from '@qcdesk/contracts';
import { IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../api/api-context';
import { API_CALL_SCHEMAS } from '../api/calls';
import { errorText } from '../api/client';
import { type DeletedState, type Page, type RecordId, resource } from '../api/resource';
import { useLoad } from '../api/use-load';
import { useCan } from '../auth/session-store';
import { useI18n } from '../i18n/locale-store';
import {
  changedList,
  decodeList,
  decodePaging,
  encodeList,
  encodePaging,
  type ListField,
  SIZE_KEY,
} from '../router/list-state';
import type { RouteLocation } from '../router/location';
import { navigate, useReloadToken } from '../router/router-store';
import { confirmAction } from '../ui/confirm';
import { FormErrorBanner } from '../ui/FormErrorBanner';
import { notifySuccess, notifyWarning } from '../ui/notify';
import { mayUse } from './access';
import { ColumnChooser } from './ColumnChooser';
import { useHiddenColumns } from './column-choice';
import { FilterFields, foldsFilters } from './FilterFields';
import { type FilterTag, FilterTags } from './FilterTags';
import {
  checkFilters,
  FilterErrorScope,
  type FilterProblems,
  filterProblems,
  useFilterErrorHost,
} from './filter-errors';
import { ListTable } from './ListTable';
import type { EntityDescription, EntityRecord, FormBodyCheck, ToolbarButton } from './types';

const DEFAULT_PAGE_SIZES = [10, 20, 30, 50, 100] as const;

/** What a list shows while its filters cannot match: no rows. */
function emptyPage<R>(page: number, size: number): Page<R> {
  return { records: [], total: 0, page, size };
}

export interface EntityListProps<R extends EntityRecord> {
  description: EntityDescription<R>;
  location: RouteLocation;
  /** more toolbar buttons, given the selected ids (and the rows on screen, and a way to reload the list) */
  extraActions?: (selected: readonly RecordId[], context: ListContext<R>) => ReactNode;
  /** more body filters set outside the search row (status radios, quick dates, sorts); a change reloads */
  baseFilters?: Readonly<Record<string, unknown>>;
  /** shown above the search row (e.g. radio filters with counts) */
  toolbar?: ReactNode;
  /** more inputs beside the most used filters, applied by the caller through `onSearch` / cleared through `onReset` */
  searchFields?: ReactNode;
  /** more inputs folded under 展开 with the filters not marked `primary` */
  moreSearchFields?: ReactNode;
  /** 搜索: the caller's own inputs as query entries (its place in the address), merged into the list's */
  // biome-ignore lint/suspicious/noConfusingVoidType: a caller that keeps its inputs itself returns nothing
  onSearch?: () => Readonly<Record<string, string | undefined>> | void;
  onReset?: () => void;
  /** query entries 重置 keeps besides the view (tab, trash) and page size, e.g. a status radio */
  keepOnReset?: readonly string[];
  /** the caller's active filters as removable tags, beside the list's own */
  extraTags?: readonly FilterTag[];
}

/** What row actions and extra toolbar buttons may use besides the row. */
export interface ListContext<R> {
  records: readonly R[];
  reload: () => void;
}

/** The keyword and the description's filters, as they sit in the query. */
function filterFields(d: EntityDescription<EntityRecord>): ListField[] {
  const fields: ListField[] = d.filters.map((f) => ({ key: f.key, defaultValue: f.defaultValue }));
  return d.keyword ? [{ key: 'keyword' }, ...fields] : fields;
}

/** The contract check of a list's page body: the description's own, else its entity contract's filter schema. */
function pageCheck(d: EntityDescription<EntityRecord>): ((body: Record<string, unknown>) => FormBodyCheck) | undefined {
  if (d.filterCheck) return d.filterCheck;
  const schema = API_CALL_SCHEMAS[`${d.api.base}/page`]?.body;
  return schema ? (body) => schema.safeParse(body) as FormBodyCheck : undefined;
}

/** About how wide a label is drawn (px): a Chinese character 14, a Latin one 8. */
function labelWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ch.charCodeAt(0) > 0x2e80 ? 14 : 8;
  return width;
}

/**
 * The list screen of any entity description: tabs, NONE/TRASH views, keyword and filters (the most used shown, the
 * rest folded), active filters as tags, paging, a column chooser, row selection, bulk delete/restore/empty/activate/
 * deactivate with confirmations, and reload on `_reload=list`. Its place (filters, quick date, page, page size, view)
 * is the route's query (router/list-state.ts), so reload, back/forward and the side menu bring it back.
 */
export function EntityList<R extends EntityRecord>({
  description: d,
  location,
  extraActions,
  baseFilters,
  toolbar,
  searchFields,
  moreSearchFields,
  onSearch,
  onReset,
  keepOnReset,
  extraTags,
}: EntityListProps<R>) {
  const client = useApi();
  const api = useMemo(() => resource<R>(client, d.api.base, { detailParam: d.api.detailParam }), [client, d]);
  const { t, m, label, locale } = useI18n();
  const can = useCan();
  const reloadToken = useReloadToken();

  const deleted: DeletedState = d.softDelete && location.query.deleted === 'TRASH' ? 'TRASH' : 'NONE';
  const tabValue = d.tabs ? (location.query[d.tabs.param] ?? d.tabs.defaultValue) : undefined;
  const pageSizes = d.pageSizes ?? DEFAULT_PAGE_SIZES;
  const defaultSize = d.defaultPageSize ?? 20;
  const fields = useMemo(() => filterFields(d as unknown as EntityDescription<EntityRecord>), [d]);
  const check = useMemo(() => pageCheck(d as unknown as EntityDescription<EntityRecord>), [d]);

  // the applied filters and paging are the query's; only what is typed before 搜索 is held here
  const appliedKey = JSON.stringify(decodeList(location.query, fields));
  const applied = useMemo(() => JSON.parse(appliedKey) as Record<string, string>, [appliedKey]);
  const { page, size } = decodePaging(location.query, defaultSize, pageSizes);
  const quickParam = d.quickDate?.param ?? 'quickDate';
  const quickDate = d.quickDate
    ? ((location.query[quickParam] as QuickDate | undefined) ?? d.quickDate.defaultValue)
    : undefined;
  const [draft, setDraft] = useState<Record<string, string>>(applied);
  // back/forward or a removed tag changes the applied filters: the inputs show them again
  useEffect(() => setDraft(applied), [applied]);
  const [expanded, setExpanded] = useState(false);
  const [hidden, setHidden] = useHiddenColumns(d.name);
  // a failed bulk action; a failed load is the loader's own error
  const [actionError, setActionError] = useState<string | null>(null);
  const [selected, setSelected] = useState<RecordId[]>([]);
  const [localReload, setLocalReload] = useState(0);
  const baseKey = JSON.stringify(baseFilters ?? {});

  // A new view (tab, trash) starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset exactly when the view changes
  useEffect(() => {
    setSelected([]);
  }, [deleted, tabValue]);

  const filters = useMemo(() => {
    const body: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(applied)) if (value.trim() !== '') body[key] = value.trim();
    if (d.softDelete) body.deleted = deleted;
    if (d.tabs && tabValue) body[d.tabs.param] = tabValue;
    if (d.quickDate && quickDate) body[quickParam] = quickDate;
    return Object.assign(body, JSON.parse(baseKey) as Record<string, unknown>);
  }, [applied, d, deleted, tabValue, quickDate, quickParam, baseKey]);
  // filters that cannot match (issue 15, defect 10): said at their inputs, found by the contract before the call or
  // by the server's 400; the list shows no rows meanwhile
  const [problems, setProblems] = useState<FilterProblems | null>(null);
  const loadRound = useRef(0);
  const loaded = useLoad(
    async () => {
      // a new load replaces the message of a failed bulk action
      setActionError(null);
      const round = ++loadRound.current;
      const settle = (found: FilterProblems | null) => round === loadRound.current && setProblems(found);
      const body = d.fields ? { ...filters, fields: d.fields } : filters;
      const refused = checkFilters(check, body, locale);
      settle(refused);
      if (refused) return emptyPage<R>(page, size);
      try {
        return await api.page({ page, size, filters, fields: d.fields });
      } catch (e) {
        const named = filterProblems(e);
        if (named === null) throw e;
        settle(named);
        return emptyPage<R>(page, size);
      }
    },
    [api, page, size, filters, reloadToken, localReload],
    {
      // keep only selections still on screen
      onLoad: (answer) => setSelected((ids) => ids.filter((id) => answer.records.some((r) => r.id === id))),
    },
  );
  const { data, loading } = loaded;
  const error = actionError ?? loaded.error;
  const filterErrors = useFilterErrorHost(problems);
  const unshownKey = JSON.stringify(filterErrors.unshown);
  // a problem at a folded filter unfolds the filters, once for each new set of problems (the user may fold again)
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the problems change, not when the fold does
  useEffect(() => {
    if (Object.keys(JSON.parse(unshownKey) as FilterProblems).length > 0) setExpanded(true);
  }, [problems]);

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

  /** A new place of the list: a history entry of its own, so back returns to the one before. */
  const setQuery = useCallback(
    (change: Readonly<Record<string, string | undefined>>) => navigate(location.path, changedList(location, change)),
    [location],
  );

  const search = () => {
    const own: Record<string, string> = {};
    for (const [key, value] of Object.entries(draft)) own[key] = value.trim();
    setQuery({ ...encodeList(own, fields), ...(onSearch?.() ?? {}) });
    // the same filters again still reload (new rows may have come in)
    setLocalReload((n) => n + 1);
  };
  const reset = () => {
    onReset?.();
    const keep = new Set<string>(['deleted', SIZE_KEY, ...(d.tabs ? [d.tabs.param] : []), ...(keepOnReset ?? [])]);
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(location.query)) if (keep.has(key)) query[key] = value;
    setDraft(decodeList({}, fields) as Record<string, string>);
    navigate(location.path, query);
  };

  const tags: FilterTag[] = [];
  if (d.keyword && applied.keyword)
    tags.push({ key: 'keyword', label: t('common.keyword'), value: applied.keyword, remove: { keyword: undefined } });
  for (const filter of d.filters) {
    const value = applied[filter.key] ?? '';
    if (value === '' || value === (filter.defaultValue ?? '')) continue;
    tags.push({
      key: filter.key,
      label: t(filter.label),
      value: filter.kind === 'select' && filter.dictionary ? label(filter.dictionary, value) : value,
      // a library (censorBan) is named from its directory too
      directory:
        filter.kind === 'directory' ? filter.directory : filter.kind === 'censorBan' ? 'CENSOR_BAN' : undefined,
      remove: { [filter.key]: undefined },
    });
  }
  tags.push(...(extraTags ?? []));
  const folds = foldsFilters(d.filters) || moreSearchFields !== undefined;

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
  const rowActions = d.rowActions ?? [];
  const actionsWidth = 32 + rowActions.reduce((w, a) => w + labelWidth(t(a.label)) + 12, 0);
  const rowButtons = (row: R) =>
    rowActions
      .filter((a) => can(a.permission) && (a.visible?.(row) ?? true))
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
      ));
  const filterProps = { keyword: d.keyword, filters: d.filters, draft, onChange: setDraft, onSubmit: search };
  const folded = folds && !expanded;
  // a problem of a field no input on screen sets (not one waiting for the fold to open): its words in the banner
  const aside = folded ? null : Object.values(JSON.parse(unshownKey) as FilterProblems).join('；') || null;

  return (
    <Stack gap="xs" pos="relative">
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
          onChange={(value) => setQuery({ deleted: value === 'NONE' ? undefined : value })}
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
          onChange={(value) => setQuery({ [quickParam]: value === d.quickDate!.defaultValue ? undefined : value })}
          data={QuickDate.values.map((value) => ({ value, label: label(QuickDate, value) }))}
        />
      )}
      <FilterErrorScope value={filterErrors.context}>
        <Group gap="xs" align="flex-end">
          <FilterFields {...filterProps} part={folds ? 'primary' : 'all'} />
          {searchFields}
          {!folds && moreSearchFields}
          <Button leftSection={<IconSearch size={16} />} onClick={search}>
            {t('common.search')}
          </Button>
          <Button variant="default" onClick={reset}>
            {t('common.reset')}
          </Button>
          {folds && (
            <Button
              variant="subtle"
              aria-expanded={expanded}
              rightSection={expanded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
              onClick={() => setExpanded((e) => !e)}
            >
              {expanded ? t('common.collapseFilters') : t('common.expandFilters')}
            </Button>
          )}
        </Group>
        {folds && expanded && (
          <Group gap="xs" align="flex-end" data-more-filters>
            <FilterFields {...filterProps} part="more" />
            {moreSearchFields}
          </Group>
        )}
      </FilterErrorScope>
      <FilterTags tags={tags} onRemove={setQuery} />
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
        {deleted === 'TRASH' && mayUse(can, d.api.base, 'restore') && (
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
        <Group gap="xs" ml="auto" data-toolbar="right">
          {deleted === 'NONE' && toolbarButtons(d.toolbar?.right)}
          <ColumnChooser columns={d.columns} hidden={hidden} onChange={setHidden} />
        </Group>
      </Group>
      {/* 重试 runs the list's load again; a failed bulk action is retried by doing it again */}
      <FormErrorBanner error={error ?? aside} onRetry={actionError || !error ? undefined : loaded.reload} />
      <ListTable
        columns={d.columns.filter((c) => !hidden.includes(c.key))}
        records={records}
        loading={loading}
        selected={selected}
        onToggle={toggle}
        onToggleAll={toggleAll}
        actions={rowActions.length > 0 ? rowButtons : null}
        actionsWidth={actionsWidth}
        minWidth={d.minTableWidth}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('common.total', { total: data?.total ?? 0 })}
        </Text>
        <Group gap="xs">
          <Pagination
            total={Math.max(1, Math.ceil((data?.total ?? 0) / size))}
            value={page}
            onChange={(next) => setQuery(encodePaging(next, size, defaultSize))}
            size="sm"
          />
          <Select
            aria-label={t('common.pageSize')}
            w={90}
            size="xs"
            allowDeselect={false}
            data={pageSizes.map((s) => ({ value: String(s), label: `${s}` }))}
            value={String(size)}
            onChange={(value) => setQuery(encodePaging(1, Number(value), defaultSize))}
          />
        </Group>
      </Group>
    </Stack>
  );
}
