import { entityContract } from '../crud/entity-contract.js';
import { csLineFilterSchema, csLineSaveSchema, csLineSchema } from '../entities/cs-line.js';
import { spaceFilterSchema, spaceSaveSchema, spaceSchema } from '../entities/space.js';
import {
  taskKindDetailSchema,
  taskKindFilterSchema,
  taskKindSaveSchema,
  taskKindSchema,
} from '../entities/task-kind.js';

/**
 * Service lines (online-service-config §2.1, §3.1, §7): the spec's csLine.edit and csLine.delete, a read key of ours.
 * A change carries only the block its screen edits; the authorisation panels and the score check are separate calls.
 */
export const csLineContract = entityContract({
  base: '/v3/chats/cs-line',
  name: { zh: '服务线路', en: 'Service line' },
  detailParam: 'lineId',
  keys: { view: 'csLine.view', edit: 'csLine.edit', delete: 'csLine.delete', status: 'csLine.edit' },
  record: csLineSchema,
  save: csLineSaveSchema,
  filter: csLineFilterSchema,
  softDelete: true,
});

/** Spaces (online-service-config §3.10, tickets spec "Spaces"): ticket, quick-reply and knowledge-base spaces. */
export const spaceContract = entityContract({
  base: '/v3/feed/space',
  name: { zh: '空间', en: 'Space' },
  detailParam: 'spaceId',
  // the spec's space detail reads `id` (tickets spec §7); spaceId is the name every other call uses
  detailAlias: 'id',
  keys: { view: 'ticket-space.view', edit: 'ticket-space.edit', delete: 'ticket-space.delete' },
  record: spaceSchema,
  save: spaceSaveSchema,
  filter: spaceFilterSchema,
  softDelete: true,
});

/**
 * Ticket kinds (templates; tickets spec "Ticket kinds"): the kind with its fields and ordered states; the detail adds
 * the flow's nodes. The flow (/states, /node/save, /node/remove) and the space calls are defined beside it.
 */
export const taskKindContract = entityContract({
  base: '/v3/feed/task-kind',
  name: { zh: '工单模版', en: 'Ticket kind' },
  detailParam: 'kindId',
  keys: {
    view: 'ticket-kind.view',
    edit: 'ticket-kind.edit',
    delete: 'ticket-kind.delete',
    status: 'ticket-kind.status',
  },
  record: taskKindSchema,
  detail: taskKindDetailSchema,
  save: taskKindSaveSchema,
  filter: taskKindFilterSchema,
  softDelete: true,
});
