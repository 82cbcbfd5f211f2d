import {
  ActiveStatus,
  type GroupStaff,
  LIMITS,
  type StaffOption,
  type TaskGroup,
  TicketRouteType,
  taskGroupContract,
} from '@qcdesk/contracts';
import { call } from '../api/calls';
import type { ApiClient } from '../api/client';
import { contractApi } from '../entity/access';
import type { EntityDescription, PickerDescription, RouteTarget } from '../entity/types';

export const GROUP_LIST_PATH = '/ticket/group';
export const GROUP_EDIT_PATH = '/ticket/group/edit';

/** /ticket/group/edit?id={id}&_modal=large (tickets spec "Ticket groups"): without an id it creates a group. */
export function groupEditTarget(id?: string): RouteTarget {
  return { path: GROUP_EDIT_PATH, query: { id, _modal: 'large' } };
}

/** How a processor is named: his name, the agent nick after it where he has one, else his id. */
export function staffLabel(staff: Pick<GroupStaff, 'staffId' | 'staffName' | 'staffNick'>): string {
  const name = staff.staffName ?? staff.staffId;
  return staff.staffNick && staff.staffNick !== name ? `${name}（${staff.staffNick}）` : name;
}

/**
 * Ticket groups (tickets spec "Ticket groups"): keyword, routing and status search; name (opens the form), processors
 * (the first 3, then folded), routing, capacity, status and last change; create, activate, deactivate and delete
 * with ticket-group.edit, restore and empty in the trash view with csGroup.delete.
 */
export const taskGroupDescription: EntityDescription<TaskGroup> = {
  name: 'task-group',
  title: 'ticketGroup.title',
  api: contractApi(taskGroupContract),
  listPath: GROUP_LIST_PATH,
  softDelete: true,
  status: { active: 'ACTIVE', inactive: 'INACTIVE' },
  keyword: true,
  filters: [
    { key: 'routeType', label: 'ticketGroup.routeType', kind: 'select', dictionary: TicketRouteType },
    { key: 'status', label: 'common.status', kind: 'select', dictionary: ActiveStatus },
  ],
  columns: [
    { key: 'name', title: 'common.name', width: 180, link: (row) => groupEditTarget(row.id) },
    {
      key: 'staffs',
      title: 'ticketGroup.staffs',
      kind: 'fold',
      width: 260,
      fold: { limit: LIMITS.foldGroups, label: (staff) => staffLabel(staff as GroupStaff) },
    },
    { key: 'routeType', title: 'ticketGroup.routeType', kind: 'dict', dictionary: TicketRouteType, width: 110 },
    { key: 'capacity', title: 'ticketGroup.capacity', width: 80 },
    { key: 'status', title: 'common.status', kind: 'tag', dictionary: ActiveStatus, width: 90 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  fields: ['id', 'name', 'staffs', 'routeType', 'capacity', 'status', 'modifyTime'],
  create: () => groupEditTarget(),
  rowActions: [{ label: 'common.edit', permission: taskGroupContract.keys.edit, to: (row) => groupEditTarget(row.id) }],
  minTableWidth: 1000,
};

/**
 * The staff picker of a group's processors (and of a node's STAFF handlers): the organisation's active staff by
 * keyword from /v3/users/staff/top (at most 100, tickets spec §5), a page at a time on screen.
 */
export function staffPicker(client: ApiClient): PickerDescription<StaffOption> {
  return {
    title: 'ticketGroup.pickStaff',
    keyword: true,
    filters: [],
    columns: [
      { key: 'name', title: 'ticketGroup.staffName' },
      { key: 'username', title: 'user.username' },
      { key: 'nick', title: 'ticketGroup.staffNick' },
    ],
    load: async ({ page, size, keyword }) => {
      const staff = await call(client, '/v3/users/staff/top', { body: { keyword, limit: LIMITS.topLookup } });
      return { records: staff.slice((page - 1) * size, page * size), total: staff.length };
    },
  };
}
