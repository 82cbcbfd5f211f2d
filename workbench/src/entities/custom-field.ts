import { SummaryFieldType } from '@qcdesk/contracts';
import type { PickerDescription, PickerLoader } from '../entity/types';

/** A custom field (tickets spec §3): used by ticket templates and service summaries. */
export interface CustomFieldRecord {
  id: string;
  name: string;
  code: string;
  /** a value of dict-field-type (INPUT, PHONE, TEXTAREA, …) */
  type: string;
  modifyTime?: string | null;
}

/**
 * The field picker (qc-area §2 shared pieces, tickets spec "Custom fields"): search by keyword, code and type;
 * columns name, code, type. The server has no custom-field route yet, so the rows come from the caller's loader.
 */
export function customFieldPicker(load: PickerLoader<CustomFieldRecord>): PickerDescription<CustomFieldRecord> {
  return {
    title: 'field.pickerTitle',
    keyword: true,
    filters: [
      { key: 'code', label: 'field.code', kind: 'text' },
      { key: 'type', label: 'field.type', kind: 'select', dictionary: SummaryFieldType },
    ],
    columns: [
      { key: 'name', title: 'field.name' },
      { key: 'code', title: 'field.code' },
      { key: 'type', title: 'field.type', kind: 'dict', dictionary: SummaryFieldType },
    ],
    load,
  };
}
