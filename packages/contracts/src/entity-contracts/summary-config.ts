import { entityContract } from '../crud/entity-contract.js';
import { summaryConfigFilterSchema, summaryConfigSaveSchema, summaryConfigSchema } from '../entities/summary-config.js';

/**
 * Service-summary configs (online-service-config §2.9, §3.9, §7): page, list, detail (summaryConfigId), create,
 * change, status and delete with the trash. csSummary.edit and csSummary.delete are the spec's, the read key ours.
 */
export const summaryConfigContract = entityContract({
  base: '/v3/chats/summary-config',
  name: { zh: '服务小结', en: 'Service summary' },
  detailParam: 'summaryConfigId',
  keys: { view: 'csSummary.view', edit: 'csSummary.edit', delete: 'csSummary.delete', status: 'csSummary.edit' },
  record: summaryConfigSchema,
  save: summaryConfigSaveSchema,
  filter: summaryConfigFilterSchema,
  softDelete: true,
});
