import { ActiveStatus, SPACE_LIMITS, type TaskKind, taskKindContract, taskKindSaveSchema } from '@qcdesk/contracts';
import { contractApi } from '../entity/access';
import type { EntityDescriptionWithForm, RouteTarget } from '../entity/types';

export const KIND_LIST_PATH = '/ticket/kind/list';
export const KIND_CREATE_PATH = '/ticket/kind/create';
export const KIND_CONFIG_PATH = '/ticket/kind/config';

/** /ticket/kind/config?id={id}&_modal=small: the template's basic fields until the ticket area adds its flow. */
export function kindConfigTarget(id: string): RouteTarget {
  return { path: KIND_CONFIG_PATH, query: { id, _modal: 'small' } };
}

/**
 * Ticket kinds (tickets spec "Ticket kinds"): keyword and status search; name (opens its config), code, ticket number
 * prefix, status, the spaces listing it, creator, modifier and times; create, activate, shield (deactivate), delete,
 * restore, empty. A new kind starts shielded, and the server refuses a change while it is active
 * ('请先屏蔽，再编辑工单模版'), which the form shows in its banner. States, flow and nodes come with the ticket area.
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
      { key: 'name', kind: 'text', label: 'common.name', required: true, maxLength: SPACE_LIMITS.kindNameMax },
      { key: 'code', kind: 'text', label: 'ticketKind.code', maxLength: SPACE_LIMITS.kindCodeMax },
      { key: 'taskCode', kind: 'text', label: 'ticketKind.taskCode', maxLength: SPACE_LIMITS.kindTaskCodeMax },
    ],
    check: (body) => taskKindSaveSchema.safeParse(body),
    // the spec's create opens the config after a save (/ticket/kind/config?id={id}&_reload=list)
    afterSave: (id) => ({
      path: KIND_CONFIG_PATH,
      query: { id: String(id), _modal: 'small', _reload: 'list' },
      replace: true,
    }),
  },
};
