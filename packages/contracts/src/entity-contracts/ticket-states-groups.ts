import { entityContract } from '../crud/entity-contract.js';
import { taskGroupFilterSchema, taskGroupSaveSchema, taskGroupSchema } from '../entities/task-group.js';
import { taskStateFilterSchema, taskStateSaveSchema, taskStateSchema } from '../entities/task-state.js';

/**
 * Ticket states (tickets spec "Ticket states", §7: /v3/feed/task-state/list, /detail?stateId, /create, /change,
 * /remove (ids)). ticket-state.edit creates, changes and removes (to the trash); restore and empty need field.delete,
 * as the spec's key index says; the read key is ours.
 */
export const taskStateContract = entityContract({
  base: '/v3/feed/task-state',
  name: { zh: '工单状态', en: 'Ticket state' },
  detailParam: 'stateId',
  keys: {
    view: 'ticket-state.view',
    edit: 'ticket-state.edit',
    delete: 'ticket-state.edit',
    trash: 'field.delete',
  },
  record: taskStateSchema,
  save: taskStateSaveSchema,
  filter: taskStateFilterSchema,
  softDelete: true,
  deletePath: 'remove',
});

/**
 * Ticket groups (tickets spec "Ticket groups": their paths are not shown, so these are ours beside the other
 * /v3/feed calls). ticket-group.edit creates, changes, switches and deletes (to the trash); restore and empty need
 * csGroup.delete, as the spec's key index says; the read key is ours.
 */
export const taskGroupContract = entityContract({
  base: '/v3/feed/task-group',
  name: { zh: '工单组', en: 'Ticket group' },
  detailParam: 'groupId',
  keys: {
    view: 'ticket-group.view',
    edit: 'ticket-group.edit',
    delete: 'ticket-group.edit',
    status: 'ticket-group.edit',
    trash: 'csGroup.delete',
  },
  record: taskGroupSchema,
  save: taskGroupSaveSchema,
  filter: taskGroupFilterSchema,
  softDelete: true,
});
