import { entityContract } from '../crud/entity-contract.js';
import { csAgentFilterSchema, csAgentSaveSchema, csAgentSchema } from '../entities/cs-agent.js';
import { csGroupFilterSchema, csGroupSaveSchema, csGroupSchema } from '../entities/cs-group.js';
import { csTimeFilterSchema, csTimeSaveSchema, csTimeSchema } from '../entities/cs-time.js';

/** Service times (online-service-config §2.3, §3.3): general and special periods. No /status call. */
export const csTimeContract = entityContract({
  base: '/v3/chats/cs-time',
  name: { zh: '服务时间', en: 'Service time' },
  detailParam: 'timeId',
  keys: { view: 'csTime.view', edit: 'csTime.edit', delete: 'csTime.delete' },
  record: csTimeSchema,
  save: csTimeSaveSchema,
  filter: csTimeFilterSchema,
  softDelete: true,
});

/** Skill groups (§2.2, §3.2), plus the top list and /select?chatId. */
export const csGroupContract = entityContract({
  base: '/v3/chats/cs-group',
  name: { zh: '技能组', en: 'Skill group' },
  detailParam: 'groupId',
  keys: { view: 'csGroup.view', edit: 'csGroup.edit', delete: 'csGroup.delete', status: 'csGroup.edit' },
  record: csGroupSchema,
  save: csGroupSaveSchema,
  filter: csGroupFilterSchema,
  softDelete: true,
});

/** Agents (§2.4, §3.4), plus createBatch, changeBatch and pull. No /status call (status is the agent's own). */
export const csAgentContract = entityContract({
  base: '/v3/chats/cs-agent',
  name: { zh: '坐席', en: 'Agent' },
  detailParam: 'agentId',
  keys: { view: 'csAgent.view', edit: 'csAgent.edit', delete: 'csAgent.delete' },
  record: csAgentSchema,
  save: csAgentSaveSchema,
  filter: csAgentFilterSchema,
  softDelete: true,
});
