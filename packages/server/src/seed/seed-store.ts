import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConditionConfig } from '@qcdesk/contracts';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { generatePassword } from '../auth/passwords.js';
import type { ServerConfig } from '../config/server-config.js';
import type { Database } from '../db/connect.js';
import { organizations, qcAngleRules, qcAngles, qcRules, qcSchemes, users } from '../db/schema/index.js';
import { checkConditionConfig } from '../routes/qc-rule/check-condition-config.js';
import { BUILT_IN_ROLES, createUser, setUpOrganization } from './accounts.js';
import { DEMO_MANUAL_RULES, EXTRA_DEMO_RULES } from './demo-rules-extra.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';
// the ticket area's states and groups, before the ticket kinds' step that uses them
import './demo-ticket-groups.js';
// the ticket area's demo steps, in this order: the kinds' flows use the ticket groups and states made before them
import './demo-ticket-kinds.js';
// tickets opened from QC results, last of the ticket steps: they need the kinds' flows and the ticket groups
import './demo-tickets.js';

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

/** The demo's roles are the built-in roles every organisation starts with. */
export const DEMO_ROLES = BUILT_IN_ROLES;

/** The demo agent's id (cs-agent), which demo sessions name as their agent. */
export const DEMO_AGENT_ID = 1001;

export interface SeededAccount {
  readonly username: string;
  readonly name: string;
  readonly password: string;
  /** the password came from QCDESK_ADMIN_PASSWORD / QCDESK_DEMO_PASSWORD rather than being generated */
  readonly fromEnvironment: boolean;
}

export interface SeedOptions {
  readonly log?: (line: string) => void;
  /**
   * Called once the organisation and its people exist, before the long demo data (thousands of sessions inspected):
   * the place to show the passwords, so that a first start stopped halfway never leaves the administrator locked out.
   */
  readonly onAccounts?: (accounts: readonly SeededAccount[]) => void;
}

/** The first step of every demo seed, before the `demoSeeders`: the demo rules and schemes. */
const QC_CONFIG_STEP = 'qc-config';
const DEMO_USERS = ['admin', 'inspector', 'supervisor', 'agent'] as const;

/**
 * First start: on a store with no organisation, creates the organisation, the roles and the administrator (with
 * `config.demo` also the inspector, supervisor and agent) in one transaction and hands them to `onAccounts`; then,
 * with `config.demo`, the demo rules and schemes and whatever `demoSeeders` add, step by step, recording each step
 * done on the organisation. A store whose demo seed was interrupted is finished from the first step not done.
 * Returns the accounts made (to print their passwords once; none when finishing an interrupted seed), or null when
 * there was nothing to do.
 */
export async function seedStore(
  db: Database,
  config: ServerConfig,
  logOrOptions: SeedOptions['log'] | SeedOptions = {},
): Promise<SeededAccount[] | null> {
  const options: SeedOptions = typeof logOrOptions === 'function' ? { log: logOrOptions } : logOrOptions;
  const log = options.log ?? (() => {});
  const [existing] = await db.select({ n: count() }).from(organizations);
  if ((existing?.n ?? 0) > 0) {
    if (!config.demo) return null;
    const [unfinished] = await db
      .select()
      .from(organizations)
      .where(isNotNull(organizations.seedSteps))
      .orderBy(asc(organizations.id))
      .limit(1);
    if (unfinished === undefined) return null;
    log('上次首次启动未完成，继续载入演示数据 / the first start was interrupted: finishing the demo data');
    await seedDemo(db, config, unfinished, log);
    return [];
  }
  const { organization, accounts } = await db.transaction((tx) => seedAccounts(tx, config));
  options.onAccounts?.(accounts);
  if (config.demo) await seedDemo(db, config, organization, log);
  return accounts;
}

/** The organisation, the roles and the people, all or nothing. */
async function seedAccounts(db: Database, config: ServerConfig) {
  // the same organisation, roles and administrator as `qcdesk org create` makes
  const adminPassword = config.adminPassword ?? generatePassword();
  const { organization, roleIds } = await setUpOrganization(db, {
    name: '演示公司',
    admin: { username: 'admin', name: '系统管理员', password: adminPassword },
    seedSteps: config.demo ? [] : null,
  });
  const organizationId = organization.id;

  const accounts: SeededAccount[] = [
    { username: 'admin', name: '系统管理员', password: adminPassword, fromEnvironment: config.adminPassword !== null },
  ];
  const account = async (username: (typeof DEMO_USERS)[number], name: string, env: string | null, agentId?: number) => {
    const password = env ?? generatePassword();
    await createUser(db, organizationId, {
      username,
      name,
      password,
      roleIds: [roleIds[username]],
      agentId: agentId ?? null,
    });
    accounts.push({ username, name, password, fromEnvironment: env !== null });
  };
  if (config.demo) {
    await account('inspector', '质检员小李', config.demoPassword);
    await account('supervisor', '主管老周', config.demoPassword);
    await account('agent', '坐席小王', config.demoPassword, DEMO_AGENT_ID);
  }
  return { organization, accounts };
}

/** The demo data after the people: each step not yet recorded on the organisation, then the seed marked complete. */
async function seedDemo(
  db: Database,
  config: ServerConfig,
  organization: typeof organizations.$inferSelect,
  log: (line: string) => void,
): Promise<void> {
  const organizationId = organization.id;
  const done = new Set(organization.seedSteps ?? []);
  const markDone = (q: Database, step: string) =>
    q
      .update(organizations)
      .set({ seedSteps: sql`array_append(${organizations.seedSteps}, ${step})` })
      .where(eq(organizations.id, organizationId));
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.username, [...DEMO_USERS])));
  const userId = (username: (typeof DEMO_USERS)[number]) => {
    const found = people.find((p) => p.username === username);
    if (found === undefined)
      throw new Error(`demo seed: user ${username} of organisation ${organizationId} is missing`);
    return found.id;
  };
  const admin = userId('admin');
  const audit = {
    organizationId,
    creatorId: admin,
    creatorName: '系统管理员',
    modifierId: admin,
    modifierName: '系统管理员',
  };
  if (!done.has(QC_CONFIG_STEP))
    await db.transaction(async (tx) => {
      const rules = await seedRules(tx, audit);
      await seedSchemes(tx, audit, rules);
      await markDone(tx, QC_CONFIG_STEP);
    });
  const context: DemoSeedContext = {
    db,
    config,
    organizationId,
    users: {
      admin,
      inspector: userId('inspector'),
      supervisor: userId('supervisor'),
      agent: { userId: userId('agent'), agentId: DEMO_AGENT_ID },
    },
    rules: await demoRuleKeys(db, organizationId),
    schemes: await demoSchemeKeys(db, organizationId),
    log,
    seededAt: organization.createTime,
  };
  for (const seeder of demoSeeders) {
    if (done.has(seeder.step)) continue;
    if (seeder.atomic)
      await db.transaction(async (tx) => {
        await seeder.seed({ ...context, db: tx });
        await markDone(tx, seeder.step);
      });
    else {
      await seeder.seed(context);
      await markDone(db, seeder.step);
    }
  }
  await db.update(organizations).set({ seedSteps: null }).where(eq(organizations.id, organizationId));
  log(`演示数据 demo data: ${context.rules.size} 条规则 rules, 3 个质检方案 schemes`);
}

/** The demo rules by their fixture id, as the QC configuration step stored them. */
async function demoRuleKeys(db: Database, organizationId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: qcRules.id, outId: qcRules.ruleOutId })
    .from(qcRules)
    .where(and(eq(qcRules.organizationId, organizationId), isNotNull(qcRules.ruleOutId)));
  return new Map(rows.map((r) => [r.outId!, r.id]));
}

async function demoSchemeKeys(db: Database, organizationId: number): Promise<DemoSeedContext['schemes']> {
  const rows = await db
    .select({ id: qcSchemes.id, name: qcSchemes.name })
    .from(qcSchemes)
    .where(eq(qcSchemes.organizationId, organizationId));
  const key = (name: string) => {
    const row = rows.find((r) => r.name === name);
    if (row === undefined) throw new Error(`demo seed: scheme ${name} is missing`);
    return row.id;
  };
  return {
    activeAi: key(demoSchemeFixture().name),
    draftAi: key(DEMO_SCHEME_NAMES.draftAi),
    person: key(DEMO_SCHEME_NAMES.person),
  };
}

type Audit = {
  organizationId: number;
  creatorId: number;
  creatorName: string;
  modifierId: number;
  modifierName: string;
};

interface FixtureRule {
  id: string;
  name: string;
  conditionConfig: Record<string, unknown>;
}

/** The demo rules: fixtures/rules/demo-20.json, ten more, and the manual rules; each checked by the engine. */
export function demoRuleFixtures(): FixtureRule[] {
  const demo20 = JSON.parse(readFileSync(`${FIXTURES}rules/demo-20.json`, 'utf8')) as FixtureRule[];
  return [...demo20, ...(EXTRA_DEMO_RULES as unknown as FixtureRule[])];
}

async function seedRules(db: Database, audit: Audit): Promise<Map<string, number>> {
  const keys = new Map<string, number>();
  for (const rule of demoRuleFixtures()) {
    checkConditionConfig(rule.id, rule.name, rule.conditionConfig);
    const [row] = await db
      .insert(qcRules)
      // the engine just compiled it: it is a condition config
      .values({
        ...audit,
        name: rule.name,
        type: 'AI',
        ruleOutId: rule.id,
        conditionConfig: rule.conditionConfig as ConditionConfig,
      })
      .returning({ id: qcRules.id });
    keys.set(rule.id, row!.id);
  }
  for (const rule of DEMO_MANUAL_RULES) {
    const [row] = await db
      .insert(qcRules)
      .values({
        ...audit,
        name: rule.name,
        type: 'PERSON',
        ruleOutId: rule.id,
        conditionConfig: { conditions: [], ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: rule.scoreNum } },
      })
      .returning({ id: qcRules.id });
    keys.set(rule.id, row!.id);
  }
  return keys;
}

interface FixtureScheme {
  name: string;
  schemeConfig?: { veto?: string[] };
  schemeAngles: { angleName: string; score: number; angleRules: { ruleId: string }[] }[];
}

const DEMO_SCHEME_NAMES = { draftAi: '合规与风控专项（草稿）', person: '人工抽检方案（评分）' } as const;

function demoSchemeFixture(): FixtureScheme {
  return JSON.parse(readFileSync(`${FIXTURES}schemes/demo-scheme.json`, 'utf8')) as FixtureScheme;
}

async function seedSchemes(db: Database, audit: Audit, rules: Map<string, number>) {
  const scheme = async (
    values: Omit<typeof qcSchemes.$inferInsert, 'organizationId'>,
    angles: FixtureScheme['schemeAngles'],
  ): Promise<number> => {
    const [row] = await db
      .insert(qcSchemes)
      .values({ ...audit, ...values })
      .returning({ id: qcSchemes.id });
    for (const angle of angles) {
      const [a] = await db
        .insert(qcAngles)
        .values({ ...audit, schemeId: row!.id, name: angle.angleName, score: angle.score })
        .returning({ id: qcAngles.id });
      const ruleIds = [...new Set(angle.angleRules.map((r) => rules.get(r.ruleId)!))];
      if (ruleIds.length > 0)
        await db
          .insert(qcAngleRules)
          .values(ruleIds.map((ruleId) => ({ ...audit, schemeId: row!.id, angleId: a!.id, ruleId })));
    }
    return row!.id;
  };

  const demo = demoSchemeFixture();
  const activeAi = await scheme(
    {
      name: demo.name,
      type: 'TEXT',
      targetType: 'AI',
      status: 'ACTIVE',
      comments: '演示：四个计分维度合计 100，外加一个不计分的客户标签维度',
      schemeConfig: { veto: (demo.schemeConfig?.veto ?? []).map((id) => String(rules.get(id)!)) },
    },
    demo.schemeAngles,
  );
  const draftAi = await scheme(
    {
      name: DEMO_SCHEME_NAMES.draftAi,
      type: 'TEXT',
      targetType: 'AI',
      status: 'INACTIVE',
      comments: '维度合计 60，补足 100 后方可启用',
      schemeConfig: { veto: [] },
    },
    [
      {
        angleName: '信息安全',
        score: 40,
        angleRules: [
          { ruleId: 'demo-phone-leak' },
          { ruleId: 'demo-bank-card-leak' },
          { ruleId: 'demo-identity-check' },
        ],
      },
      {
        angleName: '舆情风险',
        score: 20,
        angleRules: [{ ruleId: 'demo-public-opinion-threat' }, { ruleId: 'demo-guiding-complaint' }],
      },
    ],
  );
  const person = await scheme(
    {
      name: DEMO_SCHEME_NAMES.person,
      type: 'TEXT',
      targetType: 'PERSON',
      status: 'ACTIVE',
      style: 'SCORE',
      schemeConfig: {
        appraises: [
          { appraise: '服务亮点', required: true },
          { appraise: '改进建议', required: false },
        ],
        veto: ['辱骂或威胁客户', '泄露客户隐私'],
      },
    },
    [
      { angleName: '服务礼仪', score: 25, angleRules: [{ ruleId: 'manual-greeting' }, { ruleId: 'manual-closing' }] },
      { angleName: '沟通能力', score: 15, angleRules: [{ ruleId: 'manual-listening' }] },
      { angleName: '业务能力', score: 60, angleRules: [{ ruleId: 'manual-accuracy' }, { ruleId: 'manual-solution' }] },
    ],
  );
  return { activeAi, draftAi, person };
}
