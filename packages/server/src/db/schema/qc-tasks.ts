import type { ActiveStatus, QcTaskType, TaskRunState } from '@qcdesk/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.js';
import { qcSchemes } from './qc-config.js';
import { chatSessions } from './sessions.js';

/**
 * A QC task (spec "QC task"): binds a scheme to service lines. An ACTIVE OFFLINE_TEXT task inspects every closed
 * session of its lines; the run columns are its progress as the API reports it.
 */
export const qcTasks = pgTable(
  'qc_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<QcTaskType>().notNull(),
    status: text('status').$type<ActiveStatus>().notNull().default('INACTIVE'),
    schemeId: bigint('scheme_id', { mode: 'number' })
      .notNull()
      .references(() => qcSchemes.id),
    lineIds: bigint('line_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    lines: jsonb('lines').$type<{ lineId: number; lineName: string }[]>().notNull().default([]),
    endTime: timestamp('end_time', { withTimezone: true }),
    /** IDLE, RUNNING, DONE or FAILED */
    runState: text('run_state').$type<TaskRunState>().notNull().default('IDLE'),
    runError: text('run_error'),
    runStartTime: timestamp('run_start_time', { withTimezone: true }),
    runEndTime: timestamp('run_end_time', { withTimezone: true }),
    ...entityColumns(),
  },
  (t) => [index('qc_tasks_org_idx').on(t.organizationId, t.deleted, t.type, t.modifyTime)],
);

/**
 * The checkpoint of a task run: one row per session the task must inspect, PENDING until its result is written
 * (DONE) or it failed for good (FAILED). Results and DONE marks commit together, so a run killed at any point
 * resumes from the PENDING rows and loses nothing.
 */
export const qcTaskSessions = pgTable(
  'qc_task_sessions',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => qcTasks.id, { onDelete: 'cascade' }),
    sessionRef: bigint('session_ref', { mode: 'number' })
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** PENDING, DONE or FAILED */
    state: text('state').notNull().default('PENDING'),
    error: text('error'),
    modifyTime: timestamp('modify_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.sessionRef] }),
    index('qc_task_sessions_state_idx').on(t.taskId, t.state, t.sessionRef),
    index('qc_task_sessions_session_idx').on(t.sessionRef),
  ],
);
