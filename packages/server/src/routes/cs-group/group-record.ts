import type { CsGroup } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { auditFields } from '../../crud/audit-fields.js';
import type { EntityContext } from '../../crud/define-entity-routes.js';
import type { Queryable } from '../../crud/entity-table.js';
import type { RowOf } from '../../crud/rows.js';
import { csAgents, csGroups, csTimes } from '../../db/schema/index.js';
import { todayTimes } from '../../desk/today-times.js';
import { navsOfGroups } from '../cs-nav/nav-references.js';

type GroupRow = RowOf<typeof csGroups>;

/** The live service times of `keys` in the organisation, by id (a trashed time does not make a group online). */
export async function liveTimes(db: Queryable, organizationId: number, keys: readonly number[]) {
  if (keys.length === 0) return new Map<number, RowOf<typeof csTimes>>();
  const rows = await db
    .select()
    .from(csTimes)
    .where(
      and(eq(csTimes.organizationId, organizationId), inArray(csTimes.id, [...keys]), eq(csTimes.deleted, 'NONE')),
    );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Rows → records: the time, the parent, the receivers, the config's two groups by name and the GROUP navigations
 * routing to each group, one query each.
 */
export async function groupRecords(rows: GroupRow[], { db, auth, timeZone }: EntityContext): Promise<CsGroup[]> {
  const org = auth.organizationId;
  const unique = (ids: (number | null | undefined)[]) => [...new Set(ids.filter((id): id is number => id != null))];
  const timeKeys = unique(rows.map((r) => r.timeId));
  const agentKeys = unique(rows.flatMap((r) => r.agentIds));
  const groupKeys = unique(
    rows.flatMap((r) => [r.parentId, r.config?.overloadGroupId, r.config?.offlineGroupId].map((id) => toKey(id))),
  );
  const [times, agents, groups, navs] = await Promise.all([
    liveTimes(db, org, timeKeys),
    agentKeys.length === 0
      ? []
      : db
          .select({ id: csAgents.id, name: csAgents.name, nick: csAgents.nick })
          .from(csAgents)
          .where(and(eq(csAgents.organizationId, org), inArray(csAgents.id, agentKeys))),
    groupKeys.length === 0
      ? []
      : db
          .select({ id: csGroups.id, name: csGroups.name })
          .from(csGroups)
          .where(and(eq(csGroups.organizationId, org), inArray(csGroups.id, groupKeys))),
    navsOfGroups(
      db,
      org,
      rows.map((r) => r.id),
    ),
  ]);
  const agentById = new Map(agents.map((a) => [a.id, a]));
  const groupName = (id: number | string | null | undefined) => {
    const key = toKey(id);
    return key === null ? null : (groups.find((g) => g.id === key)?.name ?? null);
  };
  const now = new Date();
  return rows.map((row) => {
    const time = row.timeId === null ? undefined : times.get(row.timeId);
    const config = row.config;
    return {
      id: String(row.id),
      name: row.name,
      type: row.type,
      status: row.status,
      code: row.code,
      intro: row.intro,
      timeId: row.timeId === null ? null : String(row.timeId),
      timeName: time?.name ?? null,
      parentId: row.parentId === null ? null : String(row.parentId),
      parentName: groupName(row.parentId),
      agentIds: row.agentIds.map(String),
      agents: row.agentIds.map((id) => ({
        agentId: String(id),
        agentName: agentById.get(id)?.name ?? null,
        agentNick: agentById.get(id)?.nick ?? null,
      })),
      navs: navs.get(row.id) ?? [],
      todayTimes: todayTimes(time?.config, now, timeZone),
      online: time !== undefined,
      config:
        config === null
          ? null
          : {
              ...config,
              overloadGroupId: config.overloadGroupId ?? null,
              overloadGroupName: groupName(config.overloadGroupId),
              offlineGroupId: config.offlineGroupId ?? null,
              offlineGroupName: groupName(config.offlineGroupId),
            },
      version: row.version,
      deleted: row.deleted,
      ...auditFields(row, timeZone),
    };
  });
}

/** A stored id (the config keeps the wire's strings) as a key. */
function toKey(id: number | string | null | undefined): number | null {
  if (id === null || id === undefined) return null;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : null;
}
