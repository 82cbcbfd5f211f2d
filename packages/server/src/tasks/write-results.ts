import { type Evidence, readSession, toConditionHitInfo } from '@qcdesk/engine';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { aiResults, manualResults, type StoredResultRule } from '../db/schema/qc-results.js';
import { qcTaskSessions } from '../db/schema/qc-tasks.js';
import { chatSessions } from '../db/schema/sessions.js';
import type { EvaluatedRecord, EvaluationOutcome } from '../queue/evaluation.js';
import { keepReview } from './keep-review.js';
import type { SchemeDefinition } from './scheme-definition.js';
import type { LoadedSession, SessionRow } from './session-chunk.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The session columns every result copies (see qc-results.ts). */
function sessionCopy(row: SessionRow) {
  return {
    organizationId: row.organizationId,
    sessionRef: row.id,
    sessionId: row.sessionId,
    chatId: row.chatId,
    lineId: row.lineId,
    agentId: row.agentId,
    agentName: row.agentName,
    agentNick: row.agentNick,
    customerId: row.customerId,
    customerNick: row.customerNick,
    groups: row.groups,
    groupIds: row.groupIds,
    trackClient: row.trackClient,
    satisfaction: row.satisfaction,
    resolved: row.resolved,
    duration: row.duration,
    sessionBeginTime: row.beginTime,
    closeTime: row.closeTime,
  };
}

/** The hit rules of a record as the spec's resultRules, evidence as conditionHitInfo. */
export function resultRulesOf(
  record: EvaluatedRecord,
  session: LoadedSession,
  def: SchemeDefinition,
): StoredResultRule[] {
  const hit = record.rules.filter((r) => r.hit);
  if (hit.length === 0) return [];
  const transcript = readSession(session.engine);
  return hit.map((rule) => {
    const info = def.rules.get(Number(rule.ruleId));
    return {
      ruleId: Number(rule.ruleId),
      ruleName: info?.ruleName ?? rule.ruleId,
      ruleOutId: info?.ruleOutId ?? null,
      scoreNum: Math.abs(rule.score),
      ruleScoreType: info?.ruleScoreType ?? null,
      hitCount: rule.hitCount,
      reviewScore: null,
      isVeto: false,
      conditions: {
        conditionHitInfo: Object.entries(rule.conditions)
          .filter(([, c]) => c.hit)
          // the record's hits are the engine's evidence without the operator position, which hit info does not read
          .flatMap(([cid, c]) => toConditionHitInfo(c.hits as unknown as Evidence[], cid, transcript)),
      },
    };
  });
}

function censorBanIdsOf(record: EvaluatedRecord): number[] {
  const ids = new Set<number>();
  for (const m of record.censor ?? []) for (const w of m.words) ids.add(Number(w.banId));
  return [...ids].filter((id) => Number.isSafeInteger(id)).sort((a, b) => a - b);
}

/**
 * Writes one chunk's outcomes in one transaction: each result is upserted on (session, scheme) and its task row
 * marked DONE (or FAILED with the reason) together, so a crash leaves either both or neither. A session whose
 * content changed since it was read (a re-import) is left PENDING for the next pass.
 */
export async function writeAiChunk(
  db: Database,
  taskId: number,
  def: SchemeDefinition,
  sessions: readonly LoadedSession[],
  outcomes: readonly EvaluationOutcome[],
): Promise<{ done: number; failed: number; skipped: number }> {
  return db.transaction(async (tx) => {
    const current = await currentHashes(tx, sessions);
    const rows: (typeof aiResults.$inferInsert)[] = [];
    const failures: { ref: number; message: string }[] = [];
    sessions.forEach((s, i) => {
      if (current.get(s.row.id) !== s.row.contentHash) return;
      const outcome = outcomes[i];
      if (outcome === undefined) return;
      if (!outcome.ok) {
        const e = outcome.error;
        failures.push({ ref: s.row.id, message: `${e.code}${e.path ? ` ${e.path}` : ''}: ${e.message}` });
        return;
      }
      const record = outcome.value;
      rows.push({
        ...sessionCopy(s.row),
        schemeId: def.schemeId,
        schemeName: def.name,
        taskId,
        aiScore: record.aiScore ?? 100,
        aiStatus: 'CHECKED',
        isVeto: record.isVeto ?? false,
        resultRules: resultRulesOf(record, s, def),
        censorBanIds: censorBanIdsOf(record),
        modelId: record.model?.modelId ?? null,
        modelFallback: record.model?.fallback ?? false,
      });
    });
    const reviewed = await reviewedResults(
      tx,
      def.schemeId,
      rows.map((r) => r.sessionRef),
    );
    for (const row of rows) {
      const before = reviewed.get(row.sessionRef);
      if (before !== undefined) Object.assign(row, keepReview(def.scoringAngles, row.resultRules ?? [], before));
    }
    for (let i = 0; i < rows.length; i += 500) await upsertAiResults(tx, rows.slice(i, i + 500));
    await markDone(
      tx,
      taskId,
      rows.map((r) => r.sessionRef),
    );
    for (const f of failures) {
      await tx
        .update(qcTaskSessions)
        .set({ state: 'FAILED', error: f.message.slice(0, 2000), modifyTime: new Date() })
        .where(and(eq(qcTaskSessions.taskId, taskId), eq(qcTaskSessions.sessionRef, f.ref)));
    }
    return { done: rows.length, failed: failures.length, skipped: sessions.length - rows.length - failures.length };
  });
}

/**
 * The re-inspected results among those about to be rewritten: session → its reviewed rules. The rows stay locked
 * until the chunk commits, so a re-inspection saved meanwhile waits and then meets the new version (409).
 */
async function reviewedResults(tx: Tx, schemeId: number, sessionRefs: number[]) {
  const reviewed = new Map<number, StoredResultRule[]>();
  if (sessionRefs.length === 0) return reviewed;
  const rows = await tx
    .select({ sessionRef: aiResults.sessionRef, isReview: aiResults.isReview, resultRules: aiResults.resultRules })
    .from(aiResults)
    .where(and(eq(aiResults.schemeId, schemeId), inArray(aiResults.sessionRef, sessionRefs)))
    .for('update');
  for (const r of rows) if (r.isReview) reviewed.set(r.sessionRef, r.resultRules);
  return reviewed;
}

/**
 * ai_results columns a run writes: what the engine decides, and the review score recomputed over it for a
 * re-inspected result (see keepReview); a re-run that decides the same leaves the row untouched.
 */
const AI_COLUMNS = [
  'aiScore',
  'aiStatus',
  'isVeto',
  'resultRules',
  'reviewScore',
  'reviewVeto',
  'censorBanIds',
  'modelId',
  'modelFallback',
  'schemeName',
  'taskId',
] as const;
const COPY_COLUMNS = Object.keys(sessionCopy({} as SessionRow)).filter(
  (k) => k !== 'organizationId' && k !== 'sessionRef',
) as (keyof ReturnType<typeof sessionCopy>)[];

async function upsertAiResults(tx: Tx, rows: (typeof aiResults.$inferInsert)[]): Promise<void> {
  const excluded = (key: keyof typeof aiResults.$inferInsert) => sql.raw(`excluded.${aiResults[key as 'id'].name}`);
  const changed = [...AI_COLUMNS, ...COPY_COLUMNS]
    .map((key) => sql`${aiResults[key as 'id']} is distinct from ${excluded(key)}`)
    .reduce((a, b) => sql`${a} or ${b}`);
  await tx
    .insert(aiResults)
    .values(rows)
    .onConflictDoUpdate({
      target: [aiResults.sessionRef, aiResults.schemeId],
      set: {
        ...Object.fromEntries([...AI_COLUMNS, ...COPY_COLUMNS].map((key) => [key, excluded(key)])),
        version: sql`${aiResults.version} + 1`,
        modifyTime: sql`now()`,
      },
      setWhere: changed,
    });
}

/** A PERSON scheme's task: an UNCHECKED manual result per session for the inspectors; existing ones are kept. */
export async function writeManualChunk(
  db: Database,
  taskId: number,
  def: SchemeDefinition,
  sessions: readonly LoadedSession[],
): Promise<{ done: number; failed: number; skipped: number }> {
  return db.transaction(async (tx) => {
    const current = await currentHashes(tx, sessions);
    const live = sessions.filter((s) => current.get(s.row.id) === s.row.contentHash);
    if (live.length > 0) {
      await tx
        .insert(manualResults)
        .values(
          live.map((s) => ({
            ...sessionCopy(s.row),
            schemeId: def.schemeId,
            schemeName: def.name,
            taskId,
            style: def.style ?? 'SCORE',
            manualStatus: 'UNCHECKED' as const,
          })),
        )
        .onConflictDoNothing({ target: [manualResults.sessionRef, manualResults.schemeId] });
    }
    await markDone(
      tx,
      taskId,
      live.map((s) => s.row.id),
    );
    return { done: live.length, failed: 0, skipped: sessions.length - live.length };
  });
}

async function currentHashes(tx: Tx, sessions: readonly LoadedSession[]): Promise<Map<number, string>> {
  if (sessions.length === 0) return new Map();
  // FOR SHARE: an import changing one of these sessions waits until this chunk is written, or this reads its hash
  const rows = await tx
    .select({ id: chatSessions.id, hash: chatSessions.contentHash })
    .from(chatSessions)
    .where(
      inArray(
        chatSessions.id,
        sessions.map((s) => s.row.id),
      ),
    )
    .for('share');
  return new Map(rows.map((r) => [r.id, r.hash]));
}

async function markDone(tx: Tx, taskId: number, refs: number[]): Promise<void> {
  if (refs.length === 0) return;
  await tx
    .update(qcTaskSessions)
    .set({ state: 'DONE', error: null, modifyTime: new Date() })
    .where(and(eq(qcTaskSessions.taskId, taskId), inArray(qcTaskSessions.sessionRef, refs)));
}
