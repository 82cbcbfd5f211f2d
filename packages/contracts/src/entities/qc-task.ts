import { z } from 'zod';
import { ActiveStatus, Deleted } from '../enums/common.js';
import { QcTaskType } from '../enums/task.js';
import { auditShape, err, idSchema, LIMITS, requiredText, timeSchema } from '../fields.js';
import { requireVersionOnChange, saveKeysShape } from '../requests/common.js';
import { lineRefSchema } from './refs.js';

/** Where a task's run stands: never run, running, done, stopped by a failure. */
export const TASK_RUN_STATES = ['IDLE', 'RUNNING', 'DONE', 'FAILED'] as const;
export type TaskRunState = (typeof TASK_RUN_STATES)[number];

/** A task's run: state, session counts (pending = total − done − failed), the failure, when it ran. */
export const qcTaskProgressSchema = z.object({
  taskId: z.string(),
  state: z.enum(TASK_RUN_STATES),
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  failed: z.number().int().min(0),
  pending: z.number().int().min(0),
  error: z.string().nullish(),
  startTime: timeSchema.nullish(),
  endTime: timeSchema.nullish(),
});
export type QcTaskProgress = z.infer<typeof qcTaskProgressSchema>;

/** A QC task: binds a scheme to service lines. */
export const qcTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: QcTaskType.schema,
  status: ActiveStatus.schema,
  schemeId: z.string(),
  schemeName: z.string().nullish(),
  lineIds: z.array(z.string()).default([]),
  lines: z.array(lineRefSchema).default([]),
  endTime: timeSchema.nullish(),
  version: z.number().int().nullish(),
  deleted: Deleted.schema.optional(),
  /** the run, as the server answers every task */
  progress: qcTaskProgressSchema.optional(),
  ...auditShape,
});
export type QcTask = z.infer<typeof qcTaskSchema>;

/** /v3/chats/qc-task/create or /change: name (≤ 100), type (fixed once created), scheme and lines required. */
export const qcTaskSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(LIMITS.nameMax),
    type: QcTaskType.schema,
    schemeId: idSchema,
    lineIds: z
      .array(idSchema, { error: (i) => (i.input == null ? 'common.required' : undefined) })
      .min(1, err('common.required')),
    endTime: timeSchema.nullish(),
  })
  .superRefine(requireVersionOnChange);
export type QcTaskSave = z.infer<typeof qcTaskSaveSchema>;
