import {
  DEFAULT_SUMMARY_TYPE,
  LineType,
  SUMMARY_LIMITS,
  type SummaryConfig,
  summaryConfigContract,
  summaryConfigSaveSchema,
} from '@qcdesk/contracts';
import type { ApiClient } from '../api/client';
import { resource } from '../api/resource';
import { contractApi } from '../entity/access';
import type { EntityDescriptionWithForm, FormOption, RouteTarget } from '../entity/types';

export const SUMMARY_LIST_PATH = '/csSummary/list';
export const SUMMARY_CREATE_PATH = '/csSummary/create';
export const SUMMARY_CONFIG_PATH = '/csSummary/config';

/** /csSummary/config?id={id}&_modal=large (the name's link, the edit action, and where a create goes on). */
export function summaryConfigTarget(id: string): RouteTarget {
  return { path: SUMMARY_CONFIG_PATH, query: { id, _modal: 'large' } };
}

/** The organisation's summaries not in the trash, by name (the line's summary select: the spec's top list). */
export async function summaryOptions(client: ApiClient): Promise<FormOption[]> {
  const summaries = await resource<SummaryConfig>(client, summaryConfigContract.base, summaryConfigContract).list({
    fields: ['id', 'name'],
  });
  return summaries.map((s) => ({ value: s.id, label: s.name ?? s.id }));
}

/**
 * Service summaries (online-service-config §2.9): keyword search, paging and row selection; name (opens the config
 * modal), the lines using it (first 3, then folded), type and last change; delete, restore and empty. The create
 * modal takes name and type and goes on to the config, where the fields are chosen and ordered.
 */
export const summaryConfigDescription: EntityDescriptionWithForm<SummaryConfig> = {
  name: 'summary-config',
  title: 'summary.title',
  api: contractApi(summaryConfigContract),
  listPath: SUMMARY_LIST_PATH,
  softDelete: true,
  keyword: true,
  filters: [],
  columns: [
    { key: 'name', title: 'common.name', width: 220, link: (row) => summaryConfigTarget(row.id) },
    {
      key: 'lines',
      title: 'summary.lines',
      kind: 'fold',
      fold: { limit: 3, label: (line) => (line as { lineName: string }).lineName },
    },
    { key: 'type', title: 'common.type', kind: 'tag', dictionary: LineType, width: 100 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  fields: ['id', 'name', 'lines', 'type', 'modifyTime'],
  create: () => ({ path: SUMMARY_CREATE_PATH, query: { _modal: 'small' } }),
  rowActions: [
    {
      label: 'common.edit',
      permission: summaryConfigContract.keys.edit,
      to: (row) => summaryConfigTarget(row.id),
    },
  ],
  form: {
    permission: summaryConfigContract.keys.edit,
    fields: [
      {
        key: 'name',
        kind: 'text',
        label: 'common.name',
        required: true,
        requiredMessage: 'summary.nameRequired',
        maxLength: SUMMARY_LIMITS.nameMax,
      },
      // never empty: a new summary starts ONLINE (the save falls back to it)
      { key: 'type', kind: 'select', label: 'common.type', dictionary: LineType },
    ],
    defaults: () => ({ type: DEFAULT_SUMMARY_TYPE }),
    toBody: (values) => ({
      name: typeof values.name === 'string' ? values.name.trim() : values.name,
      type: values.type || DEFAULT_SUMMARY_TYPE,
    }),
    check: (body) => summaryConfigSaveSchema.safeParse(body),
    // the create (small modal) goes on to the config (large modal), where the fields are chosen
    afterSave: (id) => ({
      path: SUMMARY_CONFIG_PATH,
      query: { id: String(id), _modal: 'large', _reload: 'list' },
      replace: true,
    }),
  },
};
