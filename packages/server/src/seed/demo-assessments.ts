import type { ManualAngleInput } from '@qcdesk/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { aiResults, complaints, manualResults } from '../db/schema/qc-results.js';
import { chatSessions } from '../db/schema/sessions.js';
import type { RequestAuth } from '../http/request-auth.js';
import { review } from '../routes/ai-result/ai-result-routes.js';
import { loadPersonScheme, scoreAssessment } from '../routes/qc-manual-result/assess.js';
// the sessions and their AI results come first: that seeder registers on import, before this one
import '../tasks/demo-seeder.js';
// and the image messages appended to the newest sessions
import './demo-chat-images.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';

const DAY = 86_400_000;
const REASONS = ['客户情绪激动，致歉并非推诿', '已按流程答复，扣分不合理', '系统误判关键词', '问题已在会话后电话解决'];
const VERDICTS = { ACTIVE: '核实属实，予以改分', INACTIVE: '会话记录显示确有违规，维持原判' } as const;

/**
 * Demo data of manual inspection and complaints: manual results of the PERSON scheme in every status (the CHECKED
 * ones assessed and scored by the engine), and complaints on AI and manual results in every status, the approved
 * ones re-scored — so the manual result and complaint screens show something on the first start.
 */
export async function seedDemoAssessments(context: DemoSeedContext): Promise<void> {
  const { db, organizationId } = context;
  const person = (userId: number, name: string, agentId: number | null = null): RequestAuth => ({
    userId,
    username: name,
    name,
    organizationId,
    permissions: new Set(),
    service: false,
    agentId,
  });
  const inspector = person(context.users.inspector, '质检员小李');
  const supervisor = person(context.users.supervisor, '主管老周');
  const agent = person(context.users.agent.userId, '坐席小王', context.users.agent.agentId);
  // the newest AI results, the demo agent's first, so that he has something to complain about
  const recent = await db
    .select()
    .from(aiResults)
    .where(eq(aiResults.organizationId, organizationId))
    .orderBy(
      sql`(${aiResults.agentId} = ${context.users.agent.agentId}) desc`,
      sql`jsonb_array_length(${aiResults.resultRules}) = 0`,
      desc(aiResults.sessionBeginTime),
    )
    .limit(40);
  if (recent.length === 0) {
    context.log('演示人工质检 demo assessments: 没有会话，跳过 / no sessions, skipped');
    return;
  }
  const scheme = await loadPersonScheme(db, inspector, String(context.schemes.person));
  const now = Date.now();

  // manual results: 10 CHECKED, 6 READY_CHECKED, the rest UNCHECKED
  const manualIds: number[] = [];
  for (const [i, ai] of recent.slice(0, 24).entries()) {
    const [session] = await db.select().from(chatSessions).where(eq(chatSessions.id, ai.sessionRef));
    if (session === undefined) continue;
    const status = i < 10 ? 'CHECKED' : i < 16 ? 'READY_CHECKED' : 'UNCHECKED';
    const assessed = status === 'CHECKED' ? scoreAssessment(scheme, demoAngles(scheme, i)) : null;
    const [row] = await db
      .insert(manualResults)
      .values({
        organizationId,
        sessionRef: session.id,
        sessionId: session.sessionId,
        chatId: session.chatId,
        lineId: session.lineId,
        agentId: session.agentId,
        agentName: session.agentName,
        agentNick: session.agentNick,
        customerId: session.customerId,
        customerNick: session.customerNick,
        groups: session.groups,
        groupIds: session.groupIds,
        trackClient: session.trackClient,
        satisfaction: session.satisfaction,
        resolved: session.resolved,
        duration: session.duration,
        sessionBeginTime: session.beginTime,
        closeTime: session.closeTime,
        schemeId: scheme.row.id,
        schemeName: scheme.row.name,
        style: scheme.row.style ?? 'SCORE',
        manualStatus: status,
        manualScore: assessed?.manualScore ?? null,
        pass: assessed?.pass ?? null,
        manualAngles: assessed?.manualAngles ?? [],
        appraisals:
          assessed === null
            ? []
            : [
                { title: '服务亮点', appraise: i % 2 === 0 ? '响应及时，语气友好' : '主动跟进问题进度' },
                { title: '改进建议', appraise: i % 3 === 0 ? '解答前先确认客户诉求' : '' },
              ],
        resultTime: assessed === null ? null : new Date(now - (i % 5) * DAY - 3_600_000),
        creatorId: inspector.userId,
        creatorName: inspector.name,
        modifierId: inspector.userId,
        modifierName: inspector.name,
      })
      .onConflictDoNothing({ target: [manualResults.sessionRef, manualResults.schemeId] })
      .returning({ id: manualResults.id });
    if (row !== undefined && status === 'CHECKED') manualIds.push(row.id);
  }

  // complaints in every status, filed over the last three days
  const file = async (
    k: number,
    type: 'AI' | 'MANUAL',
    resultId: number,
    status: 'PENDING' | 'ACTIVE' | 'INACTIVE',
  ) => {
    const table = type === 'AI' ? aiResults : manualResults;
    const [result] = await db.select().from(table).where(eq(table.id, resultId));
    if (result === undefined) return;
    const rules =
      'resultRules' in result
        ? result.resultRules.slice(0, 1).map((r) => ({ ruleId: String(r.ruleId), ruleName: r.ruleName }))
        : result.manualAngles.flatMap((a) =>
            a.manualRules.slice(0, 1).map((r) => ({ ruleId: String(r.ruleId), ruleName: r.ruleName })),
          );
    // the supervisor reviews, so he never files: nobody reviews his own complaint
    const filer = result.agentId === agent.agentId ? agent : inspector;
    const filed = new Date(now - (k % 3) * DAY - (k + 1) * 1_800_000);
    const [row] = await db
      .insert(complaints)
      .values({
        organizationId,
        type,
        resultId,
        schemeId: result.schemeId,
        sessionRef: result.sessionRef,
        sessionId: result.sessionId,
        chatId: result.chatId,
        agentId: result.agentId,
        agentName: result.agentName,
        groups: result.groups,
        groupIds: result.groupIds,
        startTime: result.sessionBeginTime,
        duration: result.duration,
        status: 'PENDING',
        reason: REASONS[k % REASONS.length]!,
        complaintRules: rules.slice(0, 2),
        creatorId: filer.userId,
        creatorName: filer.name,
        modifierId: filer.userId,
        modifierName: filer.name,
        createTime: filed,
        modifyTime: filed,
      })
      .returning({ id: complaints.id });
    await db.update(table).set({ isComplaint: true }).where(eq(table.id, resultId));
    if (status === 'PENDING' || row === undefined) return;
    // an approval re-scores the result as the review screens do: the complained rules' deductions withdrawn
    if (status === 'ACTIVE' && 'resultRules' in result && result.resultRules.length > 0) {
      await review(db, inspector, {
        id: String(result.id),
        version: result.version,
        comments: '申诉成立，已复检',
        rules: rules.map((r) => ({ ruleId: r.ruleId, reviewScore: 0, isVeto: false })),
      });
    }
    if (status === 'ACTIVE' && 'manualAngles' in result) {
      const rescored = scoreAssessment(scheme, demoAngles(scheme, 0));
      await db
        .update(manualResults)
        .set({
          manualAngles: rescored.manualAngles,
          manualScore: rescored.manualScore,
          pass: rescored.pass,
          reviewScore: rescored.manualScore,
          isReview: true,
          version: sql`${manualResults.version} + 1`,
        })
        .where(eq(manualResults.id, result.id));
    }
    await db
      .update(complaints)
      .set({
        status,
        commonReason: VERDICTS[status],
        reviewerId: supervisor.userId,
        reviewerName: supervisor.name,
        reviewTime: new Date(filed.getTime() + 3_600_000),
        modifierId: supervisor.userId,
        modifierName: supervisor.name,
        modifyTime: new Date(filed.getTime() + 3_600_000),
        version: 2,
      })
      .where(and(eq(complaints.id, row.id), eq(complaints.organizationId, organizationId)));
  };
  const aiStatuses = ['PENDING', 'PENDING', 'PENDING', 'ACTIVE', 'ACTIVE', 'INACTIVE', 'INACTIVE'] as const;
  const withHits = recent.filter((r) => r.resultRules.length > 0 && !r.isVeto);
  for (const [k, status] of aiStatuses.entries()) {
    const result = withHits[k];
    if (result !== undefined) await file(k, 'AI', result.id, status);
  }
  const manualStatuses = ['PENDING', 'ACTIVE', 'INACTIVE'] as const;
  for (const [k, status] of manualStatuses.entries()) {
    const id = manualIds[manualIds.length - 1 - k];
    if (id !== undefined) await file(k + aiStatuses.length, 'MANUAL', id, status);
  }
  const [n] = await db
    .select({ manual: sql<number>`count(*)::int` })
    .from(manualResults)
    .where(eq(manualResults.organizationId, organizationId));
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(complaints)
    .where(eq(complaints.organizationId, organizationId));
  context.log(
    `演示人工质检 demo assessments: ${n?.manual ?? 0} 条人工结果 manual results, ${c?.n ?? 0} 条申诉 complaints`,
  );
}

/** A demo assessment: the i-th session loses some points on one rule of each angle; every seventh is fatal. */
function demoAngles(scheme: Awaited<ReturnType<typeof loadPersonScheme>>, i: number): ManualAngleInput[] {
  return scheme.def.engineScheme.schemeAngles.map((angle, a) => ({
    angleId: angle.angleId,
    manualRules: angle.angleRules.slice(0, 1).map((rule) => ({
      angleId: angle.angleId,
      ruleId: rule.ruleId,
      scoreNum: ((i + a) * 3) % 12,
      fatalError: i % 7 === 6 && a === 0,
      reason: ((i + a) * 3) % 12 === 0 ? null : '话术不够规范',
      pass: true,
    })),
  }));
}

// a few dozen rows: all or nothing, so that a finished seed never holds them twice
demoSeeders.push({ step: 'assessments', atomic: true, seed: seedDemoAssessments });
