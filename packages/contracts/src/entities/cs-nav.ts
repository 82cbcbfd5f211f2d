import { z } from 'zod';
import { Deleted } from '../enums/common.js';
import { NAV_TYPE_OF_KIND, NavAction, NavKind, NavType } from '../enums/line.js';
import { auditShape, err, filter, idSchema, LIMITS, optionalText, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/**
 * Limits of navigations (online-service-config §5, §9: navigation, tab, button, node and menu names ≤ 100, at most 5
 * tabs, one sub-menu level, weights 0..100 %, icons ≤ 5 MB; the others ours).
 */
export const NAV_LIMITS = {
  nameMax: LIMITS.nameMax,
  codeMax: 50,
  welcomeMax: 500,
  tabsMax: 5,
  menusMax: 20,
  subMenusMax: 20,
  buttonsMax: 10,
  routesMax: 50,
  routeGroupsMax: 50,
  /** TEXT and SEND content */
  contentMax: 2000,
  urlMax: 2000,
  /** an uploaded icon's path */
  iconMax: 500,
  iconMaxBytes: 5 * 1024 * 1024,
  /** questions a QA menu shows */
  qaCountMax: 20,
  /** IVR: levels of nodes below a root, children of one node, nodes in all */
  ivrDepthMax: 5,
  ivrChildrenMax: 20,
  ivrNodesMax: 500,
  ivrCodeMax: 50,
  /** an extension number (as an agent's soft-phone number, spec §9) */
  ivrDnMax: 20,
  /** a GROUP route's weight as the screen shows it */
  weightPercentMax: 100,
} as const;

/** Where navigation icons are uploaded (spec §7 "files go under the path prefix desk/csNav/image/"). */
export const NAV_ICON_DIR = 'desk/csNav/image';

// ---- defaults (spec §4, §5, §9) ------------------------------------------------------------------------------

/** A new tab's name: 标签-N (spec §5). */
export const defaultTabName = (n: number) => `标签-${n}`;
/** A new menu's or sub-menu's name: 菜单-N (spec §5). */
export const defaultMenuName = (n: number) => `菜单-${n}`;
/** A new button's, route's and IVR node's name (ours, in the spec's style). */
export const defaultButtonName = (n: number) => `按钮-${n}`;
export const defaultRouteName = (n: number) => `路由-${n}`;
export const defaultNodeName = (n: number) => `节点-${n}`;

/** A new navigation's name per kind (spec §4: self-service, bottom, skill-group, side, hotline IVR). */
export const NAV_DEFAULT_NAMES: Readonly<Record<NavKind, string>> = {
  SELF: '自助导航',
  BOTTOM: '底部导航',
  SIDE: '侧边导航',
  GROUP: '技能组导航',
  IVR: '热线IVR导航',
};

/** The greeting asking how to help (spec §9), the default welcome of every kind but GROUP. */
export const NAV_DEFAULT_WELCOME = '您好，请问有什么可以帮您？';
/** The skill-group default welcome "talks about connecting to human service" (spec §9). */
export const NAV_GROUP_DEFAULT_WELCOME = '您好，正在为您转接人工客服，请稍候～';
export const NAV_DEFAULT_WELCOMES: Readonly<Record<NavKind, string>> = {
  SELF: NAV_DEFAULT_WELCOME,
  BOTTOM: NAV_DEFAULT_WELCOME,
  SIDE: NAV_DEFAULT_WELCOME,
  GROUP: NAV_GROUP_DEFAULT_WELCOME,
  IVR: NAV_DEFAULT_WELCOME,
};

// ---- weights (spec §3.7, §9: shown as 0..100 %, stored as a fraction) ----------------------------------------

/**
 * A stored weight (fraction 0..1) as the percent the screen shows, to 2 decimals. Integer divisions are correctly
 * rounded, so a value the screen offers (a whole percent, or a fraction with 2 decimals) comes back unchanged.
 */
export function weightToPercent(weight: number): number {
  return Math.round(weight * 10_000) / 100;
}

/** A percent (0..100, up to 2 decimals) as the fraction stored: 25 → 0.25, 12.5 → 0.125. */
export function percentToWeight(percent: number): number {
  return Math.round(percent * 100) / 10_000;
}

// ---- menus and buttons ---------------------------------------------------------------------------------------

const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const name = () => requiredText(NAV_LIMITS.nameMax);

/**
 * What an action needs (spec §3.7): content for TEXT and SEND, url for LINK, feedId for FEED, spaceId (with topicId and
 * count) for QA; AGENT and MENU none. A save keeps only the params of the item's type.
 */
export const navParamsSchema = z.object({
  content: z.preprocess(blankAsNull, optionalText(NAV_LIMITS.contentMax)),
  url: z.preprocess(blankAsNull, optionalText(NAV_LIMITS.urlMax)),
  feedId: z.preprocess(blankAsNull, idSchema.nullish()),
  spaceId: z.preprocess(blankAsNull, idSchema.nullish()),
  topicId: z.preprocess(blankAsNull, idSchema.nullish()),
  count: z.number().int().min(1).max(NAV_LIMITS.qaCountMax).nullish(),
});
export type NavParams = z.output<typeof navParamsSchema>;

/** The params each action type keeps (and the first of them it requires). */
export const NAV_ACTION_PARAMS: Readonly<Record<NavAction, readonly (keyof NavParams)[]>> = {
  TEXT: ['content'],
  SEND: ['content'],
  LINK: ['url'],
  FEED: ['feedId'],
  QA: ['spaceId', 'topicId', 'count'],
  AGENT: [],
  MENU: [],
};

const URL_RE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** Refinement of an item's params by its type: the required param present, a link a full http(s) address. */
function checkParams(item: { type: NavAction; params: NavParams }, ctx: z.RefinementCtx) {
  const at = (key: keyof NavParams) => ['params', key];
  const { params } = item;
  switch (item.type) {
    case 'TEXT':
    case 'SEND':
      if (!params.content) ctx.addIssue({ code: 'custom', message: 'nav.params.contentRequired', path: at('content') });
      break;
    case 'LINK':
      if (!params.url) ctx.addIssue({ code: 'custom', message: 'nav.params.urlRequired', path: at('url') });
      else if (!URL_RE.test(params.url))
        ctx.addIssue({ code: 'custom', message: 'nav.params.urlInvalid', path: at('url') });
      break;
    case 'FEED':
      if (!params.feedId) ctx.addIssue({ code: 'custom', message: 'nav.params.feedRequired', path: at('feedId') });
      break;
    case 'QA':
      if (!params.spaceId) ctx.addIssue({ code: 'custom', message: 'nav.params.spaceRequired', path: at('spaceId') });
      break;
    default:
      break;
  }
}

/** An icon: an upload under desk/csNav/image/ (the server checks it is the caller's own upload, or unchanged). */
const iconSchema = z.preprocess(
  blankAsNull,
  optionalText(NAV_LIMITS.iconMax).refine(
    (path) => path == null || path.startsWith(`${NAV_ICON_DIR}/`),
    err('nav.icon.upload'),
  ),
);

const itemShape = {
  name: name(),
  type: NavAction.schema,
  params: z.preprocess((v) => v ?? {}, navParamsSchema),
};

/** A sub-menu: any action but MENU, and no menus of its own (spec §5: one sub-menu level). */
export const navSubMenuSchema = z
  .object({
    ...itemShape,
    menus: z.array(z.unknown()).max(0, err('nav.menu.oneLevel')).nullish(),
  })
  .superRefine((menu, ctx) => {
    if (menu.type === 'MENU') ctx.addIssue({ code: 'custom', message: 'nav.menu.oneLevel', path: ['type'] });
    checkParams(menu, ctx);
  });
export type NavSubMenu = z.output<typeof navSubMenuSchema>;

/** Items that open sub-menus (a SELF tab's menu, a SIDE button): MENU needs at least one. */
const withSubMenus = <T extends { type: NavAction; params: NavParams; menus: unknown[] }>(
  item: T,
  ctx: z.RefinementCtx,
) => {
  checkParams(item, ctx);
  if (item.type === 'MENU' && item.menus.length === 0)
    ctx.addIssue({ code: 'custom', message: 'nav.menu.subMenuRequired', path: ['menus'] });
};

/** A SELF tab's menu (spec §3.7): any action; MENU holds sub-menus (one level). */
export const navMenuSchema = z
  .object({
    ...itemShape,
    menus: z.preprocess((v) => v ?? [], z.array(navSubMenuSchema).max(NAV_LIMITS.subMenusMax)),
  })
  .superRefine(withSubMenus);
export type NavMenu = z.output<typeof navMenuSchema>;

/** A button that does one thing (SELF and BOTTOM bars): no sub-menus. */
const plainButtonShape = { ...itemShape };
const refusePlainMenu = (button: { type: NavAction; params: NavParams }, ctx: z.RefinementCtx) => {
  if (button.type === 'MENU') ctx.addIssue({ code: 'custom', message: 'nav.menu.notHere', path: ['type'] });
  checkParams(button, ctx);
};

/** A SELF button (spec §3.7: icon, name, type, params). */
export const navSelfButtonSchema = z.object({ ...plainButtonShape, icon: iconSchema }).superRefine(refusePlainMenu);
export type NavSelfButton = z.output<typeof navSelfButtonSchema>;

/** A BOTTOM button (spec §3.7: name, type, params). */
export const navBottomButtonSchema = z.object(plainButtonShape).superRefine(refusePlainMenu);
export type NavBottomButton = z.output<typeof navBottomButtonSchema>;

/** A SIDE button (spec §3.7: icon, name, type, params, menus): MENU holds menus one level deep. */
export const navSideButtonSchema = z
  .object({
    ...itemShape,
    icon: iconSchema,
    menus: z.preprocess((v) => v ?? [], z.array(navSubMenuSchema).max(NAV_LIMITS.subMenusMax)),
  })
  .superRefine(withSubMenus);
export type NavSideButton = z.output<typeof navSideButtonSchema>;

// ---- the configs per kind ------------------------------------------------------------------------------------

export const navTabSchema = z.object({
  name: name(),
  menus: z.preprocess((v) => v ?? [], z.array(navMenuSchema).max(NAV_LIMITS.menusMax)),
});
export type NavTab = z.output<typeof navTabSchema>;

/** SELF onlineConfig (spec §3.7): at most 5 tabs, each with its menus, and buttons. */
export const selfOnlineConfigSchema = z.object({
  tabs: z.preprocess((v) => v ?? [], z.array(navTabSchema).max(NAV_LIMITS.tabsMax, { error: 'nav.self.tabsMax' })),
  buttons: z.preprocess((v) => v ?? [], z.array(navSelfButtonSchema).max(NAV_LIMITS.buttonsMax)),
});
export type SelfOnlineConfig = z.output<typeof selfOnlineConfigSchema>;

/** BOTTOM onlineConfig (spec §3.7): buttons. */
export const bottomOnlineConfigSchema = z.object({
  buttons: z.preprocess((v) => v ?? [], z.array(navBottomButtonSchema).max(NAV_LIMITS.buttonsMax)),
});
export type BottomOnlineConfig = z.output<typeof bottomOnlineConfigSchema>;

/** SIDE onlineConfig (spec §3.7): buttons with icons, which may hold menus. */
export const sideOnlineConfigSchema = z.object({
  buttons: z.preprocess((v) => v ?? [], z.array(navSideButtonSchema).max(NAV_LIMITS.buttonsMax)),
});
export type SideOnlineConfig = z.output<typeof sideOnlineConfigSchema>;

/** A skill group of a GROUP route and its weight: a fraction 0..1 (shown as 0..100 %, spec §9). */
export const navRouteGroupSchema = z.object({
  groupId: idSchema,
  /** the group's name, answered by the server (ignored on save) */
  groupName: z.string().nullish(),
  weight: z
    .number({ error: (i) => (i.input == null ? 'common.required' : undefined) })
    .min(0, err('nav.group.weightRange'))
    .max(1, err('nav.group.weightRange')),
});
export type NavRouteGroup = z.output<typeof navRouteGroupSchema>;

/** A GROUP route (spec §3.7: id, name, groups): ONLINE skill groups of the organisation, each once. */
export const navRouteSchema = z.object({
  /** left out on save: the server gives the next free `route-N` */
  id: z.preprocess(blankAsNull, storableString().trim().max(64).nullish()),
  name: name(),
  groups: z.preprocess(
    (v) => v ?? [],
    z
      .array(navRouteGroupSchema)
      .max(NAV_LIMITS.routeGroupsMax)
      .superRefine((groups, ctx) => {
        groups.forEach((g, i) => {
          if (groups.findIndex((o) => o.groupId === g.groupId) < i)
            ctx.addIssue({
              code: 'custom',
              message: 'nav.group.duplicate',
              params: { id: g.groupId },
              path: [i, 'groupId'],
            });
        });
      }),
  ),
});
export type NavRoute = z.output<typeof navRouteSchema>;

/** GROUP onlineConfig (spec §3.7): weighted routes to skill groups; route ids unique. */
export const groupOnlineConfigSchema = z.object({
  routes: z.preprocess(
    (v) => v ?? [],
    z
      .array(navRouteSchema)
      .max(NAV_LIMITS.routesMax)
      .superRefine((routes, ctx) => {
        routes.forEach((r, i) => {
          if (r.id && routes.findIndex((o) => o.id === r.id) < i)
            ctx.addIssue({
              code: 'custom',
              message: 'nav.group.routeIdDuplicate',
              params: { id: r.id },
              path: [i, 'id'],
            });
        });
      }),
  ),
});
export type GroupOnlineConfig = z.output<typeof groupOnlineConfigSchema>;

// ---- IVR -----------------------------------------------------------------------------------------------------

/** The keys of the two fixed roots of an IVR tree (spec §3.7), which cannot be deleted (spec §4). */
export const IVR_ROOT_KEYS = ['InScore', 'OutScore'] as const;
export type IvrRootKey = (typeof IVR_ROOT_KEYS)[number];
/** The roots' names on screen (ours). */
export const IVR_ROOT_NAMES: Readonly<Record<IvrRootKey, { zh: string; en: string }>> = {
  InScore: { zh: '呼入满意度', en: 'Inbound satisfaction' },
  OutScore: { zh: '呼出满意度', en: 'Outbound satisfaction' },
};

/** An IVR node (spec §3.7: name, code, dn extension, type ROUTE, nodes); `key` is ours, the editor's handle. */
export interface IvrNode {
  key?: string | null | undefined;
  name: string;
  code?: string | null | undefined;
  dn?: string | null | undefined;
  type: 'ROUTE';
  nodes: IvrNode[];
}

export const ivrNodeSchema: z.ZodType<IvrNode> = z.lazy(() =>
  z.object({
    key: z.preprocess(blankAsNull, storableString().trim().max(64).nullish()),
    name: name(),
    code: z.preprocess(blankAsNull, optionalText(NAV_LIMITS.ivrCodeMax)),
    dn: z.preprocess(blankAsNull, optionalText(NAV_LIMITS.ivrDnMax)),
    type: z.literal('ROUTE').default('ROUTE'),
    nodes: z.preprocess((v) => v ?? [], z.array(ivrNodeSchema).max(NAV_LIMITS.ivrChildrenMax)),
  }),
) as z.ZodType<IvrNode>;

const ivrNodes = () => z.preprocess((v) => v ?? [], z.array(ivrNodeSchema).max(NAV_LIMITS.ivrChildrenMax));
const ivrRoot = <K extends IvrRootKey>(key: K) =>
  z.preprocess((v) => v ?? { key }, z.object({ key: z.literal(key), nodes: ivrNodes() }));

/** Depth and size of the tree (ours: 5 levels below a root, 500 nodes), said at the first node too deep. */
function checkIvrTree(
  config: { ivrRoutes: IvrNode[]; inScore: { nodes: IvrNode[] }; outScore: { nodes: IvrNode[] } },
  ctx: z.RefinementCtx,
) {
  let count = 0;
  const walk = (nodes: IvrNode[], level: number, path: PropertyKey[]) => {
    nodes.forEach((node, i) => {
      count++;
      if (level > NAV_LIMITS.ivrDepthMax) {
        ctx.addIssue({
          code: 'custom',
          message: 'nav.ivr.tooDeep',
          params: { maximum: NAV_LIMITS.ivrDepthMax },
          path: [...path, i],
        });
        return;
      }
      walk(node.nodes, level + 1, [...path, i, 'nodes']);
    });
  };
  walk(config.ivrRoutes, 1, ['ivrRoutes']);
  walk(config.inScore.nodes, 1, ['inScore', 'nodes']);
  walk(config.outScore.nodes, 1, ['outScore', 'nodes']);
  if (count > NAV_LIMITS.ivrNodesMax)
    ctx.addIssue({
      code: 'custom',
      message: 'nav.ivr.tooMany',
      params: { maximum: NAV_LIMITS.ivrNodesMax },
      path: ['ivrRoutes'],
    });
}

/**
 * IVR hotlineConfig (spec §3.7): the route tree, the two fixed roots (keys InScore and OutScore, each with nodes)
 * and the score entry (name, type ROUTE).
 */
export const ivrHotlineConfigSchema = z
  .object({
    ivrRoutes: ivrNodes(),
    inScore: ivrRoot('InScore'),
    outScore: ivrRoot('OutScore'),
    score: z.object({ name: name(), type: z.literal('ROUTE').default('ROUTE') }).nullish(),
  })
  .superRefine(checkIvrTree);
export type IvrHotlineConfig = z.output<typeof ivrHotlineConfigSchema>;

// ---- per kind ------------------------------------------------------------------------------------------------

/** The config schema of each kind, and which of the two config fields holds it. */
export const NAV_CONFIG_SCHEMAS = {
  SELF: selfOnlineConfigSchema,
  BOTTOM: bottomOnlineConfigSchema,
  SIDE: sideOnlineConfigSchema,
  GROUP: groupOnlineConfigSchema,
  IVR: ivrHotlineConfigSchema,
} as const satisfies Record<NavKind, z.ZodType>;
export type NavConfigOf<K extends NavKind> = z.output<(typeof NAV_CONFIG_SCHEMAS)[K]>;
export type NavOnlineConfig = SelfOnlineConfig | BottomOnlineConfig | SideOnlineConfig | GroupOnlineConfig;

/** The field a kind's config travels in: onlineConfig for the four online kinds, hotlineConfig for IVR. */
export const navConfigField = (kind: NavKind): 'onlineConfig' | 'hotlineConfig' =>
  NAV_TYPE_OF_KIND[kind] === 'HOTLINE' ? 'hotlineConfig' : 'onlineConfig';

/** What a new navigation of a kind starts with: SELF one tab 标签-1, IVR the two empty roots, the others empty. */
export function defaultNavConfig<K extends NavKind>(kind: K): NavConfigOf<K> {
  const configs: { [P in NavKind]: NavConfigOf<P> } = {
    SELF: { tabs: [{ name: defaultTabName(1), menus: [] }], buttons: [] },
    BOTTOM: { buttons: [] },
    SIDE: { buttons: [] },
    GROUP: { routes: [] },
    IVR: {
      ivrRoutes: [],
      inScore: { key: 'InScore', nodes: [] },
      outScore: { key: 'OutScore', nodes: [] },
      score: null,
    },
  };
  return configs[kind];
}

/** A new navigation as the editor opens it (spec §4: per-kind default name and welcome). */
export function newNavDraft(kind: NavKind) {
  return {
    name: NAV_DEFAULT_NAMES[kind],
    type: NAV_TYPE_OF_KIND[kind],
    kind,
    welcome: NAV_DEFAULT_WELCOMES[kind],
    [navConfigField(kind)]: defaultNavConfig(kind),
  } as {
    name: string;
    type: NavType;
    kind: NavKind;
    welcome: string;
    onlineConfig?: NavOnlineConfig;
    hotlineConfig?: IvrHotlineConfig;
  };
}

/** Keeps only the params of each item's type and the sub-menus of MENU items (what the customer can reach). */
function tidyItem<T extends { type: NavAction; params: NavParams; menus?: unknown[] | null | undefined }>(item: T): T {
  const keep = NAV_ACTION_PARAMS[item.type];
  const params = Object.fromEntries(keep.map((k) => [k, item.params[k] ?? null])) as NavParams;
  const tidy = { ...item, params };
  if ('menus' in item) {
    const menus = item.type === 'MENU' ? ((item.menus ?? []) as T[]).map(tidyItem) : [];
    return { ...tidy, menus } as T;
  }
  return tidy;
}

/** The next free `route-N` for a route saved without an id. */
function withRouteIds(config: GroupOnlineConfig): GroupOnlineConfig {
  const taken = new Set(config.routes.map((r) => r.id).filter(Boolean));
  let n = 0;
  const next = () => {
    do n++;
    while (taken.has(`route-${n}`));
    taken.add(`route-${n}`);
    return `route-${n}`;
  };
  return {
    routes: config.routes.map((r) => ({
      ...r,
      id: r.id || next(),
      groups: r.groups.map(({ groupId, weight }) => ({ groupId, weight })),
    })),
  };
}

/** A parsed config as stored: params of the item's type only, route ids filled in. */
function tidyConfig(kind: NavKind, config: unknown): unknown {
  switch (kind) {
    case 'SELF': {
      const c = config as SelfOnlineConfig;
      return {
        tabs: c.tabs.map((t) => ({ ...t, menus: t.menus.map(tidyItem) })),
        buttons: c.buttons.map(tidyItem),
      };
    }
    case 'BOTTOM':
      return { buttons: (config as BottomOnlineConfig).buttons.map(tidyItem) };
    case 'SIDE':
      return { buttons: (config as SideOnlineConfig).buttons.map(tidyItem) };
    case 'GROUP':
      return withRouteIds(config as GroupOnlineConfig);
    default:
      return config;
  }
}

// ---- the record ----------------------------------------------------------------------------------------------

/** A service line binding a navigation (the "used lines" column). */
export const navLineSchema = z.object({ lineId: z.string(), lineName: z.string() });

/**
 * A navigation (online-service-config §3.7). `onlineConfig` holds the config of an online kind, `hotlineConfig` an
 * IVR's (the other is null). GROUP routes answer each group's name; `lines` are the live lines binding it.
 */
export const csNavSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullish(),
  type: NavType.schema,
  kind: NavKind.schema,
  welcome: z.string().nullish(),
  onlineConfig: z
    .union([selfOnlineConfigSchema, groupOnlineConfigSchema, sideOnlineConfigSchema, bottomOnlineConfigSchema])
    .nullish(),
  hotlineConfig: ivrHotlineConfigSchema.nullish(),
  lines: z.array(navLineSchema),
  tenantId: z.string().nullish(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type CsNav = z.infer<typeof csNavSchema>;

// ---- save ----------------------------------------------------------------------------------------------------

/**
 * /v3/chats/cs-nav/create or /change (spec §7): id, name, type, kind, version, welcome and the config of the kind —
 * onlineConfig for SELF, BOTTOM, SIDE and GROUP, hotlineConfig for IVR; the other is refused (null allowed). type
 * follows kind (left out: the kind's). A config left out keeps the stored one (a new navigation: the kind's
 * default). The server refuses a change of type or kind (they are fixed once created, spec §5).
 */
export const csNavSaveSchema = z
  .object({
    ...saveKeysShape,
    name: name(),
    code: z.preprocess(blankAsNull, optionalText(NAV_LIMITS.codeMax)),
    type: NavType.schema.optional(),
    kind: NavKind.schema,
    welcome: optionalText(NAV_LIMITS.welcomeMax),
    onlineConfig: z.unknown().optional(),
    hotlineConfig: z.unknown().optional(),
  })
  .superRefine(requireVersionOnChange)
  .transform((body, ctx) => {
    const { kind } = body;
    const type = NAV_TYPE_OF_KIND[kind];
    if (body.type !== undefined && body.type !== type)
      ctx.addIssue({ code: 'custom', message: 'nav.typeOfKind', params: { kind, type }, path: ['type'] });
    const field = navConfigField(kind);
    const other = field === 'onlineConfig' ? 'hotlineConfig' : 'onlineConfig';
    if (body[other] != null) ctx.addIssue({ code: 'custom', message: 'nav.config.notForKind', path: [other] });
    let config: unknown;
    if (body[field] != null) {
      const parsed = NAV_CONFIG_SCHEMAS[kind].safeParse(body[field]);
      if (parsed.success) config = tidyConfig(kind, parsed.data);
      else for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [field, ...issue.path] } as never);
    }
    return {
      id: body.id,
      version: body.version,
      name: body.name,
      code: body.code ?? null,
      type,
      kind,
      welcome: body.welcome ?? null,
      onlineConfig: field === 'onlineConfig' ? (config as NavOnlineConfig | undefined) : undefined,
      hotlineConfig: field === 'hotlineConfig' ? (config as IvrHotlineConfig | undefined) : undefined,
    };
  });
export type CsNavSave = z.output<typeof csNavSaveSchema>;
export type CsNavSaveInput = z.input<typeof csNavSaveSchema>;

/** /v3/chats/cs-nav/page and /list (spec §7: kind, keyword, type), the trash, a /list limit. */
export const csNavFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(NAV_LIMITS.nameMax)),
  kind: filter(NavKind.schema),
  type: filter(NavType.schema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type CsNavFilter = z.infer<typeof csNavFilterSchema>;

// ---- icon upload configuration (spec §7) ---------------------------------------------------------------------

/**
 * /v3/worker/center/upload/config?dir=: how to upload into a folder and show what was uploaded — public read (the
 * organisation's people may all read an attached file, not only its uploader), how long an unattached upload lives
 * (3600 s), the URL prefix to put before a stored path, the largest file.
 */
export const uploadConfigQuerySchema = z.object({ dir: z.string().trim().min(1).max(100) });
export const uploadConfigSchema = z.object({
  dir: z.string(),
  publicRead: z.boolean(),
  validSeconds: z.number().int(),
  urlPrefix: z.string(),
  maxBytes: z.number().int(),
});
export type UploadConfig = z.infer<typeof uploadConfigSchema>;
