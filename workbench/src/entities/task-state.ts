import { type TaskState, TicketStatusGroup, taskStateContract } from '@qcdesk/contracts';
import { createElement } from 'react';
import { contractApi } from '../entity/access';
import type { EntityDescription, RouteTarget } from '../entity/types';
import { StateColorDot } from '../screens/ticket/StateColor';

export const STATE_LIST_PATH = '/ticket/state/list';
export const STATE_EDIT_PATH = '/ticket/state/edit';

/** /ticket/state/edit?_modal=small[&id={id}] (tickets spec "Ticket states"): without an id it creates a state. */
export function stateEditTarget(id?: string): RouteTarget {
  return { path: STATE_EDIT_PATH, query: { id, _modal: 'small' } };
}

/**
 * Ticket states (tickets spec "Ticket states"): the list screen groups them under the status groups of
 * dict-ticket-status (screens/ticket/TaskStateList.tsx); this description serves its trash view, where removed
 * states are restored or emptied (field.delete), and its columns. System states (tenantId 0) are never edited or
 * removed: they have no edit action.
 */
export const taskStateDescription: EntityDescription<TaskState> = {
  name: 'task-state',
  title: 'ticketState.title',
  api: contractApi(taskStateContract),
  listPath: STATE_LIST_PATH,
  softDelete: true,
  keyword: true,
  filters: [{ key: 'status', label: 'ticketState.group', kind: 'select', dictionary: TicketStatusGroup }],
  columns: [
    {
      key: 'name',
      title: 'common.name',
      width: 200,
      render: (row) => createElement(StateColorDot, { color: row.color, name: row.name }),
    },
    { key: 'code', title: 'ticketState.code', width: 160 },
    { key: 'status', title: 'ticketState.group', kind: 'dict', dictionary: TicketStatusGroup, width: 120 },
    { key: 'creatorName', title: 'ticketKind.creator', width: 120 },
    { key: 'createTime', title: 'common.createTime', kind: 'time', width: 170 },
  ],
  fields: ['id', 'name', 'code', 'status', 'color', 'system', 'tenantId', 'creatorId', 'creatorName', 'createTime'],
  create: () => stateEditTarget(),
  rowActions: [
    {
      label: 'common.edit',
      permission: taskStateContract.keys.edit,
      to: (row) => stateEditTarget(row.id),
      visible: (row) => !row.system,
    },
  ],
};
