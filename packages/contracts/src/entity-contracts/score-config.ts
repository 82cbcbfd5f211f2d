import { entityContract } from '../crud/entity-contract.js';
import { scoreConfigFilterSchema, scoreConfigSaveSchema, scoreConfigSchema } from '../entities/score-config.js';

/**
 * Satisfaction configs (online-service-config §2.8, §3.8, §7): page, list, detail (configId), create, change, status
 * and delete with the trash. Edit and delete are the spec's online.score keys; the read key is ours. A line's check
 * (/v3/chats/score-config/check-issue) is the line's call and sits with the lines.
 */
export const scoreConfigContract = entityContract({
  base: '/v3/chats/score-config',
  name: { zh: '满意度配置', en: 'Satisfaction config' },
  detailParam: 'configId',
  keys: {
    view: 'online.score.view',
    edit: 'online.score.edit',
    delete: 'online.score.delete',
    status: 'online.score.edit',
  },
  record: scoreConfigSchema,
  save: scoreConfigSaveSchema,
  filter: scoreConfigFilterSchema,
  softDelete: true,
});
