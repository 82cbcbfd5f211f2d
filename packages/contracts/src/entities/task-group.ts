import { z } from 'zod';
import { ActiveStatus, Deleted } from '../enums/common.js';
import { TicketRouteType } from '../enums/ticket.js';
import { auditShape, err, filter, idSchema, LIMITS, optionalText, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/**
 * Limits of ticket groups (tickets spec §5, §9: capacity 0 to 1000, default 20; name as every console name; code and
 * intro ours, intro as a space's).
 */
export const TASK_GROUP_LIMITS = {
  nameMax: LIMITS.nameMax,
  codeMax: 50,
  introMax: 200,
  capacityMin: 0,
  capacityMax: 1000,
  capacityDefault: 20,
  /** processors of one group */
  staffMax: 200,
} as const;

/** The routing of a new group (tickets spec §5: "routeType required, default LOAD"). */
export const DEFAULT_ROUTE_TYPE: TicketRouteType = 'LOAD';

/** A processor of a ticket group as the record shows him: the user, his name and, where he is an agent, his nick. */
export const groupStaffSchema = z.object({
  staffId: z.string(),
  staffName: z.string().nullish(),
  staffNick: z.string().nullish(),
});
export type GroupStaff = z.infer<typeof groupStaffSchema>;

/**
 * A ticket group (tickets spec "Ticket groups", §3): the staff who process the tickets routed to it, how many open
 * tickets each may hold (capacity), how the next one is picked (routeType LOAD or ROTATE), and whether agents may
 * open tickets for it (agentTicket).
 */
export const taskGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullish(),
  capacity: z.number().int(),
  routeType: TicketRouteType.schema,
  agentTicket: z.boolean(),
  staffIds: z.array(z.string()),
  staffs: z.array(groupStaffSchema),
  intro: z.string().nullish(),
  status: ActiveStatus.schema,
  tenantId: z.string(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type TaskGroup = z.infer<typeof taskGroupSchema>;

const capacitySchema = z
  .number({ error: (i) => (i.input == null ? 'common.required' : 'ticketGroup.capacityRange') })
  .int(err('ticketGroup.capacityRange'))
  .min(TASK_GROUP_LIMITS.capacityMin, err('ticketGroup.capacityRange'))
  .max(TASK_GROUP_LIMITS.capacityMax, err('ticketGroup.capacityRange'));

/**
 * /v3/feed/task-group/create or /change: name required; capacity an integer 0..1000 (20 when absent), routeType LOAD
 * when absent, agentTicket true when absent; at least one processor (the spec's '请设置处理人'), each once.
 */
export const taskGroupSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(TASK_GROUP_LIMITS.nameMax),
    code: optionalText(TASK_GROUP_LIMITS.codeMax),
    // absent: the default; null (a cleared input) is refused as required
    capacity: z.preprocess((v) => (v === undefined ? TASK_GROUP_LIMITS.capacityDefault : v), capacitySchema),
    routeType: z.preprocess((v) => v ?? DEFAULT_ROUTE_TYPE, TicketRouteType.schema),
    agentTicket: z.preprocess((v) => v ?? true, z.boolean()),
    staffIds: z
      .array(idSchema, { error: (i) => (i.input == null ? 'ticketGroup.staffRequired' : undefined) })
      .min(1, err('ticketGroup.staffRequired'))
      .max(TASK_GROUP_LIMITS.staffMax)
      .refine((ids) => new Set(ids).size === ids.length, err('common.duplicate')),
    intro: optionalText(TASK_GROUP_LIMITS.introMax),
  })
  .superRefine(requireVersionOnChange);
export type TaskGroupSave = z.output<typeof taskGroupSaveSchema>;

/**
 * page and list: keyword on the name or code, status, routing, a processor, the trash, a /list limit (the handler
 * pickers of the node editor ask at most 100: tickets spec §5).
 */
export const taskGroupFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(TASK_GROUP_LIMITS.nameMax)),
  status: filter(ActiveStatus.schema),
  routeType: filter(TicketRouteType.schema),
  staffId: filter(idSchema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type TaskGroupFilter = z.infer<typeof taskGroupFilterSchema>;

/** /v3/users/staff/top: the organisation's staff for the handler and processor pickers, at most 100 (§5). */
export const staffTopBodySchema = z.object({
  keyword: filter(storableString().trim().max(LIMITS.nameMax)),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type StaffTopBody = z.infer<typeof staffTopBodySchema>;

/** One row of the staff top list: the user, his sign-in name and, where he is an agent, his nick. */
export const staffOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  nick: z.string().nullish(),
});
export type StaffOption = z.infer<typeof staffOptionSchema>;
