import type { TaskRunState } from '@qcdesk/contracts';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { aiResults, manualResults } from '../db/schema/qc-results.js';
import { qcTaskSessions, qcTasks } from '../db/schema/qc-tasks.js';
import { chatSessions } from '../db/schema/sessions.js';
import { BULK_ROWS, refreshStatistics } from '../db/statistics.js';
import { type QcModel, qcModelOf } from '../models/qc-model.js';
import type { EvaluationJob, Evaluator } from '../queue/evaluation.js';
import { type ActiveLibraries, loadActiveLibraries } from './censor-libraries.js';
import { loadSchemeDefinition, type SchemeDefinition } from './scheme-definition.js';
import { type LoadedSession, loadSessions } from './session-chunk.js';
import { writeAiChunk, writeManualChunk } from './write-results.js';

export type TaskRow = typeof qcTasks.$inferSelect;

/** Task types the runner evaluates; the real-time and voice types are run elsewhere (or not yet). */
export const RUNNABLE_TASK_TYPES = ['OFFLINE_TEXT'] as const;

export interface RunOptions {
  readonly signal?: AbortSignal;
  /** called after every chunk is written */
  readonly onChunk?: (written: { done: number; failed: number }) => void;
}

/** How a run ended: finished, stopped (deactivated or aborted), not runnable, or failed with a reason. */
export type RunOutcome = 'DONE' | 'STOPPED' | 'SKIPPED' | 'FAILED';

/** Whether a task should run: active, not deleted, an offline text task. */
export function isRunnable(task: Pick<TaskRow, 'status' | 'deleted' | 'type'>): boolean {
  return (
    task.status === 'ACTIVE' &&
    task.deleted === 'NONE' &&
    (RUNNABLE_TASK_TYPES as readonly string[]).includes(task.type)
  );
}

/**
 * Adds every closed session of the task's lines (started before its end time, if it has one) to its checkpoint
 * table as PENDING; sessions already there keep their state, sessions no longer in scope leave it.
 */
export async function syncTaskScope(db: Database, task: TaskRow): Promise<void> {
  const where = and(
    eq(chatSessions.organizationId, task.organizationId),
    eq(chatSessions.status, 'CLOSED'),
    task.lineIds.length === 0 ? sql`false` : inArray(chatSessions.lineId, task.lineIds),
    task.endTime === null ? undefined : lte(chatSessions.beginTime, task.endTime),
  );
  // a session re-imported onto another line, or reopened, leaves the task (its result, if any, stays)
  await db.execute(
    sql`delete from ${qcTaskSessions} where ${qcTaskSessions.taskId} = ${task.id} and not exists (select 1 from ${chatSessions} where ${chatSessions.id} = ${qcTaskSessions.sessionRef} and ${where})`,
  );
  await db.execute(
    sql`insert into ${qcTaskSessions} (task_id, session_ref) select ${task.id}, ${chatSessions.id} from ${chatSessions} where ${where} on conflict do nothing`,
  );
}

/**
 * Runs a task to the end: every PENDING session of its checkpoint table is evaluated (AI scheme) or given a
 * manual result (PERSON scheme), chunk by chunk, each chunk's results and DONE marks in one transaction. A run
 * killed at any point loses nothing: what was committed is DONE, the rest is still PENDING, and the next run
 * (or the same one started again) continues from there. Results are upserts on (session, scheme), so running
 * again never duplicates.
 */
export async function runTask(
  db: Database,
  evaluator: Evaluator,
  taskId: number,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const task = await readTask(db, taskId);
  if (task === null || !isRunnable(task)) return 'SKIPPED';
  await db
    .update(qcTasks)
    .set({ runState: 'RUNNING', runError: null, runStartTime: new Date(), runEndTime: null })
    .where(eq(qcTasks.id, taskId));
  let written = 0;
  const counting: RunOptions = {
    ...options,
    onChunk: (chunk) => {
      written += chunk.done;
      options.onChunk?.(chunk);
    },
  };
  try {
    await syncTaskScope(db, task);
    const def = await loadSchemeDefinition(db, task.organizationId, task.schemeId);
    if (def === null) throw new Error(`质检方案 ${task.schemeId} 不存在 / QC scheme ${task.schemeId} not found`);
    // passes until nothing is pending: a session re-imported during a pass is PENDING again behind the cursor
    for (;;) {
      // read again each pass: a library switched on or changed meanwhile scans the sessions still to come
      const libraries = def.targetType === 'PERSON' ? null : await loadActiveLibraries(db, task.organizationId);
      // and the model: a platform added or moved to the trash meanwhile answers the sessions still to come
      const model = def.targetType === 'PERSON' ? null : await qcModelOf(db, task.organizationId);
      const result = await onePass(db, evaluator, task, def, { libraries, model }, counting);
      if (result === 'STOPPED') return await finish(db, taskId, 'IDLE', null, 'STOPPED');
      if (result === 0) break;
    }
    if (written >= BULK_ROWS)
      await refreshStatistics(
        db,
        def.targetType === 'PERSON' ? [manualResults, qcTaskSessions] : [aiResults, qcTaskSessions],
      );
    return await finish(db, taskId, 'DONE', null, 'DONE');
  } catch (error) {
    if (options.signal?.aborted) return await finish(db, taskId, 'IDLE', null, 'STOPPED');
    const message = error instanceof Error ? error.message : String(error);
    return await finish(db, taskId, 'FAILED', message.slice(0, 2000), 'FAILED');
  }
}

async function finish(
  db: Database,
  taskId: number,
  state: TaskRunState,
  error: string | null,
  outcome: RunOutcome,
): Promise<RunOutcome> {
  await db
    .update(qcTasks)
    .set({ runState: state, runError: error, runEndTime: new Date() })
    .where(eq(qcTasks.id, taskId));
  return outcome;
}

async function readTask(db: Database, taskId: number): Promise<TaskRow | null> {
  const [task] = await db.select().from(qcTasks).where(eq(qcTasks.id, taskId));
  return task ?? null;
}

/**
 * The evaluation job of a chunk of a task's sessions: what an offline run sends the evaluator, and what real-time QC
 * sends for a session that closed (tasks/realtime-qc.ts), so both write the same record.
 */
export function evaluationJob(
  def: SchemeDefinition,
  { libraries, model }: { libraries: ActiveLibraries | null; model: QcModel | null },
  sessions: readonly LoadedSession[],
): EvaluationJob {
  return {
    // the workers recompile when the scheme, its rules, the libraries or the model change
    key: [def.key, libraries?.input ? libraries.key : '', model?.key ?? ''].join('.'),
    scheme: def.engineScheme,
    rules: def.engineRules,
    ...(libraries?.input ? { libraries: libraries.input } : {}),
    ...(model === null ? {} : { model: model.config }),
    sessions: sessions.map((s) => s.engine),
  };
}

/** One sweep over the PENDING sessions in key order; answers how many chunks it processed, or STOPPED. */
async function onePass(
  db: Database,
  evaluator: Evaluator,
  task: TaskRow,
  def: SchemeDefinition,
  { libraries, model }: { libraries: ActiveLibraries | null; model: QcModel | null },
  options: RunOptions,
): Promise<number | 'STOPPED'> {
  let cursor = 0;
  let chunks = 0;
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  const person = def.targetType === 'PERSON';
  const processChunk = async (refs: number[]) => {
    const sessions = await loadSessions(db, refs);
    const written = person
      ? await writeManualChunk(db, task.id, def, sessions)
      : await writeAiChunk(
          db,
          task.id,
          def,
          sessions,
          await evaluator.evaluate(evaluationJob(def, { libraries, model }, sessions), options.signal),
        );
    options.onChunk?.(written);
  };
  try {
    for (;;) {
      if (failure !== null) break;
      options.signal?.throwIfAborted();
      const current = await readTask(db, task.id);
      if (current === null || !isRunnable(current) || current.schemeId !== task.schemeId) return 'STOPPED';
      const rows = await db
        .select({ ref: qcTaskSessions.sessionRef })
        .from(qcTaskSessions)
        .where(
          and(
            eq(qcTaskSessions.taskId, task.id),
            eq(qcTaskSessions.state, 'PENDING'),
            gt(qcTaskSessions.sessionRef, cursor),
          ),
        )
        .orderBy(asc(qcTaskSessions.sessionRef))
        .limit(evaluator.chunkSize);
      if (rows.length === 0) break;
      cursor = rows[rows.length - 1]!.ref;
      chunks += 1;
      const work: Promise<void> = processChunk(rows.map((r) => r.ref)).then(
        () => {
          inFlight.delete(work);
        },
        (error: unknown) => {
          inFlight.delete(work);
          failure ??= error;
        },
      );
      inFlight.add(work);
      if (inFlight.size >= evaluator.concurrency) await Promise.race(inFlight);
    }
  } finally {
    await Promise.all(inFlight);
  }
  if (failure !== null) throw failure;
  return chunks;
}
