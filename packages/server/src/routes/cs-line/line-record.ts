import type { CsLine } from '@qcdesk/contracts';
import { and, inArray } from 'drizzle-orm';
import { auditFields } from '../../crud/audit-fields.js';
import type { EntityContext } from '../../crud/define-entity-routes.js';
import { dbId } from '../../crud/ids.js';
import type { RowOf } from '../../crud/rows.js';
import {
  apps,
  chatbots,
  csGroups,
  type csLines,
  csTimes,
  scoreConfigs,
  spaces,
  summaryConfigs,
  taskKinds,
} from '../../db/schema/index.js';
import { navsOfLines } from '../cs-nav/nav-references.js';

type LineRow = RowOf<typeof csLines>;
type Keyed = { readonly id: number; readonly organizationId: number };

/** A record of another table as the line names it: its organisation (the line's) and its id. */
const keyOf = (organizationId: number, id: number) => `${organizationId}:${id}`;

/**
 * Looks up, in one query, the rows that lines name by id. Keys pair the line's organisation with the id (a page may
 * hold lines another organisation granted the caller, which name that organisation's records).
 */
async function lookup<R extends Keyed>(
  pairs: readonly (readonly [number, number | null | undefined])[],
  query: (organizationIds: number[], ids: number[]) => Promise<R[]>,
): Promise<Map<string, R>> {
  const named = pairs.filter((p): p is readonly [number, number] => p[1] != null);
  if (named.length === 0) return new Map();
  const rows = await query([...new Set(named.map((p) => p[0]))], [...new Set(named.map((p) => p[1]))]);
  return new Map(rows.map((row) => [keyOf(row.organizationId, row.id), row]));
}

/**
 * Rows → records (spec §3.1): the names of the app, the two chatbots (nick), the spaces, the satisfaction and summary
 * configs, the hotline groups and the navigations' service times, and the note config's templates with their current
 * name and code, one query per kind a page. A line's online groups are those its GROUP navigations route to,
 * its groupIds the hotline and online groups, once.
 */
export async function lineRecords(rows: LineRow[], { db, timeZone }: EntityContext): Promise<CsLine[]> {
  const pairs = (ids: (row: LineRow) => (number | null | undefined)[]) =>
    rows.flatMap((row) => ids(row).map((id) => [row.organizationId, id] as const));
  const [appById, botById, spaceById, groupById, timeById, kindById] = await Promise.all([
    lookup(
      pairs((r) => [r.appId]),
      (orgs, ids) =>
        db
          .select({ id: apps.id, organizationId: apps.organizationId, name: apps.name })
          .from(apps)
          .where(and(inArray(apps.organizationId, orgs), inArray(apps.id, ids))),
    ),
    lookup(
      pairs((r) => [r.customerChatbotId, r.agentChatbotId]),
      (orgs, ids) =>
        db
          .select({ id: chatbots.id, organizationId: chatbots.organizationId, name: chatbots.nick })
          .from(chatbots)
          .where(and(inArray(chatbots.organizationId, orgs), inArray(chatbots.id, ids))),
    ),
    lookup(
      pairs((r) => [r.replySpaceId, r.ticketSpaceId]),
      (orgs, ids) =>
        db
          .select({ id: spaces.id, organizationId: spaces.organizationId, name: spaces.name })
          .from(spaces)
          .where(and(inArray(spaces.organizationId, orgs), inArray(spaces.id, ids))),
    ),
    lookup(
      pairs((r) => r.hotlineGroupIds),
      (orgs, ids) =>
        db
          .select({ id: csGroups.id, organizationId: csGroups.organizationId, name: csGroups.name })
          .from(csGroups)
          .where(and(inArray(csGroups.organizationId, orgs), inArray(csGroups.id, ids))),
    ),
    lookup(
      pairs((r) => r.navs.map((nav) => toKey(nav.timeId))),
      (orgs, ids) =>
        db
          .select({ id: csTimes.id, organizationId: csTimes.organizationId, name: csTimes.name })
          .from(csTimes)
          .where(and(inArray(csTimes.organizationId, orgs), inArray(csTimes.id, ids))),
    ),
    lookup(
      pairs((r) => (r.noteConfig?.ticketKinds ?? []).map((k) => toKey(k.kindId))),
      (orgs, ids) =>
        db
          .select({
            id: taskKinds.id,
            organizationId: taskKinds.organizationId,
            name: taskKinds.name,
            code: taskKinds.code,
          })
          .from(taskKinds)
          .where(and(inArray(taskKinds.organizationId, orgs), inArray(taskKinds.id, ids))),
    ),
  ]);

  const scoreById = await lookup(
    pairs((r) => [r.scoreConfigId]),
    (orgs, ids) =>
      db
        .select({ id: scoreConfigs.id, organizationId: scoreConfigs.organizationId, name: scoreConfigs.name })
        .from(scoreConfigs)
        .where(and(inArray(scoreConfigs.organizationId, orgs), inArray(scoreConfigs.id, ids))),
  );
  const summaryById = await lookup(
    pairs((r) => [r.summaryConfigId]),
    (orgs, ids) =>
      db
        .select({ id: summaryConfigs.id, organizationId: summaryConfigs.organizationId, name: summaryConfigs.name })
        .from(summaryConfigs)
        .where(and(inArray(summaryConfigs.organizationId, orgs), inArray(summaryConfigs.id, ids))),
  );

  // the navigations' names and the groups the GROUP navigations route to
  const navsOf = await navsOfLines(db, rows);

  return rows.map((row) => {
    const name = (byId: Map<string, { name: string }>, id: number | string | null | undefined) => {
      const key = toKey(id);
      return key === null ? null : (byId.get(keyOf(row.organizationId, key))?.name ?? null);
    };
    const wire = (id: number | null) => (id === null ? null : String(id));
    const hotlineGroups = row.hotlineGroupIds.map((id) => ({ groupId: String(id), groupName: name(groupById, id) }));
    const note = row.noteConfig;
    return {
      id: String(row.id),
      name: row.name,
      code: row.code,
      intro: row.intro,
      type: row.type,
      status: row.status,
      appId: wire(row.appId),
      appName: name(appById, row.appId),
      customerChatbotId: wire(row.customerChatbotId),
      customerChatbotNick: name(botById, row.customerChatbotId),
      agentChatbotId: wire(row.agentChatbotId),
      agentChatbotNick: name(botById, row.agentChatbotId),
      replySpaceId: wire(row.replySpaceId),
      replySpaceName: name(spaceById, row.replySpaceId),
      scoreConfigId: wire(row.scoreConfigId),
      scoreConfigName: name(scoreById, row.scoreConfigId),
      ticketSpaceId: wire(row.ticketSpaceId),
      ticketSpaceName: name(spaceById, row.ticketSpaceId),
      summaryConfigId: wire(row.summaryConfigId),
      summaryConfigName: name(summaryById, row.summaryConfigId),
      basicConfig: row.basicConfig,
      memberObjectId: row.memberObjectId,
      memberObjectType: row.memberObjectType,
      hotlineGroups,
      onlineGroups: navsOf(row).onlineGroups,
      groupIds: [...new Set([...hotlineGroups, ...navsOf(row).onlineGroups].map((g) => g.groupId))],
      navs: row.navs.map((nav) => ({
        ...nav,
        navName: navsOf(row).navName(nav.navId),
        timeName: name(timeById, nav.timeId),
      })),
      agentConfig: row.agentConfig,
      waitingConfig: row.waitingConfig,
      noteConfig:
        note === null
          ? null
          : {
              ...note,
              ticketKinds: note.ticketKinds.map((k) => {
                const kind = kindById.get(keyOf(row.organizationId, toKey(k.kindId) ?? 0));
                return kind === undefined ? k : { kindId: k.kindId, kindName: kind.name, kindCode: kind.code };
              }),
            },
      promptConfig: row.promptConfig,
      messageConfig: row.messageConfig,
      version: row.version,
      deleted: row.deleted,
      ...auditFields(row, timeZone),
    };
  });
}

/** An id as stored (blocks keep the wire's strings, columns numbers) as a key. */
function toKey(id: number | string | null | undefined): number | null {
  if (id === null || id === undefined) return null;
  return typeof id === 'number' ? id : dbId(id);
}
