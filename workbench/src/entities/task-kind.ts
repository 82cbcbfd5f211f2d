import { ActiveStatus, TASK_KIND_LIMITS, type TaskKind, taskKindContract, taskKindSaveSchema } from '@qcdesk/contracts';
import { contractApi } from '../entity/access';
import type { EntityDescriptionWithForm, RouteTarget } from '../entity/types';

export const KIND_LIST_PATH = '/ticket/kind/list';
export const KIND_CREATE_PATH = '/ticket/kind/create';
export const KIND_CONFIG_PATH = '/ticket/kind/config';

/** /ticket/kind/config?id={id}&_modal=large: the template's basic fields, attached fields, state flow and nodes. */
export function kindConfigTarget(id: string): RouteTarget {
  return { path: KIND_CONFIG_PATH, query: { id, _modal: 'large' } };
}

/**
 * Ticket kinds (tickets spec "Ticket kinds"): keyword and status search; name (opens its config), code, ticket number
 * prefix, status, the spaces listing it, creator, modifier and times; create, activate, shield (deactivate), delete,
 * restore, empty. The form is the create (/ticket/kind/create: name, code, taskCode, the attachment switch saved as
 * 1 or 0); after its save the config opens (screens/ticket/TaskKindConfig.tsx), where a shielded kind is edited.
 */
export const taskKindDescription: EntityDescriptionWithForm<TaskKind> = {
  name: 'task-kind',
  title: 'ticketKind.title',
  api: contractApi(taskKindContract),
  listPath: KIND_LIST_PATH,
  softDelete: true,
  status: { active: 'ACTIVE', inactive: 'INACTIVE' },
  keyword: true,
  filters: [{ key: 'status', label: 'common.status', kind: 'select', dictionary: ActiveStatus }],
  columns: [
    { key: 'name', title: 'common.name', width: 180, link: (row) => kindConfigTarget(row.id) },
    { key: 'code', title: 'ticketKind.code', width: 120 },
    { key: 'taskCode', title: 'ticketKind.taskCode', width: 110 },
    { key: 'status', title: 'common.status', kind: 'tag', dictionary: ActiveStatus, width: 90 },
    {
      key: 'spaces',
      title: 'ticketKind.spaces',
      kind: 'fold',
      fold: { limit: 3, label: (space) => (space as { spaceName: string }).spaceName },
    },
    { key: 'creatorName', title: 'ticketKind.creator', width: 110 },
    { key: 'createTime', title: 'common.createTime', kind: 'time', width: 170 },
    { key: 'modifierName', title: 'ticketKind.modifier', width: 110 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  create: () => ({ path: KIND_CREATE_PATH, query: { _modal: 'small' } }),
  rowActions: [{ label: 'common.edit', permission: taskKindContract.keys.edit, to: (row) => kindConfigTarget(row.id) }],
  minTableWidth: 1300,
  form: {
    permission: taskKindContract.keys.edit,
    fields: [
      { key: 'name', kind: 'text', label: 'common.name', required: true, maxLength: TASK_KIND_LIMITS.nameMax },
      { key: 'code', kind: 'text', label: 'ticketKind.code', required: true, maxLength: TASK_KIND_LIMITS.codeMax },
      { key: 'taskCode', kind: 'text', label: 'ticketKind.taskCode', maxLength: TASK_KIND_LIMITS.taskCodeMax },
      {
        key: 'attachmentRequired',
        kind: 'switch',
        label: 'ticketKind.attachmentRequired',
        switchValues: { on: 1, off: 0 },
      },
    ],
    check: (body) => taskKindSaveSchema.safeParse(body),
    // the spec's create opens the config after a save (/ticket/kind/config?id={id}&_reload=list)
    afterSave: (id) => ({
      path: KIND_CONFIG_PATH,
      query: { id: String(id), _modal: 'large', _reload: 'list' },
      replace: true,
    }),
  },
};
