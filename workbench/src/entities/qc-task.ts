import {
  ActiveStatus,
  LIMITS,
  type LineRef,
  type QcScheme,
  type QcTask,
  type QcTaskProgress,
  QcTaskType,
  qcSchemeContract,
  qcTaskContract,
  qcTaskSaveSchema,
} from '@qcdesk/contracts';
import type { ApiClient } from '../api/client';
import { loadDirectory } from '../api/directory';
import { resource } from '../api/resource';
import { contractApi } from '../entity/access';
import type { EntityDescriptionWithForm, EntityFormDescription, FormOption } from '../entity/types';

/** A task run's progress as /v3/chats/qc-task/progress (and each task record) reports it. */
export type TaskProgressRecord = QcTaskProgress;

/** A QC task as the list reads it: the contract's task, with its run's progress. */
export type TaskRecord = QcTask;

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

/** How many schemes the scheme picker offers (spec: "Scheme lookup for tasks uses top 100"). */
export const SCHEME_LOOKUP_TOP = LIMITS.topLookup;

/** The schemes a task of `type` may use: text tasks take TEXT schemes, voice tasks VOICE ones; AI and manual. */
async function schemeOptions(client: ApiClient, type: string): Promise<FormOption[]> {
  const schemeType = type.endsWith('_TEXT') ? 'TEXT' : 'VOICE';
  const { base, detailParam } = contractApi(qcSchemeContract);
  const api = resource<QcScheme>(client, base, { detailParam });
  const lists = await Promise.all(
    (['AI', 'PERSON'] as const).map((targetType) =>
      api.list({ targetType, type: schemeType, fields: ['id', 'name', 'targetType'] }),
    ),
  );
  return lists
    .flat()
    .slice(0, SCHEME_LOOKUP_TOP)
    .map((s) => ({ value: String(s.id), label: s.name }));
}

/** The organisation's live service lines; none when they cannot be read. */
async function lineOptions(client: ApiClient): Promise<FormOption[]> {
  return loadDirectory(client, 'LINE').catch(() => []);
}

/**
 * /qc/task/edit?id={id}&type={type}&_modal=small: name, type (fixed by the route), scheme and lines, with the end time
 * the entity carries; checked with the contract's qcTaskSaveSchema. The saved task's scheme and lines stay choosable
 * even when the lookups do not list them. After a save it reopens itself on the saved task and reloads the list.
 */
export const qcTaskForm: EntityFormDescription<TaskRecord> = {
  permission: 'qc-task.edit',
  fields: [
    { key: 'name', kind: 'text', label: 'task.name', required: true, maxLength: LIMITS.nameMax },
    { key: 'type', kind: 'select', label: 'common.type', required: true, dictionary: QcTaskType, fixed: true },
    {
      key: 'schemeId',
      kind: 'select',
      label: 'task.scheme',
      required: true,
      optionsDependOn: ['type'],
      options: async ({ client, values, record }) => {
        const found = await schemeOptions(client, String(values.type ?? 'OFFLINE_TEXT'));
        if (record?.schemeId && !found.some((o) => o.value === record.schemeId))
          found.push({ value: record.schemeId, label: record.schemeName ?? record.schemeId });
        return found;
      },
    },
    {
      key: 'lineIds',
      kind: 'multiselect',
      label: 'task.lines',
      required: true,
      options: async ({ client, record }) => {
        const found = await lineOptions(client);
        for (const line of record?.lines ?? [])
          if (!found.some((o) => o.value === line.lineId)) found.push({ value: line.lineId, label: lineLabel(line) });
        return found;
      },
    },
    { key: 'endTime', kind: 'date', label: 'task.endTime' },
  ],
  defaults: (query) => ({ type: query.type || 'OFFLINE_TEXT' }),
  check: (body) => qcTaskSaveSchema.safeParse(body),
  afterSave: (id, values, query) => ({
    path: TASK_EDIT_PATH,
    query: { id, type: String(values.type), _modal: query._modal ?? 'small', _reload: 'list' },
    replace: true,
  }),
};

/**
 * QC tasks (tickets spec §3 "QC tasks"): tabs by type (OFFLINE_TEXT first), bulk activate and deactivate, create
 * and edit gated by qc-task.edit. The progress column is added by the list screen (it polls the server).
 */
export const qcTaskDescription: EntityDescriptionWithForm<TaskRecord> = {
  name: 'qc-task',
  title: 'task.title',
  api: contractApi(qcTaskContract),
  listPath: TASK_LIST_PATH,
  softDelete: false,
  status: { active: 'ACTIVE', inactive: 'INACTIVE' },
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
  form: qcTaskForm,
};
