import { entityContract } from '../crud/entity-contract.js';
import { customFieldFilterSchema, customFieldSaveSchema, customFieldSchema } from '../entities/custom-field.js';

/**
 * Custom fields (tickets spec "Custom fields"): the spec shows the list, config and delete but not their paths, so
 * the base is ours, beside the ticket area's other `/v3/feed` calls. csField.edit and csField.delete are the spec's,
 * the read key ours; two-stage deletion with the trash.
 */
export const customFieldContract = entityContract({
  base: '/v3/feed/field',
  name: { zh: '自定义字段', en: 'Custom field' },
  detailParam: 'fieldId',
  keys: { view: 'csField.view', edit: 'csField.edit', delete: 'csField.delete' },
  record: customFieldSchema,
  save: customFieldSaveSchema,
  filter: customFieldFilterSchema,
  softDelete: true,
});
