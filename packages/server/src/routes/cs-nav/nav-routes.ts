import {
  type CsNavSave,
  csNavContract,
  type DeleteBody,
  defaultNavConfig,
  type GroupOnlineConfig,
  type NavOnlineConfig,
  type NavSelfButton,
  type NavSideButton,
} from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineEntityRoutes, type EntityContext, type SaveContext } from '../../crud/define-entity-routes.js';
import { dbId, dbIds } from '../../crud/ids.js';
import { usersShown, withUsersCounted } from '../../crud/in-use.js';
import { csGroups, csNavs } from '../../db/schema/index.js';
import { attachUploads, type FileReference } from '../../files/upload-lifetime.js';
import { ApiError } from '../../http/api-error.js';
import { linesBinding } from '../cs-line/lines-binding.js';
import { requireSpaces } from '../space/space-references.js';
import { navRecords } from './nav-record.js';

type Save = SaveContext<typeof csNavs>;

/**
 * Navigations (online-service-config §2.7, §3.7, §7): page, list (kind, keyword, type), detail, create, change and
 * the trash. Type and kind are fixed once created; GROUP routes name live ONLINE groups of the organisation, icons
 * are the caller's uploads under desk/csNav/image/; a navigation a live line binds cannot go to the trash.
 */
export async function csNavRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, csNavContract, {
    table: csNavs,
    keywordColumns: [csNavs.name, csNavs.code],
    where: (filter) => [
      filter.kind ? eq(csNavs.kind, filter.kind) : undefined,
      filter.type ? eq(csNavs.type, filter.type) : undefined,
    ],
    records: navRecords,
    summaries: {
      page: 'navigations, a page at a time (keyword on name or code, kind, type, deleted), with the lines using them',
      list: 'navigations matching kind, keyword and type (the line selectors), at most `limit`',
      detail: 'one navigation (navId) with its config and the lines using it',
    },
    save: {
      summary:
        'save a navigation: name, kind (type follows it) and welcome; onlineConfig for SELF, BOTTOM, SIDE and GROUP, hotlineConfig for IVR (left out: unchanged, or the default of a new one); type and kind cannot change',
      values: navValues,
    },
    delete: {
      summary:
        'delete (NONE→TRASH), restore (TRASH→NONE) or empty (TRASH→BUFFER) navigations; one a live service line binds cannot go to the trash',
      refuse: async (body, context) => {
        if (body.deleted === 'TRASH') await refuseNavsInUse(context, body);
      },
    },
  });
}

/** The columns a save writes, once type and kind are checked against the stored row and the config's references. */
async function navValues(body: CsNavSave, context: Save) {
  const { stored } = context;
  if (stored !== null && body.kind !== stored.kind)
    throw ApiError.of(400, 'INVALID_FIELD', 'nav.kindFixed', {}, 'kind');
  if (stored !== null && body.type !== stored.type)
    throw ApiError.of(400, 'INVALID_FIELD', 'nav.typeFixed', {}, 'type');
  const values: Partial<typeof csNavs.$inferInsert> = {
    name: body.name,
    code: body.code,
    type: body.type,
    kind: body.kind,
    welcome: body.welcome,
  };
  if (body.kind === 'IVR') {
    const config = body.hotlineConfig ?? (stored === null ? defaultNavConfig('IVR') : undefined);
    if (config !== undefined) values.hotlineConfig = config;
    values.onlineConfig = null;
    return values;
  }
  const config = body.onlineConfig ?? (stored === null ? defaultNavConfig(body.kind) : undefined);
  if (config !== undefined) {
    await checkOnlineConfig(body.kind, config, context);
    values.onlineConfig = config;
  }
  values.hotlineConfig = null;
  return values;
}

type OnlineKind = Exclude<CsNavSave['kind'], 'IVR'>;
const buttonsOf = (kind: OnlineKind, config: NavOnlineConfig | null | undefined) =>
  kind === 'SELF' || kind === 'SIDE'
    ? ((config as { buttons?: (NavSelfButton | NavSideButton)[] } | null | undefined)?.buttons ?? [])
    : [];

/** What an online config refers to: GROUP's skill groups, QA's knowledge bases, SELF's and SIDE's icons. */
async function checkOnlineConfig(kind: OnlineKind, config: NavOnlineConfig, context: Save): Promise<void> {
  const { tx, auth, stored } = context;
  if (kind === 'GROUP') await requireOnlineGroups(context, config as GroupOnlineConfig);
  const qa = qaSpaces(config);
  await requireSpaces(
    tx,
    auth.organizationId,
    qa.map((q) => q.spaceId),
    'CS_KB',
    (i) => qa[i]!.field,
  );
  // an icon the navigation already shows stays; a new one must be the caller's fresh upload, which it now attaches
  const kept = new Set(buttonsOf(kind, stored?.onlineConfig).map((b) => b.icon));
  const icons: FileReference[] = buttonsOf(kind, config).flatMap((button, i) =>
    button.icon && !kept.has(button.icon) ? [{ path: button.icon, field: `onlineConfig.buttons[${i}].icon` }] : [],
  );
  await attachUploads(tx, auth, icons);
}

/** Every QA item's knowledge base with the field that names it, in the order of the config. */
function qaSpaces(config: NavOnlineConfig): { spaceId: string; field: string }[] {
  const found: { spaceId: string; field: string }[] = [];
  type Item = { type: string; params: { spaceId?: string | null }; menus?: Item[] | null };
  const visit = (items: readonly Item[] | undefined, at: string) => {
    (items ?? []).forEach((item, i) => {
      if (item.type === 'QA' && item.params.spaceId)
        found.push({ spaceId: item.params.spaceId, field: `${at}[${i}].params.spaceId` });
      visit(item.menus ?? undefined, `${at}[${i}].menus`);
    });
  };
  const c = config as { tabs?: { menus: Item[] }[]; buttons?: Item[] };
  (c.tabs ?? []).forEach((tab, t) => {
    visit(tab.menus, `onlineConfig.tabs[${t}].menus`);
  });
  visit(c.buttons, 'onlineConfig.buttons');
  return found;
}

/** GROUP routes route to live ONLINE skill groups of the organisation (a 400 naming the group's place otherwise). */
async function requireOnlineGroups({ tx, auth }: Save, config: GroupOnlineConfig): Promise<void> {
  const ids = [...new Set(config.routes.flatMap((r) => r.groups.map((g) => g.groupId)))];
  const keys = dbIds(ids).filter((key) => key > 0);
  const rows =
    keys.length === 0
      ? []
      : await tx
          .select({ id: csGroups.id, type: csGroups.type })
          .from(csGroups)
          .where(
            and(
              eq(csGroups.organizationId, auth.organizationId),
              inArray(csGroups.id, keys),
              eq(csGroups.deleted, 'NONE'),
            ),
          );
  const types = new Map(rows.map((row) => [String(row.id), row.type]));
  config.routes.forEach((route, r) => {
    route.groups.forEach(({ groupId }, g) => {
      const field = `onlineConfig.routes[${r}].groups[${g}].groupId`;
      const type = dbId(groupId) === null ? undefined : types.get(String(dbId(groupId)));
      if (type === undefined) throw ApiError.of(400, 'INVALID_REFERENCE', 'desk.group.unknown', { id: groupId }, field);
      if (type !== 'ONLINE') throw ApiError.of(400, 'INVALID_REFERENCE', 'nav.group.notOnline', { id: groupId }, field);
    });
  });
}

/**
 * A navigation a live line binds cannot go to the trash: the line would greet or route with nothing. The answer names
 * the lines (the first five) to change first.
 */
async function refuseNavsInUse({ db, auth }: EntityContext, body: DeleteBody): Promise<void> {
  const keys = dbIds(body.ids);
  const lines = await linesBinding(db, auth.organizationId, 'nav', keys);
  const index = keys.findIndex((key) => lines.has(key));
  if (index < 0) return;
  const names = lines.get(keys[index]!)!.map((line) => line.lineName);
  const { shown } = usersShown(names, '条');
  throw withUsersCounted(
    ApiError.of(400, 'NAV_IN_USE', 'nav.boundToLines', { lines: shown }, `ids[${index}]`),
    names,
    '条',
  );
}
