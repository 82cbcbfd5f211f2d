import { z } from 'zod';
import { SummaryFieldType } from '../enums/chat.js';
import { Deleted } from '../enums/common.js';
import { defineDictionary } from '../enums/dictionary.js';
import { NodeHandlerType, TicketStatusGroup } from '../enums/ticket.js';
import {
  auditShape,
  boolFilterSchema,
  err,
  filter,
  idSchema,
  optionalText,
  requiredText,
  storableString,
  timeSchema,
  versionSchema,
} from '../fields.js';
import { listBodyShape, pageAnswerSchema, timeOrder, timeRangeShape } from '../requests/common.js';
import { fieldOptionSchema } from './custom-field.js';

/**
 * Tickets themselves (ours: the tickets spec defines the templates — kinds, states, nodes, groups — but shows no ticket
 * screens or calls). A ticket is opened from an ACTIVE kind, starts in the kind's first state, and moves only along the
 * kind's flow (contracts/src/tickets/ticket-flow.ts); each move's node names the next handler.
 */
export const TICKET_LIMITS = {
  titleMax: 100,
  contentMax: 2000,
  remarkMax: 500,
  attachmentsMax: 5,
  /** digits of the sequence in a ticket number: TS000123 */
  numberDigits: 6,
  /** the number's prefix when the kind has no taskCode */
  defaultPrefix: 'TK',
} as const;

/** Ticket attachments are uploaded under this folder (the upload call's `dir`). */
export const TICKET_ATTACHMENT_DIR = 'ticket/attachment';

/** What a ticket's history records. */
export const TicketEventType = defineDictionary('qcdesk-ticket-event', {
  CREATED: { zh: '创建', en: 'Created' },
  MOVED: { zh: '流转', en: 'Moved' },
  ASSIGNED: { zh: '分配', en: 'Assigned' },
  CLAIMED: { zh: '认领', en: 'Claimed' },
  COMMENTED: { zh: '备注', en: 'Comment' },
});
export type TicketEventType = z.infer<typeof TicketEventType.schema>;

/**
 * Whose tickets a list shows: the caller's (ME), those waiting unclaimed in a ticket group he belongs to (MY_GROUPS),
 * or every waiting one (WAITING).
 */
export const TicketHandlerFilter = defineDictionary('qcdesk-ticket-handler', {
  ME: { zh: '我处理的', en: 'Mine' },
  MY_GROUPS: { zh: '我的组待认领', en: 'Waiting in my groups' },
  WAITING: { zh: '待认领', en: 'Waiting' },
});
export type TicketHandlerFilter = z.infer<typeof TicketHandlerFilter.schema>;

/**
 * The ticket list's tabs: the caller's open tickets (MINE, 我的待办), the open ones waiting unclaimed in his ticket
 * groups (WAITING, 待认领), every ticket (ALL).
 */
export const TicketView = defineDictionary('qcdesk-ticket-view', {
  MINE: { zh: '我的待办', en: 'My to-do' },
  WAITING: { zh: '待认领', en: 'To claim' },
  ALL: { zh: '全部', en: 'All' },
});
export type TicketView = z.infer<typeof TicketView.schema>;

/** Tickets past their alarm time, or past their timeout. */
export const TicketOverdue = defineDictionary('qcdesk-ticket-overdue', {
  ALARM: { zh: '已预警', en: 'Alarm passed' },
  TIMEOUT: { zh: '已超时', en: 'Timed out' },
});
export type TicketOverdue = z.infer<typeof TicketOverdue.schema>;

/** The stored path of one uploaded ticket attachment. */
export const ticketAttachmentPathSchema = z
  .string()
  .max(500)
  .refine((p) => p.startsWith(`${TICKET_ATTACHMENT_DIR}/`) && !p.includes('..'), err('common.invalidFormat'));
export const ticketFileSchema = z.object({ name: z.string().max(200), path: ticketAttachmentPathSchema });
export type TicketFile = z.infer<typeof ticketFileSchema>;

/** A person as tickets name him: a staff user's id and name. */
export const ticketPersonSchema = z.object({ id: z.string(), name: z.string().nullish() });
export type TicketPerson = z.infer<typeof ticketPersonSchema>;

/** A ticket as lists answer it. */
export const ticketSchema = z.object({
  id: z.string(),
  /** the kind's taskCode and a sequence: TS000123 */
  number: z.string(),
  title: z.string(),
  content: z.string().nullish(),
  kindId: z.string(),
  kindName: z.string().nullish(),
  stateCode: z.string(),
  stateName: z.string().nullish(),
  stateColor: z.string().nullish(),
  statusGroup: TicketStatusGroup.schema,
  groupId: z.string().nullish(),
  groupName: z.string().nullish(),
  /** null: waiting in its group for a member to claim it */
  handlerId: z.string().nullish(),
  handlerName: z.string().nullish(),
  lastHandlerId: z.string().nullish(),
  lastHandlerName: z.string().nullish(),
  /** the QC session and AI result it was opened from */
  sessionId: z.string().nullish(),
  aiResultId: z.string().nullish(),
  fieldValues: z.record(z.string(), z.unknown()),
  attachments: z.array(ticketFileSchema),
  stateSince: timeSchema,
  alarmAt: timeSchema.nullish(),
  timeoutAt: timeSchema.nullish(),
  /** the alarm time has passed (and the ticket is still open) */
  alarmed: z.boolean(),
  /** the timeout has passed (and the ticket is still open) */
  timedOut: z.boolean(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  tenantId: z.string(),
  ...auditShape,
});
export type Ticket = z.infer<typeof ticketSchema>;

/** A field of the ticket's kind, as the create form renders it and the detail shows it. */
export const ticketFieldSpecSchema = z.object({
  fieldId: z.string(),
  label: z.string(),
  required: z.boolean(),
  type: SummaryFieldType.schema,
  options: z.array(fieldOptionSchema),
  placeholder: z.string().nullish(),
});

/** One entry of a ticket's history. */
export const ticketEventSchema = z.object({
  id: z.string(),
  type: TicketEventType.schema,
  fromState: z.string().nullish(),
  fromStateName: z.string().nullish(),
  toState: z.string().nullish(),
  toStateName: z.string().nullish(),
  nodeId: z.string().nullish(),
  nodeName: z.string().nullish(),
  groupId: z.string().nullish(),
  groupName: z.string().nullish(),
  handlerId: z.string().nullish(),
  handlerName: z.string().nullish(),
  /** the handler was picked by the group's routing rule (or the node), not chosen by a person */
  routed: z.boolean(),
  remark: z.string().nullish(),
  actorId: z.string().nullish(),
  actorName: z.string().nullish(),
  time: timeSchema,
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

/** A move the ticket can make now: its target state and the node that allows it, with who will handle it there. */
export const ticketMoveOptionSchema = z.object({
  stateTo: z.string(),
  stateName: z.string().nullish(),
  stateColor: z.string().nullish(),
  statusGroup: TicketStatusGroup.schema.nullish(),
  nodeId: z.string(),
  nodeName: z.string(),
  handlerType: NodeHandlerType.schema,
  /** the node's ticket groups (GROUP) or staff (STAFF) */
  handlers: z.array(ticketPersonSchema),
  alarmMinutes: z.number().int(),
  timeoutMinutes: z.number().int(),
});
export type TicketMoveOption = z.infer<typeof ticketMoveOptionSchema>;

/** /v3/feed/ticket/detail: the ticket, its kind's fields, the moves allowed now, its history and what the caller may do. */
export const ticketDetailSchema = ticketSchema.extend({
  fields: z.array(ticketFieldSpecSchema),
  moves: z.array(ticketMoveOptionSchema),
  events: z.array(ticketEventSchema),
  actions: z.object({ move: z.boolean(), claim: z.boolean(), assign: z.boolean(), comment: z.boolean() }),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** page and list filters. */
export const ticketFilterSchema = z
  .object({
    ...listBodyShape,
    /** the list's tab */
    view: filter(TicketView.schema),
    /** the number or the title contains it */
    keyword: filter(storableString().trim().max(TICKET_LIMITS.titleMax)),
    kindId: filter(idSchema),
    stateCode: filter(storableString().trim().max(50)),
    statusGroup: filter(TicketStatusGroup.schema),
    /** only tickets whose state is not RESOLVED or CLOSED */
    open: filter(boolFilterSchema),
    handler: filter(TicketHandlerFilter.schema),
    handlerId: filter(idSchema),
    groupId: filter(idSchema),
    overdue: filter(TicketOverdue.schema),
    sessionId: filter(idSchema),
    aiResultId: filter(idSchema),
    ...timeRangeShape,
  })
  .superRefine((body, ctx) => timeOrder(body.timeFrom, body.timeTo, ctx));
export type TicketFilter = z.infer<typeof ticketFilterSchema>;

/** the page with the counts of the list's tabs for the caller: his open tickets, and those waiting in his groups */
export const ticketPageSchema = pageAnswerSchema(ticketSchema).extend({
  myNum: z.number().int().min(0),
  waitingNum: z.number().int().min(0),
});

/** /v3/feed/ticket/detail?ticketId= */
export const ticketDetailQuerySchema = z.object({ ticketId: idSchema });

/** /v3/feed/ticket/create */
export const ticketCreateSchema = z.object({
  kindId: idSchema,
  title: requiredText(TICKET_LIMITS.titleMax, 'ticket.titleRequired'),
  content: optionalText(TICKET_LIMITS.contentMax),
  /** the kind's custom fields by fieldId */
  fieldValues: z
    .record(idSchema, z.unknown())
    .nullish()
    .transform((v) => v ?? {}),
  attachments: z
    .array(ticketFileSchema)
    .max(TICKET_LIMITS.attachmentsMax)
    .nullish()
    .transform((v) => v ?? []),
  /** a ticket group to route it in; without one the creator handles it */
  groupId: idSchema.nullish(),
  /** opened from QC: the session and its AI result */
  sessionId: idSchema.nullish(),
  aiResultId: idSchema.nullish(),
});
export type TicketCreate = z.infer<typeof ticketCreateSchema>;

/** /v3/feed/ticket/move: to a state the kind's flow allows from the current one. */
export const ticketMoveSchema = z.object({
  id: idSchema,
  version: versionSchema,
  stateTo: requiredText(50, 'ticketFlow.stateEmpty'),
  remark: optionalText(TICKET_LIMITS.remarkMax),
});
export type TicketMove = z.infer<typeof ticketMoveSchema>;

/** /v3/feed/ticket/assign: to a person, or into a ticket group (routed there). */
export const ticketAssignSchema = z
  .object({
    id: idSchema,
    version: versionSchema,
    handlerId: idSchema.nullish(),
    groupId: idSchema.nullish(),
    remark: optionalText(TICKET_LIMITS.remarkMax),
  })
  .superRefine((body, ctx) => {
    if (!body.handlerId === !body.groupId)
      ctx.addIssue({ code: 'custom', message: 'ticket.assignTarget', path: ['handlerId'] });
  });
export type TicketAssign = z.infer<typeof ticketAssignSchema>;

/** /v3/feed/ticket/claim: a member takes a ticket waiting in his group. */
export const ticketClaimSchema = z.object({ id: idSchema, version: versionSchema.nullish() });
export type TicketClaim = z.infer<typeof ticketClaimSchema>;

/** /v3/feed/ticket/comment */
export const ticketCommentSchema = z.object({
  id: idSchema,
  remark: requiredText(TICKET_LIMITS.remarkMax, 'ticket.remarkRequired'),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

/** What the create form and the assign dialog choose from: the ACTIVE kinds with their fields, the groups, the staff. */
export const ticketOptionsSchema = z.object({
  kinds: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      taskCode: z.string().nullish(),
      attachmentRequired: z.boolean(),
      initialState: z.string().nullish(),
      fields: z.array(ticketFieldSpecSchema),
    }),
  ),
  groups: z.array(z.object({ id: z.string(), name: z.string(), staff: z.array(ticketPersonSchema) })),
  staff: z.array(ticketPersonSchema),
  states: z.array(
    z.object({ code: z.string(), name: z.string(), color: z.string(), statusGroup: TicketStatusGroup.schema }),
  ),
});
export type TicketOptions = z.infer<typeof ticketOptionsSchema>;

/** The ticket number: prefix (the kind's taskCode) and the sequence, zero-padded: TS000123. */
export function ticketNumber(prefix: string | null | undefined, sequence: number): string {
  const head = prefix?.trim() || TICKET_LIMITS.defaultPrefix;
  return `${head}${String(sequence).padStart(TICKET_LIMITS.numberDigits, '0')}`;
}

/** Whether a status group ends a ticket's work (it no longer counts as open, nor raises alarms). */
export function isClosedStatusGroup(group: string | null | undefined): boolean {
  return group === 'RESOLVED' || group === 'CLOSED';
}
