import type { CsNav, GroupOnlineConfig } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { auditFields } from '../../crud/audit-fields.js';
import type { EntityContext } from '../../crud/define-entity-routes.js';
import { dbIds } from '../../crud/ids.js';
import type { RowOf } from '../../crud/rows.js';
import { csGroups, type csNavs } from '../../db/schema/index.js';
import { linesBinding } from '../cs-line/lines-binding.js';
import { routedGroupIds } from './nav-references.js';

type NavRow = RowOf<typeof csNavs>;

/**
 * Rows → records (spec §3.7): the live lines binding each navigation, and for GROUP routes each group's current name;
 * one query each a page.
 */
export async function navRecords(rows: NavRow[], { db, auth, timeZone }: EntityContext): Promise<CsNav[]> {
  const org = auth.organizationId;
  const groupKeys = [
    ...new Set(
      dbIds(rows.flatMap((row) => (row.kind === 'GROUP' ? routedGroupIds(row.onlineConfig as GroupOnlineConfig) : []))),
    ),
  ];
  const [lines, groups] = await Promise.all([
    linesBinding(
      db,
      org,
      'nav',
      rows.map((row) => row.id),
    ),
    groupKeys.length === 0
      ? []
      : db
          .select({ id: csGroups.id, name: csGroups.name })
          .from(csGroups)
          .where(and(eq(csGroups.organizationId, org), inArray(csGroups.id, groupKeys))),
  ]);
  const groupName = new Map(groups.map((g) => [String(g.id), g.name]));
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    code: row.code,
    type: row.type,
    kind: row.kind,
    welcome: row.welcome,
    onlineConfig:
      row.kind === 'GROUP' && row.onlineConfig !== null
        ? {
            routes: (row.onlineConfig as GroupOnlineConfig).routes.map((route) => ({
              ...route,
              groups: route.groups.map((g) => ({ ...g, groupName: groupName.get(g.groupId) ?? null })),
            })),
          }
        : row.onlineConfig,
    hotlineConfig: row.hotlineConfig,
    lines: lines.get(row.id) ?? [],
    version: row.version,
    deleted: row.deleted,
    ...auditFields(row, timeZone),
  }));
}
