import { DEFAULT_SUMMARY_TYPE, type DeleteBody, summaryConfigContract } from '@qcdesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import { dbIds } from '../../crud/ids.js';
import { usersShown } from '../../crud/in-use.js';
import type { RowOf } from '../../crud/rows.js';
import { summaryConfigs } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { linesBinding } from '../cs-line/lines-binding.js';
import { fieldsInOrder, liveFields, requireFields } from './summary-references.js';

type SummaryRow = RowOf<typeof summaryConfigs>;

/**
 * Service-summary configs (online-service-config §2.9, §3.9, §7): the contract's page, list, detail, create, change,
 * status and delete, with the trash. A config is an ordered list of live custom fields of the organisation, each with
 * its required and search switches; the type is chosen when creating and kept. A config a live line binds cannot go
 * to the trash: the line's agents would have no summary form.
 */
export async function summaryConfigRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, summaryConfigContract, {
    table: summaryConfigs,
    keywordColumns: [summaryConfigs.name],
    where: (filter) => [
      filter.type ? eq(summaryConfigs.type, filter.type) : undefined,
      filter.status ? eq(summaryConfigs.status, filter.status) : undefined,
    ],
    records: summaryRecords,
    summaries: {
      page: 'service-summary configs, a page at a time (keyword on the name, type, status, deleted), with their fields and bound lines',
      detail:
        'one service-summary config (summaryConfigId) with its fields in order (names, codes, types) and bound lines',
    },
    save: {
      summary:
        'save a service-summary config: name required (请输入名称); fields in order, each a live custom field of the organisation (a field listed twice is kept once); the type is kept from the create',
      values: async (body, { tx, auth, stored }) => {
        if (stored !== null && body.type !== undefined && body.type !== stored.type)
          throw ApiError.of(400, 'INVALID_FIELD', 'summary.typeFixed', {}, 'type');
        return { name: body.name, fields: await requireFields(tx, auth.organizationId, body.fields) };
      },
      createValues: (body) => ({ type: body.type ?? DEFAULT_SUMMARY_TYPE }),
    },
    delete: {
      refuse: async (body, context) => {
        if (body.deleted === 'TRASH') await refuseSummariesInUse(context, body);
      },
    },
    status: { summary: 'switch service-summary configs on (ACTIVE) or off (INACTIVE), several at once' },
  });
}

/** Rows → records: the fields' names and the bound lines of the whole page, one query each. */
export async function summaryRecords(rows: SummaryRow[], { db, auth, timeZone }: EntityContext) {
  const fields = await liveFields(
    db,
    auth.organizationId,
    rows.flatMap((row) => row.fields.map((f) => f.fieldId)),
  );
  const lines = await linesBinding(
    db,
    auth.organizationId,
    'summaryConfig',
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    type: row.type,
    status: row.status,
    fields: fieldsInOrder(row.fields, fields),
    lines: lines.get(row.id) ?? [],
    version: row.version,
    deleted: row.deleted,
    ...auditFields(row, timeZone),
  }));
}

/** A config live lines bind cannot go to the trash; the caller is told which lines to move first. */
async function refuseSummariesInUse({ db, auth }: EntityContext, body: DeleteBody): Promise<void> {
  const keys = dbIds(body.ids);
  const lines = await linesBinding(db, auth.organizationId, 'summaryConfig', keys);
  const index = keys.findIndex((key) => lines.has(key));
  if (index < 0) return;
  const { shown, zhMore, enMore } = usersShown(
    lines.get(keys[index]!)!.map((line) => line.lineName),
    '条',
  );
  const [config] = await db
    .select({ name: summaryConfigs.name })
    .from(summaryConfigs)
    .where(eq(summaryConfigs.id, keys[index]!));
  throw new ApiError(
    400,
    'SUMMARY_IN_USE',
    `服务小结“${config?.name ?? body.ids[index]}”仍被服务线路 ${shown.join('、')}${zhMore} 使用，请先为这些线路换一个服务小结再删除`,
    `Service summary "${config?.name ?? body.ids[index]}" is still used by the service lines ${shown.join(', ')}${enMore}; give them another summary first`,
    `ids[${index}]`,
  );
}
