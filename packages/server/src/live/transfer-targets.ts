import type { CsGroupConfigInput } from '@qcdesk/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { dbId } from '../crud/ids.js';
import { csGroups, csLines } from '../db/schema/index.js';
import { chatSessions } from '../db/schema/sessions.js';
import { navsOfLines } from '../routes/cs-nav/nav-references.js';
import { withOverflow } from './assign-session.js';

export type ChatSession = typeof chatSessions.$inferSelect;

/**
 * The session a chat id names: its open live session when it has one (a chat may have had several sessions),
 * else its latest; null when the organisation has no such chat.
 */
export async function sessionOfChat(
  db: Queryable,
  organizationId: number,
  chatId: string,
): Promise<ChatSession | null> {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.organizationId, organizationId), eq(chatSessions.chatId, chatId)))
    .orderBy(sql`(${chatSessions.status} = 'ACTIVE') desc`, desc(chatSessions.beginTime), desc(chatSessions.id))
    .limit(1);
  return row ?? null;
}

/**
 * Which skill groups a chat may be transferred to, as a condition on cs_groups (besides ACTIVE, not deleted, type
 * ONLINE): where the desk routes a new session of its line (the groups of the line's GROUP navigations and their
 * overflow groups); for a line that routes nowhere or is no record (imported sessions), the groups its sessions
 * were served in; failing both, every online group (as the desk routes a line that names none).
 */
export async function transferGroupScope(
  db: Queryable,
  organizationId: number,
  lineId: number | null,
): Promise<SQL | undefined> {
  if (lineId === null) return undefined;
  const [line] = await db
    .select({ id: csLines.id, organizationId: csLines.organizationId, navs: csLines.navs })
    .from(csLines)
    .where(and(eq(csLines.organizationId, organizationId), eq(csLines.id, lineId), eq(csLines.deleted, 'NONE')));
  if (line !== undefined) {
    const navsOf = await navsOfLines(db, [line]);
    const routed = navsOf(line).onlineGroups.flatMap((g) => dbId(g.groupId) ?? []);
    if (routed.length > 0) {
      const groups = await db
        .select({ id: csGroups.id, config: csGroups.config })
        .from(csGroups)
        .where(and(eq(csGroups.organizationId, organizationId), eq(csGroups.deleted, 'NONE')));
      const routing = new Map(
        groups.map((g) => [
          g.id,
          { groupId: g.id, overloadGroupId: dbId((g.config as CsGroupConfigInput | null)?.overloadGroupId ?? '') },
        ]),
      );
      return inArray(csGroups.id, withOverflow(routed, routing));
    }
  }
  const served = await db.execute(
    sql`select distinct unnest(${chatSessions.groupIds}) as id from ${chatSessions} where ${chatSessions.organizationId} = ${organizationId} and ${chatSessions.lineId} = ${lineId} limit 1000`,
  );
  const ids = (served as unknown as { rows: { id: unknown }[] }).rows.map((r) => Number(r.id));
  return ids.length === 0 ? undefined : inArray(csGroups.id, ids);
}

/** The ACTIVE ONLINE groups a chat may go to (at most `limit`), by id; the route sorts them for people. */
export async function transferGroups(
  db: Queryable,
  organizationId: number,
  lineId: number | null,
  limit: number,
): Promise<(typeof csGroups.$inferSelect)[]> {
  const scope = await transferGroupScope(db, organizationId, lineId);
  return db
    .select()
    .from(csGroups)
    .where(
      and(
        eq(csGroups.organizationId, organizationId),
        eq(csGroups.deleted, 'NONE'),
        eq(csGroups.status, 'ACTIVE'),
        eq(csGroups.type, 'ONLINE'),
        scope,
      ),
    )
    .orderBy(asc(csGroups.name), asc(csGroups.id))
    .limit(limit);
}
