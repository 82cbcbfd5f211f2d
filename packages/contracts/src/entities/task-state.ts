import { z } from 'zod';
import { Deleted } from '../enums/common.js';
import { TICKET_STATE_COLORS, TicketStatusGroup } from '../enums/ticket.js';
import { auditShape, err, filter, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/** Limits of ticket states (tickets spec §5, §9: name 30, code 20); the list answers all of an organisation's states. */
export const TASK_STATE_LIMITS = {
  nameMax: 30,
  codeMax: 20,
  /** /list answers at most this many: the state tree shows every state of the organisation at once */
  listMax: 500,
} as const;

/** A state code: letters, digits, `_` and `-` (a kind's flow and its tickets name states by code). */
export const TASK_STATE_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The tenantId of a system state (tickets spec §3: "tenantId (0 = system)"). */
export const SYSTEM_TENANT_ID = '0';

/**
 * A ticket state (tickets spec "Ticket states", §3): name, code, its status group (`status`, of dict-ticket-status),
 * a colour of the 18 presets, and tenantId — '0' for the system states every organisation has (read-only), else the
 * organisation's id.
 */
export const taskStateSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  status: TicketStatusGroup.schema,
  color: z.string(),
  /** true for the system states (tenantId '0'): never changed, never deleted */
  system: z.boolean(),
  tenantId: z.string(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type TaskState = z.infer<typeof taskStateSchema>;

/**
 * /v3/feed/task-state/create or /change: name, code and status group required; colour one of the 18 presets (the
 * first when absent). Code and group are fixed once the state exists (the server refuses a change of either).
 */
export const taskStateSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(TASK_STATE_LIMITS.nameMax),
    code: requiredText(TASK_STATE_LIMITS.codeMax).regex(TASK_STATE_CODE_PATTERN, err('ticketState.codeFormat')),
    status: TicketStatusGroup.schema,
    color: z.preprocess(
      // absent: the first preset; `#1677FF` is the same preset as `#1677ff`
      (v) =>
        v === undefined || v === null || v === ''
          ? TICKET_STATE_COLORS[0]
          : typeof v === 'string'
            ? v.toLowerCase()
            : v,
      z.enum(TICKET_STATE_COLORS, err('ticketState.colorPreset')),
    ),
  })
  .superRefine(requireVersionOnChange);
export type TaskStateSave = z.output<typeof taskStateSaveSchema>;

/** page and list: keyword on the name or code, the status group, system or own, the trash, a /list limit. */
export const taskStateFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(TASK_STATE_LIMITS.nameMax)),
  status: filter(TicketStatusGroup.schema),
  system: filter(z.boolean()),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(TASK_STATE_LIMITS.listMax)),
});
export type TaskStateFilter = z.infer<typeof taskStateFilterSchema>;
