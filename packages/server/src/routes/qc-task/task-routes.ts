import {
  deleteAnswerSchema,
  deleteBodySchema,
  idSchema,
  idsAnswerSchema,
  idsSchema,
  LIMITS,
  pageQuerySchema,
  type QcTaskFilter,
  type QcTaskSave,
  qcTaskFilterSchema,
  qcTaskPageSchema,
  qcTaskProgressSchema,
  qcTaskSaveSchema,
  qcTaskSchema,
  saveAction,
  savedAnswerSchema,
  statusAnswerSchema,
  statusBodySchema,
} from '@qcdesk/contracts';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createdBy,
  modifiedBy,
  moveDeleted,
  notFound,
  requireAllVisible,
  updateVersioned,
  visible,
} from '../../crud/entity-table.js';
import { dbId, dbIds } from '../../crud/ids.js';
import { offsetOf, pageAnswer, pickFields } from '../../crud/page.js';
import type { Database } from '../../db/connect.js';
import { qcSchemes } from '../../db/schema/qc-config.js';
import { qcTaskSessions, qcTasks } from '../../db/schema/qc-tasks.js';
import { chatSessions } from '../../db/schema/sessions.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { parseTime } from '../../http/time-zone.js';
import { taskCount, taskCounts } from '../../tasks/task-progress.js';
import { escapeLike } from '../qc-rule/rule-routes.js';
import { progressRecord, TASK, type TaskRow, taskRecord } from './task-record.js';

const tags = ['qc-task'];

/** QC tasks: /v3/chats/qc-task/page, list, detail, create, change, status, delete, progress, rerun. */
export async function qcTaskRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const records = async (rows: TaskRow[]) => {
    const counts = await taskCounts(
      db,
      rows.map((r) => r.id),
    );
    const names = await schemeNames(
      db,
      rows.map((r) => r.schemeId),
    );
    return rows.map((r) => taskRecord(r, names.get(r.schemeId) ?? null, counts.get(r.id)!, config.timeZone));
  };

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-task/page',
      query: pageQuerySchema,
      body: qcTaskFilterSchema,
      summary: 'QC tasks a page at a time (keyword, type, status), newest change first, each with its progress',
      response: qcTaskPageSchema,
      tags,
    },
    async ({ query, body, auth }) => {
      const where = taskWhere(body, auth);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(qcTasks)
          .where(where)
          .orderBy(desc(qcTasks.modifyTime), desc(qcTasks.id))
          .limit(query.size)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(qcTasks).where(where),
      ]);
      return pageAnswer(
        (await records(rows)).map((r) => pickFields(r, body.fields)),
        total?.n ?? 0,
        query,
      );
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-task/list',
      body: qcTaskFilterSchema,
      summary: `QC tasks matching the filters (at most ${LIMITS.pageSizeMax})`,
      response: z.array(qcTaskSchema),
      tags,
    },
    async ({ body, auth }) => {
      const rows = await db
        .select()
        .from(qcTasks)
        .where(taskWhere(body, auth))
        .orderBy(desc(qcTasks.modifyTime), desc(qcTasks.id))
        .limit(LIMITS.pageSizeMax);
      return (await records(rows)).map((r) => pickFields(r, body.fields));
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-task/detail',
      query: z.object({ taskId: idSchema }),
      body: noBody,
      summary: 'one QC task with its progress',
      response: qcTaskSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => (await records([await loadTask(db, auth, query.taskId)]))[0],
  );

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
      const task = await loadTask(db, auth, query.taskId);
      return progressRecord(task, await taskCount(db, task.id), config.timeZone);
    },
  );

  for (const path of ['/v3/chats/qc-task/create', '/v3/chats/qc-task/change'] as const) {
    defineRoute(
      app,
      {
        path,
        body: qcTaskSaveSchema,
        summary: 'save a QC task: creates without id (INACTIVE), changes with id and version; the type is fixed',
        response: savedAnswerSchema,
        errors: path.endsWith('/change') ? [404, 409] : [],
        tags,
      },
      async ({ body, auth }) => {
        const id = await saveTask(db, auth, body, config.timeZone);
        app.tasks.kick(Number(id));
        return { id };
      },
    );
  }

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-task/status',
      body: statusBodySchema,
      summary: 'activate (runs the task) or deactivate (stops it after the chunk in hand) the selected tasks',
      response: statusAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) => {
      const keys = await requireAllVisible(db, qcTasks, auth, body.ids, TASK);
      await db
        .update(qcTasks)
        .set({ status: body.status, ...modifiedBy(auth), version: sql`${qcTasks.version} + 1` })
        .where(and(inArray(qcTasks.id, keys), eq(qcTasks.organizationId, auth.organizationId)));
      if (body.status === 'ACTIVE') for (const key of keys) app.tasks.kick(key);
      return { ids: body.ids, status: body.status };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-task/delete',
      body: deleteBodySchema,
      summary: 'delete (NONE→TRASH, which stops the task), restore (TRASH→NONE) or empty (TRASH→BUFFER) tasks',
      response: deleteAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) => {
      const moved = await moveDeleted(db, qcTasks, auth, body.ids, body.deleted, TASK);
      if (body.deleted === 'NONE') for (const key of dbIds(body.ids)) app.tasks.kick(key);
      return moved;
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

function taskWhere(filter: QcTaskFilter, auth: RequestAuth): SQL {
  const parts: SQL[] = [eq(qcTasks.organizationId, auth.organizationId), eq(qcTasks.deleted, 'NONE')];
  if (filter.keyword) parts.push(ilike(qcTasks.name, `%${escapeLike(filter.keyword)}%`));
  if (filter.type) parts.push(eq(qcTasks.type, filter.type));
  if (filter.status) parts.push(eq(qcTasks.status, filter.status));
  return and(...parts)!;
}

async function loadTask(db: Database, auth: RequestAuth, id: string): Promise<TaskRow> {
  const key = dbId(id);
  const [row] =
    key === null
      ? []
      : await db
          .select()
          .from(qcTasks)
          .where(and(eq(qcTasks.id, key), visible(qcTasks, auth)));
  if (row === undefined) throw notFound(TASK, id);
  return row;
}

async function schemeNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: qcSchemes.id, name: qcSchemes.name })
    .from(qcSchemes)
    .where(inArray(qcSchemes.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The lines' names as the sessions of those lines carry them (there is no line table in this server yet). */
async function lineRefs(db: Database, organizationId: number, lineIds: number[]) {
  const rows = await db
    .selectDistinctOn([chatSessions.lineId], { lineId: chatSessions.lineId, lineName: chatSessions.lineName })
    .from(chatSessions)
    .where(and(eq(chatSessions.organizationId, organizationId), inArray(chatSessions.lineId, lineIds)))
    .orderBy(chatSessions.lineId, desc(chatSessions.id));
  const names = new Map(rows.map((r) => [r.lineId, r.lineName]));
  return lineIds.map((lineId) => ({ lineId, lineName: names.get(lineId) ?? '' }));
}

function fieldError(field: string, zh: string, en: string): ApiError {
  return ApiError.badRequest('INVALID_FIELD', `${field}：${zh}`, `${field}: ${en}`, field);
}

async function saveTask(db: Database, auth: RequestAuth, body: QcTaskSave, timeZone: string): Promise<string> {
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
  const lineIds: number[] = [];
  body.lineIds.forEach((id, i) => {
    const key = dbId(id);
    if (key === null) throw fieldError(`lineIds[${i}]`, `服务线路 ${id} 不存在`, `service line ${id} not found`);
    lineIds.push(key);
  });
  const values = {
    name: body.name,
    schemeId: scheme.id,
    lineIds,
    lines: await lineRefs(db, auth.organizationId, lineIds),
    endTime: parseTime(body.endTime, timeZone),
  };
  if (saveAction(body) === 'create') {
    const [row] = await db
      .insert(qcTasks)
      .values({ ...values, type: body.type, status: 'INACTIVE', ...createdBy(auth) })
      .returning({ id: qcTasks.id });
    return String(row!.id);
  }
  const before = await loadTask(db, auth, body.id!);
  if (before.type !== body.type) throw fieldError('type', '任务类型创建后不能修改', 'the task type cannot be changed');
  const key = await updateVersioned(db, qcTasks, auth, body.id!, body.version, values, TASK);
  const scopeChanged =
    before.schemeId !== values.schemeId ||
    before.lineIds.join() !== lineIds.join() ||
    before.endTime?.getTime() !== values.endTime?.getTime();
  // another scheme or other lines: the checkpoint starts over (results already written stay, one per scheme)
  if (scopeChanged) await db.delete(qcTaskSessions).where(eq(qcTaskSessions.taskId, key));
  return String(key);
}
