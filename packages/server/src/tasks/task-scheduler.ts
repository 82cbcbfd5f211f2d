import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { qcTasks } from '../db/schema/qc-tasks.js';
import type { Evaluator } from '../queue/evaluation.js';
import { RUNNABLE_TASK_TYPES, type RunOutcome, runTask } from './run-task.js';

/**
 * Keeps active tasks running in this process: `kick` starts a task's run, or, when one is under way, asks for
 * another pass after it (new or re-imported sessions arrived). At start it resumes every active task, so a
 * server killed mid-run carries on from its checkpoint.
 */
export class TaskScheduler {
  private readonly running = new Map<number, { promise: Promise<void>; again: boolean }>();
  private readonly abort = new AbortController();
  private closed = false;
  /** the last outcome of each task's run, for tests and logs */
  readonly outcomes = new Map<number, RunOutcome>();

  constructor(
    private readonly db: Database,
    readonly evaluator: Evaluator,
  ) {}

  /** Runs (or re-runs after the current run) one task. */
  kick(taskId: number): void {
    if (this.closed) return;
    const current = this.running.get(taskId);
    if (current !== undefined) {
      current.again = true;
      return;
    }
    const entry = { promise: Promise.resolve(), again: false };
    entry.promise = (async () => {
      do {
        entry.again = false;
        const outcome = await runTask(this.db, this.evaluator, taskId, { signal: this.abort.signal }).catch(
          () => 'FAILED' as const,
        );
        this.outcomes.set(taskId, outcome);
      } while (entry.again && !this.closed);
      this.running.delete(taskId);
    })();
    this.running.set(taskId, entry);
  }

  /** Kicks every active offline task (of one organisation, or of all). */
  async kickActive(organizationId?: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: qcTasks.id })
      .from(qcTasks)
      .where(
        and(
          eq(qcTasks.status, 'ACTIVE'),
          eq(qcTasks.deleted, 'NONE'),
          inArray(qcTasks.type, [...RUNNABLE_TASK_TYPES]),
          organizationId === undefined ? undefined : eq(qcTasks.organizationId, organizationId),
        ),
      );
    for (const { id } of rows) this.kick(id);
    return rows.map((r) => r.id);
  }

  isRunning(taskId: number): boolean {
    return this.running.has(taskId);
  }

  /** Resolves when no run is under way (runs kicked meanwhile included). */
  async whenIdle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((r) => r.promise));
  }

  /** Stops the runs (they stay resumable) and closes the evaluator. */
  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort(new Error('server stopping'));
    await this.whenIdle();
    await this.evaluator.close();
  }
}
