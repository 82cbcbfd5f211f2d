import { entityContract } from '../crud/entity-contract.js';
import { csNavFilterSchema, csNavSaveSchema, csNavSchema } from '../entities/cs-nav.js';

/**
 * Navigations (online-service-config §2.7, §3.7, §7): page, list (kind, keyword, type), detail (navId), create,
 * change, delete to the trash; the spec's csNav.edit and csNav.delete, a read key of ours; no /status.
 */
export const csNavContract = entityContract({
  base: '/v3/chats/cs-nav',
  name: { zh: '导航', en: 'Navigation' },
  detailParam: 'navId',
  keys: { view: 'csNav.view', edit: 'csNav.edit', delete: 'csNav.delete' },
  record: csNavSchema,
  save: csNavSaveSchema,
  filter: csNavFilterSchema,
  softDelete: true,
});
