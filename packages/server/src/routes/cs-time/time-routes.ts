import { csTimeContract } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditFields } from '../../crud/audit-fields.js';
import type { EntityContext } from '../../crud/define-entity-routes.js';
import { defineEntityRoutes } from '../../crud/define-entity-routes.js';
import { dbIds } from '../../crud/ids.js';
import type { RowOf } from '../../crud/rows.js';
import { csGroups, csTimes } from '../../db/schema/index.js';
import { todayTimes } from '../../desk/today-times.js';
import { ApiError } from '../../http/api-error.js';

type TimeRow = RowOf<typeof csTimes>;

/** Service times: the contract's page, list, detail, create, change and delete (no status). */
export async function csTimeRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, csTimeContract, {
    table: csTimes,
    keywordColumns: [csTimes.name, csTimes.code],
    records: timeRecords,
    summaries: {
      page: 'service times, a page at a time (keyword on name or code, deleted), with today’s spans and the groups using each',
      detail: 'one service time (timeId; the form’s operator=false changes nothing)',
    },
    save: {
      summary:
        'save a service time: incomplete periods are dropped, at least one complete general or special period must remain',
      values: (body) => ({
        name: body.name,
        code: body.code ?? null,
        prompt: body.prompt,
        config: body.config,
      }),
    },
    delete: {
      refuse: async (body, context) => {
        if (body.deleted === 'TRASH') await refuseTimesInUse(context, body.ids);
      },
    },
  });
}

/** A service time a live group still uses cannot go to the trash: the group would silently go offline. */
async function refuseTimesInUse({ db, auth }: EntityContext, ids: readonly string[]): Promise<void> {
  const keys = dbIds(ids);
  const [use] = await db
    .select({ timeId: csGroups.timeId, timeName: csTimes.name, groupName: csGroups.name })
    .from(csGroups)
    .innerJoin(csTimes, eq(csTimes.id, csGroups.timeId))
    .where(
      and(
        eq(csGroups.organizationId, auth.organizationId),
        inArray(csGroups.timeId, keys),
        eq(csGroups.deleted, 'NONE'),
      ),
    )
    .orderBy(csGroups.id)
    .limit(1);
  if (use === undefined) return;
  throw new ApiError(
    400,
    'TIME_IN_USE',
    `服务时间“${use.timeName}”正被技能组“${use.groupName}”使用，请先更换再删除`,
    `service time "${use.timeName}" is used by the skill group "${use.groupName}"; change the group first`,
    `ids[${keys.indexOf(use.timeId!)}]`,
  );
}

/** Rows → records: today's spans in the desk's zone, and the live groups that use each time (one query a page). */
export async function timeRecords(rows: TimeRow[], { db, auth, timeZone }: EntityContext) {
  const keys = rows.map((r) => r.id);
  const users =
    keys.length === 0
      ? []
      : await db
          .select({ id: csGroups.id, name: csGroups.name, timeId: csGroups.timeId })
          .from(csGroups)
          .where(
            and(
              eq(csGroups.organizationId, auth.organizationId),
              inArray(csGroups.timeId, keys),
              eq(csGroups.deleted, 'NONE'),
            ),
          )
          .orderBy(csGroups.id);
  const now = new Date();
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    code: row.code,
    prompt: row.prompt,
    config: row.config,
    groups: users.filter((g) => g.timeId === row.id).map((g) => ({ groupId: String(g.id), groupName: g.name })),
    todayTimes: todayTimes(row.config, now, timeZone),
    version: row.version,
    deleted: row.deleted,
    ...auditFields(row, timeZone),
  }));
}
