import { fileURLToPath } from 'node:url';
import { csGroupConfigInputSchema, TIMEOUT_BLOCK_DEFAULTS } from '@qcdesk/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { csGroups, csTimes } from '../db/schema/desk-staffing.js';
import { chatSessions } from '../db/schema/sessions.js';
import { type DemoSeedContext, demoSeeders } from '../seed/demo-seeders.js';
// the sessions step first: it makes the agents and groups (records) this step staffs
import { DEMO_GROUPS } from '../tasks/demo-seeder.js';
import { CallPlatformError } from './call-platform/adapter.js';
import { exportFileAdapter } from './call-platform/export-file-adapter.js';
import { pullAgents } from './call-platform/pull-agents.js';

/** The demo call platform's agent export (docs/call-platform-export.md). */
export const DEMO_PLATFORM = {
  code: 'demo-tel',
  file: fileURLToPath(new URL('../../../../fixtures/call-platform/demo-agents.csv', import.meta.url)),
} as const;
export const DEMO_CATEGORY = '微博客服';

/**
 * Staffs the demo desk: two service times (weekdays, and weekends with a National Day special period), a CATEGORY
 * group above the three STC-3 groups the import made, each of those with the weekday time, its receivers (the agents
 * who served its sessions) and an assignment config, and the demo call platform's agents pulled in.
 */
export async function seedDemoStaffing({ db, organizationId, users, seededAt, log }: DemoSeedContext): Promise<void> {
  const audit = {
    organizationId,
    creatorId: users.admin,
    creatorName: '系统管理员',
    modifierId: users.admin,
    modifierName: '系统管理员',
  };
  const year = seededAt.getUTCFullYear();
  const [weekdays, weekends] = await db
    .insert(csTimes)
    .values([
      {
        name: '工作日',
        prompt: '您好，人工客服服务时间为{X}',
        config: {
          generalPeriods: [{ daysOfWeek: [1, 2, 3, 4, 5], beginTime: '09:00', endTime: '18:00' }],
          specialPeriods: [],
        },
        ...audit,
      },
      {
        name: '周末与节假日',
        prompt: '您好，周末及节假日人工客服服务时间为{X}',
        config: {
          generalPeriods: [{ daysOfWeek: [6, 7], beginTime: '10:00', endTime: '16:00' }],
          specialPeriods: [
            {
              beginDate: `${year}-10-01`,
              endDate: `${year}-10-07`,
              beginTime: '10:00',
              endTime: '15:00',
              remark: '国庆节',
            },
          ],
        },
        ...audit,
      },
    ])
    .returning({ id: csTimes.id });
  const [category] = await db
    .insert(csGroups)
    .values({ name: DEMO_CATEGORY, type: 'CATEGORY', intro: '微博渠道的在线客服', timeId: weekdays!.id, ...audit })
    .returning({ id: csGroups.id });

  // receivers: the agents who served each group's sessions
  const served = (
    (await db.execute(sql`
      select distinct g.id::bigint as "groupId", ${chatSessions.agentId} as "agentId"
      from ${chatSessions} cross join lateral unnest(${chatSessions.groupIds}) as g(id)
      where ${chatSessions.organizationId} = ${organizationId} and ${chatSessions.agentId} is not null
      order by 2`)) as unknown as { rows: { groupId: string | number; agentId: string | number }[] }
  ).rows.map((r) => ({ groupId: Number(r.groupId), agentId: Number(r.agentId) }));
  const groupKeys = DEMO_GROUPS.map((g) => g.groupId);
  const present = await db
    .select({ id: csGroups.id })
    .from(csGroups)
    .where(and(eq(csGroups.organizationId, organizationId), inArray(csGroups.id, groupKeys)));
  for (const { id } of present) {
    const complaints = id === 3;
    await db
      .update(csGroups)
      .set({
        timeId: complaints ? weekends!.id : weekdays!.id,
        parentId: category!.id,
        agentIds: served.filter((s) => s.groupId === id).map((s) => s.agentId),
        config: csGroupConfigInputSchema.parse(
          complaints
            ? {
                firstAssign: 'LAST_RECEIVER',
                secondAssign: 'IDLE_RATE',
                enterTimeoutRemind: TIMEOUT_BLOCK_DEFAULTS.enterTimeoutRemind,
              }
            : {
                enterTimeoutRemind: TIMEOUT_BLOCK_DEFAULTS.enterTimeoutRemind,
                enterTimeoutAssign: TIMEOUT_BLOCK_DEFAULTS.enterTimeoutAssign,
                offlineGroupId: String(id === 1 ? 2 : 1),
              },
        ),
        modifierId: users.admin,
        modifierName: '系统管理员',
      })
      .where(and(eq(csGroups.organizationId, organizationId), eq(csGroups.id, id)));
  }

  let pulled = '';
  try {
    const rows = await exportFileAdapter(DEMO_PLATFORM.code, DEMO_PLATFORM.file).readAgents();
    const answer = await pullAgents(
      db,
      { organizationId, userId: users.admin, name: '系统管理员' },
      DEMO_PLATFORM.code,
      rows,
    );
    pulled = `, ${DEMO_PLATFORM.code} ${answer.created} 个坐席 agents (${answer.failed.length} 行未导入 rows skipped)`;
  } catch (error) {
    if (!(error instanceof CallPlatformError)) throw error;
    pulled = `, ${DEMO_PLATFORM.code}: ${error.message}`;
  }
  log(`演示坐席 demo staffing: 2 个服务时间 service times, ${present.length + 1} 个技能组 skill groups${pulled}`);
}

demoSeeders.push({ step: 'desk-staffing', atomic: true, seed: seedDemoStaffing });
