import { existsSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { qcTasks } from '../db/schema/qc-tasks.js';
import { quickDateRange } from '../http/quick-date.js';
import { importSessions } from '../ingest/import-sessions.js';
import { recordsOfLinesFile } from '../ingest/read-lines-file.js';
import type { RawRecord } from '../ingest/read-records.js';
import { createPoolEvaluator } from '../queue/pool-evaluator.js';
import { type DemoSeedContext, demoSeeders } from '../seed/demo-seeders.js';
// the libraries step first (imported before this module pushes its step): the import and the task scan with them
import '../seed/demo-censor-libraries.js';
import { STC3_SESSIONS_FILE } from '../seed/stc3-sessions-file.js';
import { runTask } from './run-task.js';
import { taskCount } from './task-progress.js';

/**
 * The STC-3 dialogues: QCDESK_SESSIONS (JSON Lines, plain or .gz) when set, else the 4,090 sessions shipped with the
 * project (fixtures/sessions, see its README).
 */
export const STC3_FILE = process.env.QCDESK_SESSIONS || STC3_SESSIONS_FILE;

export const DEMO_LINES = [
  { lineId: 1, lineName: '微博客服-通信' },
  { lineId: 2, lineName: '微博客服-支付与其他' },
] as const;
export const DEMO_GROUPS = [
  { groupId: 1, groupName: '售前咨询组' },
  { groupId: 2, groupName: '售后服务组' },
  { groupId: 3, groupName: '投诉处理组' },
] as const;
const AGENTS = [
  ['小王', '王晓'],
  ['小李', '李娜'],
  ['小张', '张伟'],
  ['小刘', '刘洋'],
  ['小陈', '陈静'],
  ['小杨', '杨帆'],
] as const;
const CHANNELS = ['WEIBO', 'APP', 'WEB', 'WECHAT'] as const;

/** What the demo summaries say a customer asked about, by the words of the dialogue (the first that matches). */
const SUMMARY_TOPICS = [
  {
    words: /话费|扣费|资费|套餐|流量/,
    kind: '资费咨询',
    content: '客户反映话费扣费异常，已核对近三个月账单并解释套餐计费规则',
  },
  {
    words: /信号|网络|宽带|断网/,
    kind: '故障报修',
    content: '客户反映网络信号差，已登记故障并告知维修人员将在 24 小时内联系',
  },
  {
    words: /退款|退货|退钱/,
    kind: '退款申请',
    content: '客户申请退款，已核实订单状态并提交退款申请，3-5 个工作日到账',
  },
  { words: /快递|物流|发货|收货/, kind: '物流查询', content: '客户查询物流进度，已提供运单号并催促仓库尽快发货' },
  { words: /投诉|不满|差评/, kind: '投诉处理', content: '客户对服务不满并提出投诉，已致歉安抚，转投诉处理组跟进' },
  { words: /密码|账号|登录|注册/, kind: '账号问题', content: '客户无法登录账号，已指导通过手机验证码重置密码' },
] as const;
const SUMMARY_OTHER = { kind: '业务咨询', content: '客户咨询业务办理流程，已逐项说明所需材料与办理渠道' } as const;

/**
 * The service summary an agent would have filled for a demo session (about three in five have one): resolved, a
 * line of what was done, the line's summary form and its fields — one of them left empty, as forms often are.
 */
export function demoSummary(h: number, text: string) {
  const topic = SUMMARY_TOPICS.find((t) => t.words.test(text)) ?? SUMMARY_OTHER;
  const resolved = h % 7 !== 0;
  const callBack = !resolved || h % 4 === 0;
  return {
    resolved,
    content: resolved ? `${topic.content}，客户表示满意。` : `${topic.content}，问题尚未解决，待回访确认。`,
    form: '微博客服服务小结',
    fields: [
      { fieldCode: 'category', fieldName: '咨询类型', fieldType: 'LIST_SINGLE', formData: topic.kind },
      {
        fieldCode: 'phone',
        fieldName: '联系电话',
        fieldType: 'PHONE',
        formData: `138****${String(h % 10000).padStart(4, '0')}`,
      },
      { fieldCode: 'callBack', fieldName: '是否回访', fieldType: 'RADIO', formData: callBack ? '是' : '否' },
      {
        fieldCode: 'tags',
        fieldName: '问题标签',
        fieldType: 'CHECKBOX',
        formData: resolved ? [topic.kind] : [topic.kind, '待跟进'],
      },
      {
        fieldCode: 'orderNo',
        fieldName: '关联单号',
        fieldType: 'INPUT',
        formData: h % 3 === 0 ? `GD${h % 1_000_000}` : null,
      },
    ],
  };
}

/** A small stable hash of the session id, so every start dresses the same session the same way. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * Gives an STC-3 dialogue what a desk session has: a line (telecom helpdesks on line 1), an agent (the demo agent
 * 1001 first), one or two skill groups, a channel, a rating derived from the annotators' satisfaction score, a
 * service summary for about three in five, and a start time (`demoBeginTime`) that makes every quick date show
 * something and the lists' default, yesterday, a useful share.
 */
export function dressDemoSession(
  raw: Record<string, unknown>,
  index: number,
  total: number,
  now: number,
  firstAgentId: number,
  timeZone = 'Asia/Shanghai',
) {
  const sessionId = String(raw.sessionId);
  const h = hash(sessionId);
  const messages = (raw.messages ?? []) as { sendTime: number; content: string }[];
  const text = messages.map((m) => m.content).join('');
  const line = /电信|移动|联通|信号|宽带|话费|流量/.test(text) ? DEMO_LINES[0] : DEMO_LINES[1];
  const agent = h % AGENTS.length;
  const begin = demoBeginTime(index, total, now, timeZone);
  const groups = [DEMO_GROUPS[h % 3]!, ...(h % 5 === 0 ? [DEMO_GROUPS[(h + 1) % 3]!] : [])];
  const quality = raw.humanQuality as { S?: number } | undefined;
  const score = typeof quality?.S === 'number' ? Math.min(5, Math.max(1, Math.round(quality.S + 3))) : null;
  return {
    ...raw,
    status: 'CLOSED',
    lineId: line.lineId,
    lineName: line.lineName,
    agentId: firstAgentId + agent,
    agentName: AGENTS[agent]![1],
    agentNick: AGENTS[agent]![0],
    customerNick: `微博用户${h % 10000}`,
    groups,
    trackClient: CHANNELS[h % CHANNELS.length],
    closeWay: h % 3 === 0 ? 'CUSTOMER' : 'AGENT',
    scoreProgress: score === null ? -1 : 1,
    scoreWay: score === null ? null : 'SYSTEM',
    scoreResult: score === null ? null : { score, resolved: (quality?.S ?? 0) >= 0 },
    summary: h % 5 < 3 ? demoSummary(h, text) : false,
    beginTime: begin,
    messages: messages.map((m, k) => ({ ...m, sendTime: begin + (k + 1) * 20_000 })),
  };
}

/** Of the demo sessions, the newest share starts today and the next yesterday; the rest over the 28 days before. */
const TODAY_SHARE = 0.01;
const YESTERDAY_SHARE = 0.25;
/** no session starts in the last hour before the seed, so none has messages after it */
const HOUR = 3_600_000;

/**
 * When the i-th of n demo sessions (newest first) starts, as days count in the console's time zone: 1 % today, a
 * quarter yesterday (the result and complaint lists open on 昨天, issue 15), the rest over the 28 days before, the
 * oldest 29 days before today. Spread evenly within each part, so DAY7 and DAY30 show their share too.
 */
export function demoBeginTime(index: number, total: number, now: number, timeZone: string): number {
  const at = new Date(now);
  const today = quickDateRange('TODAY', at, timeZone)!;
  const yesterday = quickDateRange('YESTERDAY', at, timeZone)!;
  const month = quickDateRange('DAY30', at, timeZone)!;
  const f = (index + 0.5) / total;
  // `share` 0 is the part's newest instant, 1 its oldest
  const within = (from: number, to: number, share: number) => Math.floor(to - share * (to - from));
  if (f < TODAY_SHARE) return within(today.from.getTime(), Math.max(today.from.getTime(), now - HOUR), f / TODAY_SHARE);
  const older = TODAY_SHARE + YESTERDAY_SHARE;
  if (f < older)
    return within(yesterday.from.getTime(), yesterday.to.getTime() - 1, (f - TODAY_SHARE) / YESTERDAY_SHARE);
  return within(month.from.getTime(), yesterday.from.getTime() - 1, (f - older) / (1 - older));
}

async function* dressed(file: string, now: number, firstAgentId: number, timeZone: string): AsyncGenerator<RawRecord> {
  const all: RawRecord[] = [];
  for await (const r of recordsOfLinesFile(file)) all.push(r);
  for (const [i, r] of all.entries())
    yield r.ok
      ? {
          ...r,
          value: dressDemoSession(r.value as Record<string, unknown>, i, all.length, now, firstAgentId, timeZone),
        }
      : r;
}

const DEMO_TASK_NAME = '微博客服离线质检';

/**
 * Demo data of this area: the STC-3 sessions, an active OFFLINE_TEXT task on the active AI scheme over both lines,
 * and its run (on a local worker pool, so the first start has results even before any queue worker exists).
 * Idempotent, so that a start after an interrupted first one finishes it: the sessions are dressed from the seed's
 * start time (the same on every start) and the import skips those already there, the task is made once, and its
 * run continues from its checkpoint.
 */
export async function seedDemoSessions(context: DemoSeedContext): Promise<void> {
  if (!existsSync(STC3_FILE)) {
    context.log(`演示会话 demo sessions: STC-3 文件不存在，跳过 / the STC-3 file is missing, skipped: ${STC3_FILE}`);
    return;
  }
  const started = Date.now();
  const summary = await importSessions(
    context.db,
    context.organizationId,
    dressed(STC3_FILE, context.seededAt.getTime(), context.users.agent.agentId, context.config.timeZone),
  );
  const taskId = await demoTask(context);
  const imported = Date.now();
  const evaluator = createPoolEvaluator();
  try {
    const outcome = await runTask(context.db, evaluator, taskId);
    const counts = await taskCount(context.db, taskId);
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    context.log(
      `演示会话 demo sessions: ${summary.created + summary.updated + summary.unchanged} 个会话 sessions (${seconds(imported - started)} s), 质检任务 task ${outcome} ${counts.done}/${counts.total} (${seconds(Date.now() - imported)} s)`,
    );
  } finally {
    await evaluator.close();
  }
}

/** The demo task: the one an interrupted first start made, else a new one. */
async function demoTask(context: DemoSeedContext): Promise<number> {
  const [existing] = await context.db
    .select({ id: qcTasks.id })
    .from(qcTasks)
    .where(and(eq(qcTasks.organizationId, context.organizationId), eq(qcTasks.name, DEMO_TASK_NAME)));
  if (existing !== undefined) return existing.id;
  const [task] = await context.db
    .insert(qcTasks)
    .values({
      organizationId: context.organizationId,
      name: DEMO_TASK_NAME,
      type: 'OFFLINE_TEXT',
      status: 'ACTIVE',
      schemeId: context.schemes.activeAi,
      lineIds: DEMO_LINES.map((l) => l.lineId),
      lines: DEMO_LINES.map((l) => ({ ...l })),
      creatorId: context.users.admin,
      creatorName: '系统管理员',
      modifierId: context.users.admin,
      modifierName: '系统管理员',
    })
    .returning({ id: qcTasks.id });
  return task!.id;
}

demoSeeders.push({ step: 'sessions', atomic: false, seed: seedDemoSessions });
