import { formatMessage, type GroupOnlineConfig, NavKind } from '@qcdesk/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { csGroups, csNavs } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';

/**
 * What other records read of navigations (the lines binding them: `linesBinding` in cs-line): the navigations a
 * line binds (names, and the groups its GROUP navigations route to), the GROUP navigations routing to a group.
 */

/** The skill-group ids a GROUP config routes to, each once, in route order. */
export function routedGroupIds(config: GroupOnlineConfig | null | undefined): string[] {
  return [...new Set((config?.routes ?? []).flatMap((route) => route.groups.map((g) => g.groupId)))];
}

/** Navigations of the organisations by key (any deleted state: a line in the trash may name one that is too). */
export async function navsByKey(
  db: Queryable,
  organizationIds: readonly number[],
  keys: readonly number[],
): Promise<
  { id: number; organizationId: number; name: string; kind: NavKind; onlineConfig: unknown; deleted: string }[]
> {
  if (keys.length === 0 || organizationIds.length === 0) return [];
  return db
    .select({
      id: csNavs.id,
      organizationId: csNavs.organizationId,
      name: csNavs.name,
      kind: csNavs.kind,
      onlineConfig: csNavs.onlineConfig,
      deleted: csNavs.deleted,
    })
    .from(csNavs)
    .where(and(inArray(csNavs.organizationId, [...organizationIds]), inArray(csNavs.id, [...new Set(keys)])));
}

/**
 * The live GROUP navigations of the organisation routing to each group, by group key (spec §2.2 the navs column of
 * skill groups), in navigation order.
 */
export async function navsOfGroups(
  db: Queryable,
  organizationId: number,
  groupKeys: readonly number[],
): Promise<Map<number, { navId: string; navName: string }[]>> {
  const byGroup = new Map<number, { navId: string; navName: string }[]>();
  if (groupKeys.length === 0) return byGroup;
  const wanted = new Set(groupKeys.map(String));
  const navs = await db
    .select({ id: csNavs.id, name: csNavs.name, onlineConfig: csNavs.onlineConfig })
    .from(csNavs)
    .where(and(eq(csNavs.organizationId, organizationId), eq(csNavs.kind, 'GROUP'), eq(csNavs.deleted, 'NONE')))
    .orderBy(asc(csNavs.id));
  for (const nav of navs)
    for (const groupId of routedGroupIds(nav.onlineConfig as GroupOnlineConfig | null)) {
      if (!wanted.has(groupId)) continue;
      const key = Number(groupId);
      byGroup.set(key, [...(byGroup.get(key) ?? []), { navId: String(nav.id), navName: nav.name }]);
    }
  return byGroup;
}

/**
 * A line's navigation rows (spec §2.1): each names a live navigation of the organisation of the row's kind (a SELF row
 * a SELF navigation, an IVR row — the hotline section — an IVR one), else a 400 naming `navs[i].navId`.
 */
export async function requireLineNavs(
  tx: Queryable,
  organizationId: number,
  navs: readonly { navKind: NavKind; navId: string }[],
): Promise<void> {
  const keys = navs.map((nav) => dbId(nav.navId) ?? 0);
  const rows = (await navsByKey(tx, [organizationId], keys)).filter((row) => row.deleted === 'NONE');
  const kindOf = new Map(rows.map((row) => [row.id, row.kind]));
  navs.forEach((nav, i) => {
    const field = `navs[${i}].navId`;
    const kind = kindOf.get(keys[i]!);
    if (kind === undefined) throw ApiError.of(400, 'INVALID_REFERENCE', 'nav.unknown', { id: nav.navId }, field);
    if (kind !== nav.navKind)
      throw new ApiError(
        400,
        'INVALID_REFERENCE',
        formatMessage('nav.wrongKind', 'zh', { id: nav.navId, kind: NavKind.label(nav.navKind, 'zh') }),
        formatMessage('nav.wrongKind', 'en', { id: nav.navId, kind: NavKind.label(nav.navKind, 'en') }),
        field,
      );
  });
}

type LineGroup = { groupId: string; groupName: string | null };

/**
 * What lines read of the navigations they bind (spec §3.1), for a page of lines in one query each: the name of each
 * bound navigation and the online groups (the groups the line's GROUP navigations route to, each once, in order).
 * Keys pair the line's organisation with the id (a page may hold lines another organisation granted the caller).
 */
export async function navsOfLines(
  db: Queryable,
  lines: readonly { organizationId: number; navs: readonly { navId: string }[] }[],
): Promise<(line: (typeof lines)[number]) => { navName: (navId: string) => string | null; onlineGroups: LineGroup[] }> {
  const orgs = [...new Set(lines.map((line) => line.organizationId))];
  const navRows = await navsByKey(
    db,
    orgs,
    lines.flatMap((line) => line.navs.map((nav) => dbId(nav.navId) ?? 0)),
  );
  const navAt = new Map(navRows.map((nav) => [`${nav.organizationId}:${nav.id}`, nav]));
  const routed = (line: (typeof lines)[number]) => [
    ...new Set(
      line.navs.flatMap((nav) => {
        const row = navAt.get(`${line.organizationId}:${nav.navId}`);
        return row?.kind === 'GROUP' ? routedGroupIds(row.onlineConfig as GroupOnlineConfig | null) : [];
      }),
    ),
  ];
  const groupKeys = [...new Set(lines.flatMap((line) => routed(line).map((id) => dbId(id) ?? 0)))];
  const groups =
    groupKeys.length === 0
      ? []
      : await db
          .select({ id: csGroups.id, organizationId: csGroups.organizationId, name: csGroups.name })
          .from(csGroups)
          .where(and(inArray(csGroups.organizationId, orgs), inArray(csGroups.id, groupKeys)));
  const groupAt = new Map(groups.map((g) => [`${g.organizationId}:${g.id}`, g.name]));
  return (line) => ({
    navName: (navId) => navAt.get(`${line.organizationId}:${navId}`)?.name ?? null,
    onlineGroups: routed(line).map((groupId) => ({
      groupId,
      groupName: groupAt.get(`${line.organizationId}:${groupId}`) ?? null,
    })),
  });
}
