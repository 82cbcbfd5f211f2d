import { ActiveStatus, type LineRef, type QcTask, QcTaskType } from '@qcdesk/contracts';
import type { EntityDescription } from '../entity/types';

/** A task run's progress as /v3/chats/qc-task/progress (and each task record) reports it. */
export interface TaskProgressRecord {
  taskId: string;
  /** IDLE, RUNNING, DONE or FAILED */
  state: string;
  total: number;
  done: number;
  failed: number;
  pending: number;
  error?: string | null;
  startTime?: string | null;
  endTime?: string | null;
}

/** A QC task as the list reads it: the contract's task with its run's progress. */
export type TaskRecord = QcTask & { progress?: TaskProgressRecord | null };

/** A line's name, or its id when the sessions never named it. */
export function lineLabel(line: LineRef): string {
  return line.lineName || line.lineId;
}

export const TASK_LIST_PATH = '/qc/task/list';
export const TASK_EDIT_PATH = '/qc/task/edit';

/** /qc/task/edit?id={id}&type={type}&_modal=small (create without id). */
export function taskEditTarget(type: string, id?: string) {
  return { path: TASK_EDIT_PATH, query: { id, type, _modal: 'small' } };
}

/**
 * QC tasks (tickets spec §3 "QC tasks"): tabs by type (OFFLINE_TEXT first), bulk activate and deactivate, create
 * and edit gated by qc-task.edit. The progress column is added by the list screen (it polls the server).
 */
export const qcTaskDescription: EntityDescription<TaskRecord> = {
  name: 'qc-task',
  title: 'task.title',
  api: { base: '/v3/chats/qc-task', detailParam: 'taskId' },
  listPath: TASK_LIST_PATH,
  softDelete: false,
  status: { active: 'ACTIVE', inactive: 'INACTIVE' },
  permissions: { create: 'qc-task.edit', status: 'qc-task.edit' },
  tabs: { param: 'type', dictionary: QcTaskType, defaultValue: 'OFFLINE_TEXT' },
  keyword: true,
  filters: [{ key: 'status', label: 'common.status', kind: 'select', dictionary: ActiveStatus }],
  columns: [
    { key: 'name', title: 'common.name', link: (row) => taskEditTarget(row.type, row.id) },
    { key: 'schemeName', title: 'task.scheme' },
    {
      key: 'lines',
      title: 'task.lines',
      kind: 'fold',
      fold: { limit: 3, label: (line) => lineLabel(line as LineRef) },
    },
    { key: 'status', title: 'common.status', kind: 'tag', dictionary: ActiveStatus, width: 90 },
    { key: 'type', title: 'common.type', kind: 'dict', dictionary: QcTaskType, width: 100 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 120 },
  ],
  create: (query) => taskEditTarget(query.type ?? 'OFFLINE_TEXT'),
  rowActions: [{ label: 'common.edit', permission: 'qc-task.edit', to: (row) => taskEditTarget(row.type, row.id) }],
};
