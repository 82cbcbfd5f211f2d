import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { generatePassword } from '../auth/passwords.js';
import { ALL_PERMISSIONS } from '../auth/permissions.js';
import type { ServerConfig } from '../config/server-config.js';
import type { Database } from '../db/connect.js';
import { organizations, qcAngleRules, qcAngles, qcRules, qcSchemes } from '../db/schema/index.js';
import { checkConditionConfig } from '../routes/qc-rule/check-condition-config.js';
import { createOrganization, createRole, createUser, type RoleSpec } from './accounts.js';
import { DEMO_MANUAL_RULES, EXTRA_DEMO_RULES } from './demo-rules-extra.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

export const DEMO_ROLES = {
  admin: { code: 'admin', name: '系统管理员', permissions: [ALL_PERMISSIONS] },
  inspector: {
    code: 'inspector',
    name: '质检员',
    permissions: [
      'qc-scheme.view',
      'qc-scheme.edit',
      'qc-scheme.delete',
      'qc-rule.view',
      'qc-rule.edit',
      'qc-rule.delete',
      'qc-ai-result.view',
      'qc-ai-result.edit',
      'qc-manual-result.view',
      'qc-manual-result.edit',
      'qc-manual-result.status',
      'qc-complaint.view',
      'qc-complaint.review',
      'qc-task.view',
    ],
  },
  supervisor: {
    code: 'supervisor',
    name: '主管',
    permissions: [
      'qc-scheme.view',
      'qc-rule.view',
      'qc-ai-result.view',
      'qc-manual-result.view',
      'qc-manual-result.status',
      'qc-complaint.view',
      'qc-complaint.review',
      'qc-task.view',
      'qc-task.edit',
      'cs-censor-ban.view',
      'cs-censor-log.view',
      'cs-censor-log.export',
    ],
  },
  // an agent sees his own results (the result routes scope by users.agent_id) and files complaints (not reviews)
  agent: {
    code: 'agent',
    name: '坐席',
    permissions: ['qc-ai-result.view', 'qc-manual-result.view', 'qc-complaint.view', 'qc-complaint.edit'],
  },
} as const satisfies Record<string, RoleSpec>;

/** The demo agent's id (cs-agent), which demo sessions name as their agent. */
export const DEMO_AGENT_ID = 1001;

export interface SeededAccount {
  readonly username: string;
  readonly name: string;
  readonly password: string;
  /** the password came from QCDESK_ADMIN_PASSWORD / QCDESK_DEMO_PASSWORD rather than being generated */
  readonly fromEnvironment: boolean;
}

/**
 * First start: on a store with no organisation, creates the organisation, the roles and the administrator; with
 * `config.demo` also the inspector, supervisor and agent, the demo rules and schemes, and whatever `demoSeeders`
 * add. Returns the accounts made (to print their passwords once), or null when the store was not empty.
 */
export async function seedStore(
  db: Database,
  config: ServerConfig,
  log: (line: string) => void = () => {},
): Promise<SeededAccount[] | null> {
  const [existing] = await db.select({ n: count() }).from(organizations);
  if ((existing?.n ?? 0) > 0) return null;
  const organizationId = await createOrganization(db, '演示公司');
  const roleIds: Record<keyof typeof DEMO_ROLES, number> = { admin: 0, inspector: 0, supervisor: 0, agent: 0 };
  for (const key of Object.keys(DEMO_ROLES) as (keyof typeof DEMO_ROLES)[])
    roleIds[key] = await createRole(db, organizationId, DEMO_ROLES[key]);

  const accounts: SeededAccount[] = [];
  const account = async (
    username: string,
    name: string,
    role: keyof typeof DEMO_ROLES,
    env: string | null,
    agentId?: number,
  ) => {
    const password = env ?? generatePassword();
    const id = await createUser(db, organizationId, {
      username,
      name,
      password,
      roleIds: [roleIds[role]],
      agentId: agentId ?? null,
    });
    accounts.push({ username, name, password, fromEnvironment: env !== null });
    return id;
  };
  const admin = await account('admin', '系统管理员', 'admin', config.adminPassword);
  if (!config.demo) return accounts;

  const inspector = await account('inspector', '质检员小李', 'inspector', config.demoPassword);
  const supervisor = await account('supervisor', '主管老周', 'supervisor', config.demoPassword);
  const agentUser = await account('agent', '坐席小王', 'agent', config.demoPassword, DEMO_AGENT_ID);

  const audit = {
    organizationId,
    creatorId: admin,
    creatorName: '系统管理员',
    modifierId: admin,
    modifierName: '系统管理员',
  };
  const rules = await seedRules(db, audit);
  const schemes = await seedSchemes(db, audit, rules);
  const context: DemoSeedContext = {
    db,
    config,
    organizationId,
    users: { admin, inspector, supervisor, agent: { userId: agentUser, agentId: DEMO_AGENT_ID } },
    rules,
    schemes,
    log,
  };
  for (const seeder of demoSeeders) await seeder(context);
  log(`演示数据 demo data: ${rules.size} 条规则 rules, 3 个质检方案 schemes`);
  return accounts;
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
      .values({ ...audit, name: rule.name, type: 'AI', ruleOutId: rule.id, conditionConfig: rule.conditionConfig })
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

  const demo = JSON.parse(readFileSync(`${FIXTURES}schemes/demo-scheme.json`, 'utf8')) as FixtureScheme;
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
      name: '合规与风控专项（草稿）',
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
      name: '人工抽检方案（评分）',
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
