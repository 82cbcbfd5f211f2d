import { type CsNavSaveInput, csNavSaveSchema, type NavKind, percentToWeight } from '@qcdesk/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { csGroups, csNavs } from '../db/schema/index.js';
// the skill groups the GROUP navigation routes to exist once the staffing step ran (seeders run in load order)
import '../desk/demo-staffing.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';

/** The demo's navigation of each kind, by kind (the lines step binds them by these names). */
export const DEMO_NAVS: Readonly<Record<NavKind, string>> = {
  SELF: '微博客服自助导航',
  BOTTOM: '微博客服底部导航',
  SIDE: '微博客服侧边导航',
  GROUP: '微博客服技能组分流',
  IVR: '售后热线IVR导航',
};

const text = (name: string, content: string) => ({ name, type: 'TEXT', params: { content } }) as const;
const link = (name: string, url: string) => ({ name, type: 'LINK', params: { url } }) as const;
const agent = (name: string) => ({ name, type: 'AGENT' }) as const;

/** The configs of the four kinds that route to nothing of the organisation's, as an administrator would build them. */
const CONFIGS = {
  SELF: {
    tabs: [
      {
        name: '常见问题',
        menus: [
          text('营业时间', '人工客服服务时间：工作日 9:00-18:00，周末与节假日 10:00-16:00'),
          link('资费查询', 'https://example.com/tariff'),
          {
            name: '账号问题',
            type: 'MENU',
            menus: [
              text('忘记密码', '请在登录页点击“忘记密码”，按短信验证码提示重置'),
              { name: '更换绑定手机', type: 'SEND', params: { content: '我想更换绑定的手机号' } },
              agent('联系人工客服'),
            ],
          },
        ],
      },
      {
        name: '业务办理',
        menus: [
          link('套餐办理', 'https://example.com/plans'),
          text('发票开具', '在“我的订单”中选择订单即可申请电子发票'),
        ],
      },
    ],
    buttons: [agent('转人工')],
  },
  BOTTOM: {
    buttons: [text('营业时间', '工作日 9:00-18:00'), link('官网', 'https://example.com'), agent('人工客服')],
  },
  SIDE: {
    buttons: [
      link('帮助中心', 'https://example.com/help'),
      {
        name: '更多服务',
        type: 'MENU',
        menus: [link('订单查询', 'https://example.com/orders'), text('退款进度', '退款一般在 3-5 个工作日内原路退回')],
      },
    ],
  },
  IVR: {
    ivrRoutes: [
      {
        name: '售后服务',
        code: '1',
        nodes: [
          { name: '退换货', code: '1', dn: '8001' },
          { name: '维修', code: '2', dn: '8002' },
        ],
      },
      { name: '人工服务', code: '0', dn: '8000' },
    ],
    inScore: {
      key: 'InScore',
      nodes: [
        { name: '满意', code: '1' },
        { name: '不满意', code: '2' },
      ],
    },
    outScore: { key: 'OutScore', nodes: [{ name: '满意', code: '1' }] },
    score: { name: '满意度评价' },
  },
} as const;

/**
 * One navigation of each kind (issue 18 "demo data"): SELF with two tabs and a menu of sub-menus, BOTTOM, SIDE with a
 * menu, GROUP routing to the demo's ONLINE skill groups with weights (presale 60 / after-sales 40, complaints alone),
 * and the hotline's IVR tree. Each is parsed as a save is, so the demo holds only what the console accepts.
 */
export async function seedDemoNavs({ db, organizationId, users, log }: DemoSeedContext): Promise<void> {
  const audit = {
    organizationId,
    creatorId: users.admin,
    creatorName: '系统管理员',
    modifierId: users.admin,
    modifierName: '系统管理员',
  };
  const groups = await db
    .select({ id: csGroups.id })
    .from(csGroups)
    .where(and(eq(csGroups.organizationId, organizationId), eq(csGroups.type, 'ONLINE'), eq(csGroups.deleted, 'NONE')))
    .orderBy(asc(csGroups.id))
    .limit(3);
  const [first, second, third] = groups.map((g) => String(g.id));
  const routes = [
    ...(first === undefined
      ? []
      : [
          {
            name: '综合咨询',
            groups: [
              { groupId: first, weight: percentToWeight(second === undefined ? 100 : 60) },
              ...(second === undefined ? [] : [{ groupId: second, weight: percentToWeight(40) }]),
            ],
          },
        ]),
    ...(third === undefined ? [] : [{ name: '投诉建议', groups: [{ groupId: third, weight: percentToWeight(100) }] }]),
  ];
  const bodies: CsNavSaveInput[] = [
    {
      name: DEMO_NAVS.SELF,
      kind: 'SELF',
      welcome: '您好，欢迎来到微博客服，请问有什么可以帮您？',
      onlineConfig: CONFIGS.SELF,
    },
    { name: DEMO_NAVS.BOTTOM, kind: 'BOTTOM', welcome: '您好，请问有什么可以帮您？', onlineConfig: CONFIGS.BOTTOM },
    { name: DEMO_NAVS.SIDE, kind: 'SIDE', welcome: '您好，请问有什么可以帮您？', onlineConfig: CONFIGS.SIDE },
    {
      name: DEMO_NAVS.GROUP,
      kind: 'GROUP',
      welcome: '您好，正在为您转接人工客服，请稍候～',
      onlineConfig: { routes },
    },
    {
      name: DEMO_NAVS.IVR,
      kind: 'IVR',
      welcome: '您好，欢迎致电售后热线，请问有什么可以帮您？',
      hotlineConfig: CONFIGS.IVR,
    },
  ];
  await db.insert(csNavs).values(
    bodies.map((body) => {
      const nav = csNavSaveSchema.parse(body);
      return {
        ...audit,
        name: nav.name,
        type: nav.type,
        kind: nav.kind,
        welcome: nav.welcome,
        onlineConfig: nav.onlineConfig ?? null,
        hotlineConfig: nav.hotlineConfig ?? null,
      };
    }),
  );
  log(`演示导航 demo navigations: ${Object.values(DEMO_NAVS).join(', ')}`);
}

/** The demo navigations' keys by kind (the lines step binds them); a missing one is a seed bug. */
export async function findDemoNavs(db: Queryable, organizationId: number): Promise<Record<NavKind, number>> {
  const rows = await db
    .select({ id: csNavs.id, kind: csNavs.kind, name: csNavs.name })
    .from(csNavs)
    .where(
      and(
        eq(csNavs.organizationId, organizationId),
        inArray(csNavs.name, Object.values(DEMO_NAVS)),
        eq(csNavs.deleted, 'NONE'),
      ),
    )
    .orderBy(asc(csNavs.id));
  const found = {} as Record<NavKind, number>;
  for (const [kind, name] of Object.entries(DEMO_NAVS) as [NavKind, string][]) {
    const row = rows.find((r) => r.kind === kind && r.name === name);
    if (row === undefined)
      throw new Error(`demo seed: navigation ${name} of organisation ${organizationId} is missing`);
    found[kind] = row.id;
  }
  return found;
}

demoSeeders.push({ step: 'navs', atomic: true, seed: seedDemoNavs });
