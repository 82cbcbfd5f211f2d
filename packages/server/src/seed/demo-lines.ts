import {
  defaultLineAgentConfig,
  type LineNoteConfig,
  lineAgentConfigSchema,
  lineMessageConfigSchema,
  lineNoteConfigSchema,
  linePromptConfigSchema,
  lineWaitingConfigSchema,
} from '@qcdesk/contracts';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { apps, chatbots, csAgents, csGroups, csLines, csTimes, grants } from '../db/schema/index.js';
import { moveSequencePast } from '../ingest/create-missing-staff.js';
import { createDefaultApp } from '../routes/app/default-app.js';
import { DEMO_LINES } from '../tasks/demo-seeder.js';
// the steps this one binds the lines to run first (seeders run in the order their modules load): the sessions, the
// staffing (service times, pulled telephone agents), the spaces, the platform and chatbots
import '../desk/demo-staffing.js';
import { DEMO_CHATBOTS } from './demo-bots.js';
import { findDemoNavs } from './demo-navs.js';
import { findDemoScoreConfig } from './demo-score-configs.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';
import { DEMO_TASK_KINDS, findDemoSpaces } from './demo-spaces.js';
import { findDemoSummary } from './demo-summaries.js';

/** The STC-3 line the demo configures in full (the sessions' line 1), and the demo's hotline. */
export const DEMO_ONLINE_LINE = { id: DEMO_LINES[0].lineId, name: DEMO_LINES[0].lineName, code: 'weibo-tel' } as const;
export const DEMO_HOTLINE = { name: '售后热线', code: 'after-sales-hotline' } as const;
export const DEMO_HOTLINE_GROUPS = ['售后热线一组', '售后热线二组'] as const;

/**
 * Two lines configured through every block, as an administrator would after going through the seven screens: the
 * STC-3 online line (app, both chatbots, quick replies, every config, an overload agent) and the hotline 售后热线
 * with two hotline skill groups of the pulled telephone agents; both leave messages as tickets of 售后工单 and are
 * granted to the supervisor and the demo agent. The online line binds the demo's SELF, BOTTOM, SIDE and GROUP
 * navigations, the hotline its IVR navigation.
 */
export async function seedDemoLines({ db, organizationId, users, log }: DemoSeedContext): Promise<void> {
  const audit = {
    organizationId,
    creatorId: users.admin,
    creatorName: '系统管理员',
    modifierId: users.admin,
    modifierName: '系统管理员',
  };
  const spaces = await findDemoSpaces(db, organizationId);
  const scoreConfigId = await findDemoScoreConfig(db, organizationId);
  const summaryConfigId = await findDemoSummary(db, organizationId);
  const appId = await defaultApp(db, organizationId);
  const navs = await findDemoNavs(db, organizationId);
  const bots = await db
    .select({ id: chatbots.id, name: chatbots.name })
    .from(chatbots)
    .where(
      and(
        eq(chatbots.organizationId, organizationId),
        inArray(chatbots.name, [DEMO_CHATBOTS.customer.name, DEMO_CHATBOTS.agent.name]),
        eq(chatbots.deleted, 'NONE'),
      ),
    );
  const botId = (name: string) => bots.find((b) => b.name === name)?.id ?? null;
  const noteConfig: LineNoteConfig = lineNoteConfigSchema.parse({
    prompt: '当前暂无客服在线，请留下您的问题和联系方式，我们会尽快联系您',
    ticketSpaceId: String(spaces.ticket),
    ticketKinds: DEMO_TASK_KINDS.filter((kind) => kind.status === 'ACTIVE').map((kind) => ({
      kindId: String(spaces.kinds.get(kind.code)),
      kindName: kind.name,
      kindCode: kind.code,
    })),
  });
  const shared = {
    appId,
    ticketSpaceId: spaces.ticket,
    replySpaceId: spaces.quick,
    scoreConfigId,
    summaryConfigId,
    noteConfig,
    messageConfig: lineMessageConfigSchema.parse({
      customerRead: true,
      agentRead: true,
      recall: true,
      recallMinutes: 2,
      customerInput: true,
      agentInput: true,
    }),
    modifierId: users.admin,
    modifierName: '系统管理员',
  };

  // the online line: the sessions' line 1 (made here with the desk's id when no session named it)
  const created = await db
    .insert(csLines)
    .values({ id: DEMO_ONLINE_LINE.id, name: DEMO_ONLINE_LINE.name, ...audit })
    .onConflictDoNothing({ target: [csLines.organizationId, csLines.id] })
    .returning({ id: csLines.id });
  if (created.length > 0) await moveSequencePast(db, 'cs_lines');
  const overloadAgent = await demoAgent(db, organizationId, users.agent.agentId);
  await db
    .update(csLines)
    .set({
      ...shared,
      code: DEMO_ONLINE_LINE.code,
      intro: '微博渠道通信业务的在线客服',
      navs: (['SELF', 'BOTTOM', 'SIDE', 'GROUP'] as const).map((navKind) => ({
        navKind,
        navId: String(navs[navKind]),
        timeId: null,
      })),
      customerChatbotId: botId(DEMO_CHATBOTS.customer.name),
      agentChatbotId: botId(DEMO_CHATBOTS.agent.name),
      basicConfig: { login: true },
      agentConfig: lineAgentConfigSchema.parse({
        ...defaultLineAgentConfig(),
        ...(overloadAgent === null ? {} : { overloadServe: 'AGENT', overloadAgentId: String(overloadAgent) }),
        offlineServe: 'NOTE',
        closeTimeout: 10,
        closeTimeoutPrompt: '您已较长时间未回复，本次会话将结束，如有需要请再次咨询',
        closeCustomerHint: true,
        closeCustomerHintPrompt: '请问还有什么可以帮您？',
        agentClosePrompt: '本次服务已结束，感谢您的咨询',
        closeCustomerPrompt: '您已结束本次会话，欢迎再次咨询',
      }),
      waitingConfig: lineWaitingConfigSchema.parse({
        guide: '人工客服繁忙，您也可以先向机器人小Q提问',
        prompt: '您前面还有{X}位访客，请耐心等待',
        vipFirst: true,
        vipTag: 'VIP',
        vipPrompt: '尊敬的会员，正在为您优先接入人工客服',
        longQueuePersons: 20,
        longQueuePrompt: '当前排队人数较多，建议您留言，我们会尽快回复',
        relaxMinutes: 5,
        relaxPrompt: '感谢您的耐心，客服马上就来',
        chatbotServe: true,
        overloadNote: 50,
        timeoutNote: 15,
        notePrompt: '等待时间较长，请留言，我们会尽快联系您',
      }),
      promptConfig: linePromptConfigSchema.parse({
        welcome: '您好，我是客服{X}，很高兴为您服务',
        transfer: '正在为您转接客服{X}，请稍候',
      }),
    })
    .where(and(eq(csLines.organizationId, organizationId), eq(csLines.id, DEMO_ONLINE_LINE.id)));

  // the hotline and its two hotline skill groups: the weekday service time, the call platform's agents
  const [weekdays] = await db
    .select({ id: csTimes.id })
    .from(csTimes)
    .where(and(eq(csTimes.organizationId, organizationId), eq(csTimes.name, '工作日')))
    .orderBy(asc(csTimes.id))
    .limit(1);
  const phoneAgents = (
    await db
      .select({ id: csAgents.id })
      .from(csAgents)
      .where(and(eq(csAgents.organizationId, organizationId), isNotNull(csAgents.callPlatform)))
      .orderBy(asc(csAgents.id))
  ).map((a) => a.id);
  const hotlineGroups = await db
    .insert(csGroups)
    .values(
      DEMO_HOTLINE_GROUPS.map((name, i) => ({
        name,
        type: 'HOTLINE' as const,
        intro: '售后热线的电话坐席',
        timeId: weekdays?.id ?? null,
        // the telephone agents split between the two groups, the first serving in both
        agentIds: phoneAgents.filter((_, k) => k === 0 || k % 2 === i),
        ...audit,
      })),
    )
    .returning({ id: csGroups.id });
  const [hotline] = await db
    .insert(csLines)
    .values({
      ...audit,
      ...shared,
      name: DEMO_HOTLINE.name,
      code: DEMO_HOTLINE.code,
      type: 'HOTLINE',
      intro: '售后问题的电话服务线路',
      navs: [{ navKind: 'IVR', navId: String(navs.IVR), timeId: null }],
      hotlineGroupIds: hotlineGroups.map((g) => g.id),
      basicConfig: { login: false },
      agentConfig: lineAgentConfigSchema.parse({
        ...defaultLineAgentConfig(),
        offlinePrompt: '当前不在热线服务时间，请在工作日 9:00-18:00 来电',
        overloadServe: 'QUEUE',
      }),
      waitingConfig: lineWaitingConfigSchema.parse({
        prompt: '您前面还有{X}位来电，请稍候',
        longQueuePersons: 10,
        longQueuePrompt: '当前来电较多，您可以挂机后留言',
        timeoutNote: 5,
        notePrompt: '等待时间较长，请在提示音后留言',
      }),
      promptConfig: linePromptConfigSchema.parse({
        welcome: '您好，{X}号客服为您服务',
        transfer: '正在为您转接{X}，请不要挂机',
      }),
    })
    .returning({ id: csLines.id });

  // the supervisor and the demo agent may use both lines (the staff panel)
  await db
    .insert(grants)
    .values(
      [DEMO_ONLINE_LINE.id, hotline!.id].flatMap((targetId) =>
        [users.supervisor, users.agent.userId].map((memberId) => ({
          organizationId,
          targetType: 'LINE' as const,
          targetId,
          memberType: 'STAFF' as const,
          memberId,
          creatorId: users.admin,
        })),
      ),
    )
    .onConflictDoNothing();
  log(
    `演示服务线路 demo lines: ${DEMO_ONLINE_LINE.name}, ${DEMO_HOTLINE.name} (${hotlineGroups.length} 个热线技能组 hotline groups)`,
  );
}

/** The organisation's first app not in the trash (its default app), made when it has none. */
async function defaultApp(db: Queryable, organizationId: number): Promise<number> {
  const [app] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.organizationId, organizationId), eq(apps.deleted, 'NONE')))
    .orderBy(asc(apps.id))
    .limit(1);
  return app?.id ?? createDefaultApp(db, organizationId);
}

/** The agent who takes the overflow: the demo agent when his record exists, else the first agent; none: null. */
async function demoAgent(db: Queryable, organizationId: number, agentId: number): Promise<number | null> {
  const agents = await db
    .select({ id: csAgents.id })
    .from(csAgents)
    .where(and(eq(csAgents.organizationId, organizationId), eq(csAgents.deleted, 'NONE')))
    .orderBy(asc(csAgents.id));
  return agents.find((a) => a.id === agentId)?.id ?? agents[0]?.id ?? null;
}

demoSeeders.push({ step: 'lines', atomic: true, seed: seedDemoLines });
