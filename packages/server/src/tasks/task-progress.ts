import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { qcTaskSessions } from '../db/schema/qc-tasks.js';

/** How far a task's run is: sessions in its scope, of which done (result written), failed and still pending. */
export interface TaskCounts {
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly pending: number;
}

export async function taskCounts(
  db: Pick<Database, 'select'>,
  taskIds: readonly number[],
): Promise<Map<number, TaskCounts>> {
  const out = new Map<number, TaskCounts>();
  if (taskIds.length === 0) return out;
  const rows = await db
    .select({
      taskId: qcTaskSessions.taskId,
      total: sql<number>`count(*)::int`,
      done: sql<number>`(count(*) filter (where ${qcTaskSessions.state} = 'DONE'))::int`,
      failed: sql<number>`(count(*) filter (where ${qcTaskSessions.state} = 'FAILED'))::int`,
    })
    .from(qcTaskSessions)
    .where(inArray(qcTaskSessions.taskId, [...taskIds]))
    .groupBy(qcTaskSessions.taskId);
  for (const id of taskIds) out.set(id, { total: 0, done: 0, failed: 0, pending: 0 });
  for (const r of rows)
    out.set(r.taskId, { total: r.total, done: r.done, failed: r.failed, pending: r.total - r.done - r.failed });
  return out;
}

export async function taskCount(db: Pick<Database, 'select'>, taskId: number): Promise<TaskCounts> {
  return (await taskCounts(db, [taskId])).get(taskId)!;
}
