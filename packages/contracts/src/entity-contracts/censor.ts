import { entityContract } from '../crud/entity-contract.js';
import { censorBanSaveSchema, censorBanSchema } from '../entities/censor-ban.js';
import { censorBanFilterSchema } from '../requests/lists.js';

/**
 * Sensitive-word libraries (tickets-censor-tasks-monitoring §sensitive words): /v3/system/censor-ban/…, the delete
 * call named `/remove (ids)` as the spec names it. The list has no trash, so removal is final; the log keeps the
 * library's name in its own rows. Filters: flag (the list's tab), keyword (the name or any one word), status.
 */
export const censorBanContract = entityContract({
  base: '/v3/system/censor-ban',
  name: { zh: '敏感词库', en: 'Sensitive-word library' },
  detailParam: 'banId',
  keys: {
    view: 'cs-censor-ban.view',
    edit: 'cs-censor-ban.edit',
    delete: 'ban.delete',
    status: 'cs-censor-ban.edit',
  },
  record: censorBanSchema,
  save: censorBanSaveSchema,
  filter: censorBanFilterSchema,
  softDelete: false,
  deletePath: 'remove',
});
