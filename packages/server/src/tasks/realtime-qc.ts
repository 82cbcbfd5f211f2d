import type { LiveChange } from '@qcdesk/contracts';
import {
  type Compiled,
  compileScheme,
  type InspectionResult,
  inspect,
  inspectAsync,
  modelFromConfig,
  modelTasks,
} from '@qcdesk/engine';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect.js';
import { agentAlarms, chatSessions, qcTaskSessions, qcTasks } from '../db/schema/index.js';
import type { AppliedBatch } from '../live/accept-events.js';
import { changeOf } from '../live/live-updates.js';
import { pgArrayText } from '../live/load-desk.js';
import { type QcModel, qcModelOf } from '../models/qc-model.js';
import type { Evaluator } from '../queue/evaluation.js';
import { loadActiveLibraries } from './censor-libraries.js';
import { evaluationJob, type TaskRow } from './run-task.js';
import { loadSchemeDefinition, type SchemeDefinition } from './scheme-definition.js';
import { type LoadedSession, withMessages } from './session-chunk.js';
import { writeAiChunk, writeManualChunk } from './write-results.js';

/** Characters of evidence an alarm's reason quotes at most. */
const REASON_MAX = 300;
/** Compiled schemes kept (one per scheme version and model in use). */
const COMPILED_MAX = 32;

/** An alarm as raised, for the change notices and for tests. */
export interface RaisedAlarm {
  readonly id: number;
  readonly agentId: number;
  readonly sessionId: string;
  readonly ruleId: number;
  readonly messageSeq: number;
  readonly alarmTime: Date;
}

export interface RealtimeQcOptions {
  /** where the raised alarms are announced (the monitors' change notices) */
  readonly publish?: (organizationId: number, changes: readonly LiveChange[]) => void;
  readonly onAlarms?: (organizationId: number, alarms: readonly RaisedAlarm[]) => void;
  readonly onError?: (error: unknown) => void;
}

type Ready = { readonly compiled: Compiled; readonly sync: boolean } | { readonly failed: string };

/**
 * REAL_TIME_TEXT QC tasks (tickets spec §3 "QC task" types; issue 20 "Real time"): an ACTIVE task inspects the live
 * sessions of its lines as their messages arrive. It follows the live feed; after each committed batch it runs the
 * task's scheme — compiled here once per scheme version (`SchemeDefinition.key`) and model, without the trace — on
 * every session that got messages or an agent, as it stands, and a rule that hits on a message for the first time in
 * the session raises one agent alarm (unique per session, rule and task). When the session closes the task writes its
 * final AI result through the offline path (`evaluationJob` → the evaluator → `writeAiChunk`), so it is the record an
 * offline inspection of the same session gives.
 *
 * Batches are worked off in the background, one at a time and in order, so the feed's caller never waits for QC;
 * batches that pile up meanwhile are taken together (each session inspected once for all of them).
 */
export class RealtimeQc {
  private pending: AppliedBatch[] = [];
  private running: Promise<void> | null = null;
  private readonly compiled = new Map<string, Ready>();

  constructor(
    private readonly db: Database,
    private readonly evaluator: Evaluator,
    private readonly options: RealtimeQcOptions = {},
  ) {}

  /** Takes a committed batch of the feed (its listener). */
  take(batch: AppliedBatch): void {
    if (!batch.events.some((e) => e.type === 'MESSAGE' || e.type === 'SESSION_CLOSED' || e.type === 'SESSION_ASSIGNED'))
      return;
    this.pending.push(batch);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when every batch taken so far is inspected (tests, shutdown). */
  async whenIdle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batches = this.pending.splice(0);
      const byOrg = new Map<number, { touched: Set<string>; closed: Set<string>; grown: Set<string> }>();
      for (const batch of batches) {
        let entry = byOrg.get(batch.organizationId);
        if (entry === undefined) {
          entry = { touched: new Set(), closed: new Set(), grown: new Set() };
          byOrg.set(batch.organizationId, entry);
        }
        for (const e of batch.events) {
          if (e.sessionId === null) continue;
          if (e.type === 'MESSAGE' || e.type === 'SESSION_ASSIGNED') {
            entry.touched.add(e.sessionId);
            entry.grown.add(e.sessionId);
          }
          if (e.type === 'SESSION_CLOSED') {
            entry.touched.add(e.sessionId);
            entry.closed.add(e.sessionId);
          }
        }
      }
      for (const [organizationId, { touched, closed, grown }] of byOrg) {
        try {
          await this.inspectSessions(organizationId, [...touched], closed, grown);
        } catch (error) {
          (this.options.onError ?? defaultError)(error);
        }
      }
    }
  }

  /**
   * Runs the organisation's real-time tasks on the sessions; writes the final results of the closed ones. With
   * `grown`, only those sessions are inspected live (the others only closed: their messages and agent are as at
   * their last inspection, which raised what they hold).
   */
  async inspectSessions(
    organizationId: number,
    sessionIds: readonly string[],
    closed: ReadonlySet<string>,
    grown?: ReadonlySet<string>,
  ) {
    const db = this.db;
    const tasks = await db
      .select()
      .from(qcTasks)
      .where(
        and(
          eq(qcTasks.organizationId, organizationId),
          eq(qcTasks.type, 'REAL_TIME_TEXT'),
          eq(qcTasks.status, 'ACTIVE'),
          eq(qcTasks.deleted, 'NONE'),
        ),
      );
    if (tasks.length === 0 || sessionIds.length === 0) return;
    const lineIds = new Set(tasks.flatMap((t) => t.lineIds));
    // the sessions whole in one read (those of other lines are few: a desk's lines are mostly watched), the ids as
    // one array parameter
    const rows = await db
      .select()
      .from(chatSessions)
      .where(
        and(
          eq(chatSessions.organizationId, organizationId),
          sql`${chatSessions.sessionId} = any(${`{${sessionIds.map(pgArrayText).join(',')}}`}::text[])`,
        ),
      );
    const wanted = rows.filter((r) => r.lineId !== null && lineIds.has(r.lineId));
    if (wanted.length === 0) return;
    const loaded = await withMessages(db, wanted);
    let model: QcModel | null = null;
    const defs = new Map<number, SchemeDefinition | null>();
    const raised: RaisedAlarm[] = [];
    for (const task of tasks) {
      const mine = loaded.filter((s) => inScope(task, s));
      if (mine.length === 0) continue;
      if (!defs.has(task.schemeId))
        defs.set(task.schemeId, await loadSchemeDefinition(db, organizationId, task.schemeId));
      const def = defs.get(task.schemeId)!;
      if (def === null) continue;
      const ended = mine.filter((s) => closed.has(s.row.sessionId) && s.row.status === 'CLOSED');
      if (def.targetType === 'PERSON') {
        // a PERSON scheme judges nothing live; its closed sessions wait for the inspectors, as offline
        await this.writeFinal(task, def, ended, null);
        continue;
      }
      model ??= await qcModelOf(db, organizationId);
      const live = grown === undefined ? mine : mine.filter((s) => grown.has(s.row.sessionId));
      raised.push(...(await this.raiseAlarms(organizationId, task, def, model, live)));
      await this.writeFinal(task, def, ended, model);
    }
    if (raised.length > 0) {
      this.options.onAlarms?.(organizationId, raised);
      this.options.publish?.(organizationId, [
        {
          ...changeOf(
            'alarm',
            raised.map((a) => a.id),
          ),
          agentIds: [...new Set(raised.map((a) => String(a.agentId)))],
        },
      ]);
    }
  }

  /** Inspects the sessions as they stand; a rule hitting on a message raises its alarm (once per session). */
  private async raiseAlarms(
    organizationId: number,
    task: TaskRow,
    def: SchemeDefinition,
    model: QcModel,
    sessions: readonly LoadedSession[],
  ): Promise<RaisedAlarm[]> {
    const ready = this.compile(def, model);
    if ('failed' in ready) return [];
    const values: (typeof agentAlarms.$inferInsert)[] = [];
    const now = new Date();
    for (const session of sessions) {
      const agentId = session.row.agentId;
      // nobody to alarm yet: the hit is raised once an agent serves the session (the next inspection)
      if (agentId === null || session.engine.messages.length === 0) continue;
      const result: InspectionResult = ready.sync
        ? inspect(ready.compiled, session.engine, { trace: false })
        : await inspectAsync(ready.compiled, session.engine, { trace: false });
      for (const rule of result.rules) {
        if (!rule.hit) continue;
        const evidence = rule.conditions.filter((c) => c.hit).flatMap((c) => c.hits);
        // a rule that hits by what is absent so far (no greeting yet…) is judged when the session closes, not live
        if (evidence.length === 0) continue;
        const first = Math.min(...evidence.map((h) => h.message));
        const quoted = [...new Set(evidence.filter((h) => h.message === first).map((h) => h.text))].join('、');
        const name = def.rules.get(Number(rule.ruleId))?.ruleName ?? rule.ruleName;
        values.push({
          organizationId,
          agentId,
          sessionId: session.row.sessionId,
          type: 'QC_RULE',
          source: task.name,
          ruleId: Number(rule.ruleId),
          reason: `${name}：${quoted}`.slice(0, REASON_MAX),
          messageSeq: first,
          alarmTime: now,
        });
      }
    }
    if (values.length === 0) return [];
    const rows = await this.db.insert(agentAlarms).values(values).onConflictDoNothing().returning({
      id: agentAlarms.id,
      agentId: agentAlarms.agentId,
      sessionId: agentAlarms.sessionId,
      ruleId: agentAlarms.ruleId,
      messageSeq: agentAlarms.messageSeq,
      alarmTime: agentAlarms.alarmTime,
    });
    return rows.map((r) => ({ ...r, ruleId: r.ruleId ?? 0, messageSeq: r.messageSeq ?? 0 }));
  }

  /** The final results of closed sessions, exactly as an offline run writes them (same job, same writer). */
  private async writeFinal(
    task: TaskRow,
    def: SchemeDefinition,
    sessions: readonly LoadedSession[],
    model: QcModel | null,
  ): Promise<void> {
    if (sessions.length === 0) return;
    const db = this.db;
    await db
      .insert(qcTaskSessions)
      .values(sessions.map((s) => ({ taskId: task.id, sessionRef: s.row.id })))
      .onConflictDoNothing();
    if (model === null) {
      await writeManualChunk(db, task.id, def, sessions);
      return;
    }
    const libraries = await loadActiveLibraries(db, task.organizationId);
    const outcomes = await this.evaluator.evaluate(evaluationJob(def, { libraries, model }, sessions));
    await writeAiChunk(db, task.id, def, sessions, outcomes);
  }

  /** The scheme compiled for this process, once per version of it and of the model. */
  private compile(def: SchemeDefinition, model: QcModel): Ready {
    const key = `${def.key}.${model.key}`;
    let ready = this.compiled.get(key);
    if (ready === undefined) {
      try {
        const models = modelFromConfig(model.config);
        const compiled = compileScheme(def.engineScheme, def.engineRules, { models });
        ready = { compiled, sync: models.classifySync !== undefined || modelTasks(compiled).size === 0 };
      } catch (error) {
        // the same scheme fails the offline run with its reason; live, it simply raises nothing
        ready = { failed: error instanceof Error ? error.message : String(error) };
      }
      if (this.compiled.size >= COMPILED_MAX) this.compiled.delete(this.compiled.keys().next().value!);
      this.compiled.set(key, ready);
    }
    return ready;
  }
}

function inScope(task: TaskRow, session: LoadedSession): boolean {
  const row = session.row;
  return (
    row.lineId !== null &&
    task.lineIds.includes(row.lineId) &&
    (task.endTime === null || row.beginTime.getTime() <= task.endTime.getTime())
  );
}

function defaultError(error: unknown): void {
  console.error(`real-time QC: ${error instanceof Error ? error.message : String(error)}`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** REAL_TIME_TEXT tasks following the live feed */
    realtimeQc: RealtimeQc;
  }
}

/**
 * Gives the app its real-time QC, following the app's live feed and evaluating closed sessions on the task runner's
 * evaluator; alarms are announced on the app's change notices. Closing the app lets the batches taken finish first.
 */
export function attachRealtimeQc(app: FastifyInstance): RealtimeQc {
  const qc = new RealtimeQc(app.deps.db, app.tasks.evaluator, {
    publish: (organizationId, changes) => app.liveUpdates.announce(organizationId, changes),
    onError: (error) => app.log.error({ err: error }, 'real-time QC failed'),
  });
  app.decorate('realtimeQc', qc);
  app.liveFeed.subscribe((batch) => qc.take(batch));
  app.addHook('preClose', async () => {
    await qc.whenIdle();
  });
  return qc;
}
