import {
  idSchema,
  idsAnswerSchema,
  idsSchema,
  LIMITS,
  type QcTaskSave,
  qcTaskContract,
  qcTaskProgressSchema,
} from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineEntityRoutes } from '../../crud/define-entity-routes.js';
import { type Queryable, requireAllVisible } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { requireRow } from '../../crud/rows.js';
import type { Database } from '../../db/connect.js';
import { qcSchemes } from '../../db/schema/qc-config.js';
import { qcTaskSessions, qcTasks } from '../../db/schema/qc-tasks.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { parseTime } from '../../http/time-zone.js';
import { taskCount, taskCounts } from '../../tasks/task-progress.js';
import { fieldError, lineNames, taskLines } from './task-lines.js';
import { progressRecord, TASK, type TaskRow, taskRecord } from './task-record.js';

const tags = ['qc-task'];

/** QC tasks: the contract's page, list, detail, create, change, status and delete, plus progress and rerun. */
export async function qcTaskRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const records = async (rows: TaskRow[], organizationId: number, timeZone: string) => {
    const counts = await taskCounts(
      db,
      rows.map((r) => r.id),
    );
    const names = await schemeNames(
      db,
      rows.map((r) => r.schemeId),
    );
    const lines = await lineNames(
      db,
      organizationId,
      rows.flatMap((r) => r.lineIds),
    );
    return rows.map((r) => taskRecord(r, names.get(r.schemeId) ?? null, lines, counts.get(r.id)!, timeZone));
  };

  defineEntityRoutes(app, qcTaskContract, {
    table: qcTasks,
    keywordColumns: [qcTasks.name],
    where: (filter) => [
      filter.type ? eq(qcTasks.type, filter.type) : undefined,
      filter.status ? eq(qcTasks.status, filter.status) : undefined,
    ],
    listLimit: LIMITS.pageSizeMax,
    records: (rows, { auth, timeZone }) => records(rows, auth.organizationId, timeZone),
    summaries: {
      page: 'QC tasks a page at a time (keyword, type, status), newest change first, each with its progress',
      list: `QC tasks matching the filters (at most ${LIMITS.pageSizeMax})`,
      detail: 'one QC task with its progress',
    },
    save: {
      summary: 'save a QC task: creates without id (INACTIVE), changes with id and version; the type is fixed',
      values: (body, { tx, auth, stored, timeZone }) => {
        if (stored !== null && stored.type !== body.type)
          throw fieldError('type', '任务类型创建后不能修改', 'the task type cannot be changed');
        return taskValues(tx, auth, body, timeZone);
      },
      createValues: (body) => ({ type: body.type, status: 'INACTIVE' as const }),
      afterWrite: async (key, values, { tx, stored }) => {
        if (stored === null) return;
        const scopeChanged =
          stored.schemeId !== values.schemeId ||
          stored.lineIds.join() !== (values.lineIds ?? []).join() ||
          stored.endTime?.getTime() !== values.endTime?.getTime();
        // another scheme or other lines: the checkpoint starts over (results already written stay, one per scheme)
        if (scopeChanged) await tx.delete(qcTaskSessions).where(eq(qcTaskSessions.taskId, key));
      },
      after: (key) => app.tasks.kick(key),
    },
    status: {
      summary: 'activate (runs the task) or deactivate (stops it after the chunk in hand) the selected tasks',
      // the runner compares versions: a task switched off mid-run must not be picked up again as it was
      bumpsVersion: true,
      after: (keys, status) => {
        if (status === 'ACTIVE') for (const key of keys) app.tasks.kick(key);
      },
    },
    delete: {
      summary: 'delete (NONE→TRASH, which stops the task), restore (TRASH→NONE) or empty (TRASH→BUFFER) tasks',
      after: (keys, to) => {
        if (to === 'NONE') for (const key of keys) app.tasks.kick(key);
      },
    },
  });

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-task/progress',
      query: z.object({ taskId: idSchema }),
      body: noBody,
      summary: "a task run's progress: state (IDLE, RUNNING, DONE, FAILED), total, done, failed, pending",
      response: qcTaskProgressSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const task = await requireRow(db, qcTasks, auth, query.taskId, TASK);
      return progressRecord(task, await taskCount(db, task.id), config.timeZone);
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-task/rerun',
      body: z.object({ ids: idsSchema }),
      summary:
        'inspect every session of the selected tasks again (after rules changed); the AI part of each result is replaced, never doubled, and a re-inspection is kept (its review score recomputed over the rules still hit)',
      response: idsAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) => {
      const keys = await requireAllVisible(db, qcTasks, auth, body.ids, TASK);
      await db
        .update(qcTaskSessions)
        .set({ state: 'PENDING', error: null, modifyTime: new Date() })
        .where(inArray(qcTaskSessions.taskId, keys));
      for (const key of keys) app.tasks.kick(key);
      return { ids: body.ids };
    },
  );
}

async function schemeNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: qcSchemes.id, name: qcSchemes.name })
    .from(qcSchemes)
    .where(inArray(qcSchemes.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The columns a task body writes: its scheme (the caller's, live, of the task's kind) and its lines. */
async function taskValues(db: Queryable, auth: RequestAuth, body: QcTaskSave, timeZone: string) {
  const schemeId = dbId(body.schemeId);
  const [scheme] =
    schemeId === null
      ? []
      : await db
          .select({ id: qcSchemes.id, type: qcSchemes.type, deleted: qcSchemes.deleted })
          .from(qcSchemes)
          .where(and(eq(qcSchemes.id, schemeId), eq(qcSchemes.organizationId, auth.organizationId)));
  if (scheme === undefined || scheme.deleted !== 'NONE')
    throw fieldError('schemeId', `质检方案 ${body.schemeId} 不存在`, `QC scheme ${body.schemeId} not found`);
  const wantsText = body.type.endsWith('_TEXT');
  if ((scheme.type === 'TEXT') !== wantsText)
    throw fieldError(
      'schemeId',
      `${body.type} 任务须使用${wantsText ? '文本' : '语音'}质检方案`,
      `a ${body.type} task needs a ${wantsText ? 'TEXT' : 'VOICE'} scheme`,
    );
  // the names at save are kept with the task; answers read the lines' current names
  const lines = await taskLines(db, auth.organizationId, body.lineIds);
  return {
    name: body.name,
    schemeId: scheme.id,
    lineIds: lines.map((l) => l.lineId),
    lines,
    endTime: parseTime(body.endTime, timeZone),
  };
}
