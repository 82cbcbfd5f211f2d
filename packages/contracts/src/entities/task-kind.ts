import { z } from 'zod';
import { SummaryFieldType } from '../enums/chat.js';
import { ActiveStatus, Deleted } from '../enums/common.js';
import { NodeHandlerType, TicketStatusGroup } from '../enums/ticket.js';
import { auditShape, err, filter, idSchema, LIMITS, optionalText, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';
import { NODE_DEFAULTS } from '../tickets/ticket-flow.js';
import { SPACE_LIMITS } from './space.js';

/**
 * Limits of ticket kinds (tickets spec §5, §9: kind name 30, code 20, taskCode 10, node name 30, node minutes ≥ 0;
 * state codes 20 as the state's own). The counts and the largest number of minutes are ours.
 */
export const TASK_KIND_LIMITS = {
  nameMax: SPACE_LIMITS.kindNameMax,
  codeMax: SPACE_LIMITS.kindCodeMax,
  taskCodeMax: SPACE_LIMITS.kindTaskCodeMax,
  /** a field's label in the template */
  labelMax: 30,
  fieldsMax: 100,
  stateCodeMax: 20,
  statesMax: 50,
  nodeNameMax: 30,
  /** ticket groups or staff of one node: the handler lookups are limited to 100 (spec §5) */
  handlersMax: LIMITS.topLookup,
  /** a year: an alarm or a timeout later than that is a typing slip, and the column is a 32-bit integer */
  minutesMax: 525_600,
} as const;

/** The attachment switch, saved as 1 or 0 (spec §5; the spec also calls it fileRequired). */
export const attachmentFlagSchema = z.union([z.literal(0), z.literal(1)], err('ticketKind.attachmentFlag'));
export type AttachmentFlag = z.infer<typeof attachmentFlagSchema>;

/** A custom field attached to a kind (spec §3): the field with its current name and type, and the kind's label. */
export const taskKindFieldSchema = z.object({
  fieldId: z.string(),
  fieldName: z.string(),
  fieldCode: z.string().nullish(),
  fieldType: SummaryFieldType.schema,
  label: z.string(),
  search: z.boolean(),
  required: z.boolean(),
});
export type TaskKindField = z.infer<typeof taskKindFieldSchema>;

/** A state of the kind's flow (spec §3 {code, name, color, id, status, tenantId}; tenantId '0': a system state). */
export const taskKindStateSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  color: z.string(),
  status: TicketStatusGroup.schema,
  tenantId: z.string(),
});
export type TaskKindState = z.infer<typeof taskKindStateSchema>;

/**
 * A node of the kind's flow (spec "Node editor", §3): the cell stateFrom → stateTo of the matrix, who handles a
 * ticket that made this move (handlerIds: ticket groups for GROUP, staff for STAFF, none for CREATOR and LAST, with
 * their names in `handlers`), and the minutes until its alarm and its timeout.
 */
export const taskKindNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  kindId: z.string(),
  handlerType: NodeHandlerType.schema,
  handlerIds: z.array(z.string()),
  handlers: z.array(z.object({ id: z.string(), name: z.string() })),
  stateFrom: z.string(),
  stateTo: z.string(),
  alarmMinutes: z.number().int(),
  timeoutMinutes: z.number().int(),
});
export type TaskKindNode = z.infer<typeof taskKindNodeSchema>;

/**
 * A ticket kind (template; tickets spec "Ticket kinds", §3): name, code, taskCode (the ticket number's prefix), the
 * attachment switch (1 or 0, also answered as fileRequired), status (a kind is edited only while INACTIVE, the
 * spec's "shielded"), the attached custom fields in order, the flow's states in order (`stateCodes`, the first the
 * initial state, and each state's name, colour and group), and the spaces listing it. The detail adds the nodes.
 */
export const taskKindSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullish(),
  /** every kind is a ticket template: TICKET (the spec names the field, not its values; spaces answer it as kindType) */
  type: z.literal('TICKET'),
  taskCode: z.string().nullish(),
  attachmentRequired: attachmentFlagSchema,
  fileRequired: attachmentFlagSchema,
  status: ActiveStatus.schema,
  fields: z.array(taskKindFieldSchema),
  stateCodes: z.array(z.string()),
  states: z.array(taskKindStateSchema),
  spaces: z.array(z.object({ spaceId: z.string(), spaceName: z.string() })),
  tenantId: z.string(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type TaskKind = z.infer<typeof taskKindSchema>;

/** /v3/feed/task-kind/detail: the record with the flow's nodes. */
export const taskKindDetailSchema = taskKindSchema.extend({ nodes: z.array(taskKindNodeSchema) });
export type TaskKindDetail = z.infer<typeof taskKindDetailSchema>;

/** A field entry of a save: the field, its label in the template ('' or none: the field's name) and two switches. */
export const taskKindFieldInputSchema = z.object({
  fieldId: idSchema,
  label: optionalText(TASK_KIND_LIMITS.labelMax),
  search: z.boolean().default(false),
  required: z.boolean().default(false),
});

/**
 * create or change (spec §5): name ≤ 30 and code ≤ 20 required, taskCode ≤ 10, the attachment switch as 1 or 0
 * (`fileRequired` is taken as its other name; 0 when neither is sent), the fields in order with a field chosen twice
 * kept once where it first appears (spec §5 "selecting a duplicate field is ignored"). The states and nodes have
 * their own calls (/states, /node/save), which refuse while the kind is ACTIVE as a save does.
 */
export const taskKindSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(TASK_KIND_LIMITS.nameMax),
    code: requiredText(TASK_KIND_LIMITS.codeMax),
    taskCode: optionalText(TASK_KIND_LIMITS.taskCodeMax),
    attachmentRequired: attachmentFlagSchema.nullish(),
    fileRequired: attachmentFlagSchema.nullish(),
    fields: z
      .array(taskKindFieldInputSchema)
      .max(TASK_KIND_LIMITS.fieldsMax)
      .nullish()
      .transform((fields) => (fields ?? []).filter((f, i, all) => all.findIndex((o) => o.fieldId === f.fieldId) === i)),
  })
  .superRefine(requireVersionOnChange)
  .transform(({ fileRequired, attachmentRequired, ...body }) => ({
    ...body,
    attachmentRequired: attachmentRequired ?? fileRequired ?? 0,
  }));
export type TaskKindSave = z.output<typeof taskKindSaveSchema>;

export const taskKindFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(TASK_KIND_LIMITS.nameMax)),
  status: filter(ActiveStatus.schema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type TaskKindFilter = z.infer<typeof taskKindFilterSchema>;

/** A state code of a flow: a text, checked against the organisation's states by the server ('' is 请选择状态). */
const stateCodeSchema = storableString().trim().max(TASK_KIND_LIMITS.stateCodeMax);

/**
 * /v3/feed/task-kind/states (spec §7 "id, stateCodes"): without stateCodes reads the flow's ordered codes; with them
 * saves the whole ordered list (adding, removing and reordering a state all send it), the version the screen read
 * checked when sent.
 */
export const taskKindStatesBodySchema = z.object({
  id: idSchema,
  stateCodes: z.array(stateCodeSchema).max(TASK_KIND_LIMITS.statesMax).nullish(),
  version: z.number().int().min(0).nullish(),
});
export type TaskKindStatesBody = z.infer<typeof taskKindStatesBodySchema>;

/** What /states answers: the kind's version after the call, and its flow's states in order. */
export const taskKindStatesAnswerSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  stateCodes: z.array(z.string()),
  states: z.array(taskKindStateSchema),
});
export type TaskKindStatesAnswer = z.infer<typeof taskKindStatesAnswerSchema>;

/** Whole minutes, at least 0 (spec §5), at most TASK_KIND_LIMITS.minutesMax. */
const minutesSchema = (fallback: number) =>
  z
    .number()
    .int(err('common.integer'))
    .min(0)
    .max(TASK_KIND_LIMITS.minutesMax)
    .nullish()
    .transform((minutes) => minutes ?? fallback);

/**
 * /v3/feed/task-kind/node/save (spec "Node editor", §5): creates without id, changes with it. Name ≤ 30 and the
 * handler type required; the handlers (ids, each once) required for GROUP and STAFF and none for CREATOR and LAST;
 * the two states of the flow, different; alarm 10 and timeout 720 minutes unless given, both ≥ 0. The flow's own
 * rules (flowProblems) are checked by the server on the flow with this node in it.
 */
export const taskKindNodeSaveSchema = z.object({
  id: idSchema.optional(),
  kindId: idSchema,
  name: requiredText(TASK_KIND_LIMITS.nodeNameMax),
  handlerType: NodeHandlerType.schema,
  handlerIds: z
    .array(idSchema)
    .max(TASK_KIND_LIMITS.handlersMax)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
  stateFrom: requiredText(TASK_KIND_LIMITS.stateCodeMax, 'ticketFlow.stateEmpty'),
  stateTo: requiredText(TASK_KIND_LIMITS.stateCodeMax, 'ticketFlow.stateEmpty'),
  alarmMinutes: minutesSchema(NODE_DEFAULTS.alarmMinutes),
  timeoutMinutes: minutesSchema(NODE_DEFAULTS.timeoutMinutes),
});
export type TaskKindNodeSave = z.output<typeof taskKindNodeSaveSchema>;

/** /v3/feed/task-kind/node/remove (spec §7 "id"). */
export const taskKindNodeRemoveSchema = z.object({ id: idSchema });

/** /v3/feed/task-kind/space/save and /space/remove (spec §7 "kindId, spaceId"). */
export const taskKindSpaceBodySchema = z.object({ kindId: idSchema, spaceId: idSchema });
export type TaskKindSpaceBody = z.infer<typeof taskKindSpaceBodySchema>;

/** What the space calls answer: the space's ticket kinds (ids) in its order after the call. */
export const taskKindSpaceAnswerSchema = z.object({ spaceId: z.string(), kindIds: z.array(z.string()) });
export type TaskKindSpaceAnswer = z.infer<typeof taskKindSpaceAnswerSchema>;
