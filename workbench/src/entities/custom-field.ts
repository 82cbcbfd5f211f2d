import { type CustomField, customFieldContract, SummaryFieldType } from '@qcdesk/contracts';
import type { ApiClient } from '../api/client';
import { resource } from '../api/resource';
import { contractApi } from '../entity/access';
import type { EntityDescription, PickerDescription, PickerLoader, RouteTarget } from '../entity/types';

export const FIELD_LIST_PATH = '/field/list';
export const FIELD_CONFIG_PATH = '/field/config';

/** A custom field as the picker and the lists show it (tickets spec §3): name, code, type, last change. */
export interface CustomFieldRecord {
  id: string;
  name: string;
  code: string;
  /** a value of dict-field-type (INPUT, PHONE, TEXTAREA, …) */
  type: string;
  modifyTime?: string | null;
}

/** /field/config?id={id}&_modal=large (the name's link and the edit action); without an id it creates one. */
export function fieldConfigTarget(id?: string): RouteTarget {
  return { path: FIELD_CONFIG_PATH, query: { id, _modal: 'large' } };
}

/** The columns the list and the picker share: name, code, type. */
const NAME_CODE_TYPE = [
  { key: 'code', title: 'field.code', width: 180 },
  { key: 'type', title: 'field.type', kind: 'dict', dictionary: SummaryFieldType, width: 140 },
] as const;

/**
 * Custom fields (tickets spec "Custom fields"): keyword (name), code and type search; name (opens the config modal),
 * code, type and last change; two-stage deletion with the trash, restore and empty.
 */
export const customFieldDescription: EntityDescription<CustomField> = {
  name: 'custom-field',
  title: 'field.title',
  api: contractApi(customFieldContract),
  listPath: FIELD_LIST_PATH,
  softDelete: true,
  keyword: true,
  filters: [
    { key: 'code', label: 'field.code', kind: 'text' },
    { key: 'type', label: 'field.type', kind: 'select', dictionary: SummaryFieldType },
  ],
  columns: [
    { key: 'name', title: 'field.name', width: 220, link: (row) => fieldConfigTarget(row.id) },
    ...NAME_CODE_TYPE,
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  fields: ['id', 'name', 'code', 'type', 'modifyTime'],
  create: () => fieldConfigTarget(),
  rowActions: [
    { label: 'common.edit', permission: customFieldContract.keys.edit, to: (row) => fieldConfigTarget(row.id) },
  ],
};

/**
 * The field picker (qc-area §2 shared pieces, tickets spec "Custom fields"): search by keyword, code and type;
 * columns name, code, type; its rows from `load` (the custom-field page call, or a fake in tests).
 */
export function customFieldPicker(load: PickerLoader<CustomFieldRecord>): PickerDescription<CustomFieldRecord> {
  return {
    title: 'field.pickerTitle',
    keyword: true,
    filters: [
      { key: 'code', label: 'field.code', kind: 'text' },
      { key: 'type', label: 'field.type', kind: 'select', dictionary: SummaryFieldType },
    ],
    columns: [{ key: 'name', title: 'field.name' }, ...NAME_CODE_TYPE],
    load,
  };
}

/** The picker's source: the organisation's live custom fields, a page at a time (`/v3/feed/field/page`). */
export function customFieldPage(client: ApiClient): PickerLoader<CustomFieldRecord> {
  const api = resource<CustomField>(client, customFieldContract.base, customFieldContract);
  return async ({ page, size, keyword, filters }) => {
    const answer = await api.page({
      page,
      size,
      filters: { ...filters, ...(keyword ? { keyword } : {}) },
      fields: ['id', 'name', 'code', 'type'],
    });
    return { records: answer.records, total: answer.total };
  };
}
