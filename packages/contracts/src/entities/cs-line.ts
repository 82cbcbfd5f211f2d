import { z } from 'zod';
import { ActiveStatus, Deleted } from '../enums/common.js';
import {
  GrantMemberType,
  LineType,
  NavKind,
  OfflineServe,
  OverloadServe,
  TIME_DIVIDED_NAV_KINDS,
} from '../enums/line.js';
import { auditShape, err, filter, idSchema, LIMITS, optionalText, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';
import { TIMEOUT_BLOCK_DEFAULTS, timeoutBlockSchema } from './cs-group.js';
import { DESK_LIMITS } from './cs-time.js';

/** Limits of a service line (online-service-config §5, §9: name ≤ 100, code ≤ 50; the others ours). */
export const LINE_LIMITS = {
  nameMax: LIMITS.nameMax,
  codeMax: 50,
  /** intro and every prompt text */
  textMax: DESK_LIMITS.textMax,
  /** minute fields of the agent and waiting configs */
  minutesMax: 24 * 60,
  /** people in a queue (longQueuePersons, overloadNote) */
  personsMax: 10_000,
  /** navigation rows of a line (time-divided rows of two kinds plus the three single ones) */
  navsMax: 50,
  hotlineGroupsMax: 200,
  ticketKindsMax: 100,
  recallMinutesMax: 60,
  recallMinutesDefault: 2,
  /** page size of the authorisation panels (spec §9) */
  authPageSize: 10,
} as const;

const minutes = (max: number = LINE_LIMITS.minutesMax) =>
  z
    .number({ error: (i) => (i.input == null ? 'common.required' : undefined) })
    .int()
    .min(0, err('line.minZero'))
    .max(max);
const text = () => optionalText(LINE_LIMITS.textMax);
const blankAsNull = (v: unknown) => (v === '' ? null : v);
const optionalId = z.preprocess(blankAsNull, idSchema.nullish());

// ---- the blocks ----------------------------------------------------------------------------------------------

/**
 * agentConfig (spec §3.1): reception rules of the line. The four timeout blocks are null when unticked (spec §2.1
 * "only ticked blocks are saved; unticked ones are sent as null"); `closeAgenPrompt` is spelled as the spec spells it.
 */
export const lineAgentConfigSchema = z
  .object({
    offlineServe: OfflineServe.schema.default('HINT'),
    offlinePrompt: text(),
    overloadServe: OverloadServe.schema.default('QUEUE'),
    /** the agent who takes the overflow when overloadServe is AGENT */
    overloadAgentId: optionalId,
    /** close a session the customer left silent this many minutes (0: never) */
    closeTimeout: minutes().default(0),
    closeTimeoutPrompt: text(),
    closeCustomerHint: z.boolean().default(false),
    closeCustomerHintPrompt: text(),
    closeSecondCustomerHint: z.boolean().default(false),
    closeSecondCustomerHintPrompt: text(),
    agentCloseEnable: z.boolean().default(true),
    agentClosePrompt: text(),
    /** the agent may close only after filling the service summary */
    agentCloseAfterSummary: z.boolean().default(false),
    closeCustomerPrompt: text(),
    closeChatbot: z.boolean().default(false),
    closeChatbotPrompt: text(),
    closeAgenPrompt: text(),
    enterTimeoutRemind: timeoutBlockSchema.nullish(),
    enterTimeoutAssign: timeoutBlockSchema.nullish(),
    sessionTimeoutRemind: timeoutBlockSchema.nullish(),
    sessionTimeoutAssign: timeoutBlockSchema.nullish(),
  })
  .superRefine((c, ctx) => {
    if (c.overloadServe === 'AGENT' && !c.overloadAgentId)
      ctx.addIssue({ code: 'custom', message: 'line.overloadAgentRequired', path: ['overloadAgentId'] });
  })
  .transform((c) => ({
    ...c,
    overloadAgentId: c.overloadServe === 'AGENT' ? (c.overloadAgentId ?? null) : null,
    enterTimeoutRemind: c.enterTimeoutRemind ?? null,
    enterTimeoutAssign: c.enterTimeoutAssign ?? null,
    sessionTimeoutRemind: c.sessionTimeoutRemind ?? null,
    sessionTimeoutAssign: c.sessionTimeoutAssign ?? null,
  }));
export type LineAgentConfig = z.output<typeof lineAgentConfigSchema>;

/**
 * What a new line's agentConfig holds (spec §9: first-response remind 3 minutes with a soothing message, reassign 10,
 * in-session remind 3, reassign 10 — all four ticked).
 */
export function defaultLineAgentConfig(): LineAgentConfig {
  return lineAgentConfigSchema.parse({ ...TIMEOUT_BLOCK_DEFAULTS, offlinePrompt: '当前不在人工服务时间，请稍后再来' });
}

/** waitingConfig (spec §3.1): the queue. Numbers ≥ 0 (spec §5); `{X}` in prompt is the number waiting. */
export const lineWaitingConfigSchema = z.object({
  guide: text(),
  prompt: text(),
  vipFirst: z.boolean().default(false),
  vipTag: optionalText(LIMITS.nameMax),
  vipPrompt: text(),
  longQueuePersons: minutes(LINE_LIMITS.personsMax).nullish(),
  longQueuePrompt: text(),
  relaxMinutes: minutes().nullish(),
  relaxPrompt: text(),
  chatbotServe: z.boolean().default(false),
  overloadNote: minutes(LINE_LIMITS.personsMax).nullish(),
  /** minutes in the queue after which the visitor is guided to leave a message */
  timeoutNote: minutes().nullish(),
  notePrompt: text(),
});
export type LineWaitingConfig = z.output<typeof lineWaitingConfigSchema>;

/** A ticket template of the note config's space (spec §3.10: kindId, kindName, kindCode). */
export const lineTicketKindSchema = z.object({
  kindId: idSchema,
  kindName: z.string().nullish(),
  kindCode: z.string().nullish(),
});

/**
 * noteConfig (spec §2.1, §5): a ticket space ('please select a ticket space') and at least one of its templates
 * ('please select a ticket-space template'); a template chosen twice counts once.
 */
export const lineNoteConfigSchema = z.object({
  prompt: text(),
  // required as a string (not a refined nullish id): zod skips a nullish field that is left out
  ticketSpaceId: z.preprocess(
    blankAsNull,
    storableString({ error: (i) => (i.input == null ? 'line.note.spaceRequired' : undefined) })
      .trim()
      .min(1, err('line.note.spaceRequired'))
      .max(64),
  ),
  ticketKinds: z
    .array(lineTicketKindSchema, { error: (i) => (i.input == null ? 'line.note.kindRequired' : undefined) })
    .min(1, err('line.note.kindRequired'))
    .max(LINE_LIMITS.ticketKindsMax)
    .transform((kinds) => kinds.filter((k, i) => kinds.findIndex((o) => o.kindId === k.kindId) === i)),
});
export type LineNoteConfig = z.output<typeof lineNoteConfigSchema>;

/** promptConfig (spec §2.1): the human welcome ({X} the agent) and the transfer prompt ({X} the agent transferred to). */
export const linePromptConfigSchema = z.object({ welcome: text(), transfer: text() });
export type LinePromptConfig = z.output<typeof linePromptConfigSchema>;

/** messageConfig (spec §3.1): read receipts, recall within recallMinutes, typing indicators. */
export const lineMessageConfigSchema = z.object({
  customerRead: z.boolean().default(false),
  agentRead: z.boolean().default(false),
  recall: z.boolean().default(false),
  recallMinutes: z
    .number()
    .int()
    .min(1)
    .max(LINE_LIMITS.recallMinutesMax)
    .nullish()
    .transform((m) => m ?? LINE_LIMITS.recallMinutesDefault),
  customerInput: z.boolean().default(false),
  agentInput: z.boolean().default(false),
});
export type LineMessageConfig = z.output<typeof lineMessageConfigSchema>;

/** basicConfig (spec §3.1 "basicConfig (login flag)"): the visitor must sign in before chatting. */
export const lineBasicConfigSchema = z.object({ login: z.boolean().default(false) });
export type LineBasicConfig = z.output<typeof lineBasicConfigSchema>;

/** One navigation a line binds: its kind, the navigation, and for a time-divided row the service time. */
export const lineNavSchema = z.object({
  navKind: NavKind.schema,
  navId: z.string(),
  navName: z.string().nullish(),
  timeId: z.string().nullish(),
  timeName: z.string().nullish(),
});
export type LineNav = z.infer<typeof lineNavSchema>;

const lineNavInputSchema = z.object({
  navKind: NavKind.schema,
  navId: optionalId,
  timeId: optionalId,
});

/**
 * The navs of a save (spec §2.1, §4). A row without a navigation is dropped. GROUP and SELF keep one variant: one row
 * without a time (not time-divided) or rows each with a time; a kind with both is a 400 (line.nav.oneVariant), as the
 * screen sends only the chosen variant. BOTTOM, SIDE and IVR bind one navigation without a time. Two rows of a kind
 * for the same time are a 400.
 */
export const lineNavsInputSchema = z
  .array(lineNavInputSchema)
  .max(LINE_LIMITS.navsMax)
  .transform((rows) => rows.filter((r): r is typeof r & { navId: string } => !!r.navId))
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const divided = TIME_DIVIDED_NAV_KINDS.includes(row.navKind);
      if (!divided && row.timeId) ctx.addIssue({ code: 'custom', message: 'line.nav.noTime', path: [i, 'timeId'] });
      const kindRows = rows.filter((r) => r.navKind === row.navKind);
      if (divided && kindRows.some((r) => !r.timeId) && kindRows.some((r) => r.timeId))
        ctx.addIssue({ code: 'custom', message: 'line.nav.oneVariant', path: [i, 'timeId'] });
      const key = `${row.navKind}/${divided ? (row.timeId ?? '') : ''}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'line.nav.duplicate', path: [i, 'navKind'] });
      seen.add(key);
    });
  })
  .transform((rows) => rows.map((r) => ({ navKind: r.navKind, navId: r.navId, timeId: r.timeId ?? null })));
export type LineNavInput = z.output<typeof lineNavsInputSchema>[number];

/** A skill group of the line, with its name. */
export const lineGroupSchema = z.object({ groupId: z.string(), groupName: z.string().nullish() });

// ---- the record ----------------------------------------------------------------------------------------------

/** A service line (online-service-config §3.1): basic fields, bound records with their names, and the six blocks. */
export const csLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullish(),
  intro: z.string().nullish(),
  type: LineType.schema,
  status: ActiveStatus.schema,
  /** the organisation that owns the line (spec: tenantId) */
  tenantId: z.string(),
  appId: z.string().nullish(),
  appName: z.string().nullish(),
  customerChatbotId: z.string().nullish(),
  customerChatbotNick: z.string().nullish(),
  agentChatbotId: z.string().nullish(),
  agentChatbotNick: z.string().nullish(),
  /** the quick-reply space (CS_QUICK) */
  replySpaceId: z.string().nullish(),
  replySpaceName: z.string().nullish(),
  scoreConfigId: z.string().nullish(),
  /** the satisfaction config's name (also while it is in the trash) */
  scoreConfigName: z.string().nullish(),
  ticketSpaceId: z.string().nullish(),
  ticketSpaceName: z.string().nullish(),
  summaryConfigId: z.string().nullish(),
  /** the service-summary config's name */
  summaryConfigName: z.string().nullish(),
  basicConfig: lineBasicConfigSchema,
  memberObjectId: z.string().nullish(),
  memberObjectType: z.string().nullish(),
  hotlineGroups: z.array(lineGroupSchema),
  /** the groups the line's skill-group (GROUP) navigations route to, each once */
  onlineGroups: z.array(lineGroupSchema),
  /** every group of the line, hotline and online, once */
  groupIds: z.array(z.string()),
  navs: z.array(lineNavSchema),
  agentConfig: lineAgentConfigSchema.nullish(),
  waitingConfig: lineWaitingConfigSchema.nullish(),
  noteConfig: lineNoteConfigSchema.nullish(),
  promptConfig: linePromptConfigSchema.nullish(),
  messageConfig: lineMessageConfigSchema.nullish(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type CsLine = z.infer<typeof csLineSchema>;

// ---- save ----------------------------------------------------------------------------------------------------

/**
 * /v3/chats/cs-line/create or /change (spec §7): id, name, version and the block being edited. A field or block left
 * out stays as stored; null clears it. Create takes name and intro (and may set anything else).
 */
export const csLineSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(LINE_LIMITS.nameMax),
    type: LineType.schema.optional(),
    code: z.preprocess(blankAsNull, optionalText(LINE_LIMITS.codeMax)),
    intro: text(),
    appId: optionalId,
    customerChatbotId: optionalId,
    agentChatbotId: optionalId,
    replySpaceId: optionalId,
    scoreConfigId: optionalId,
    ticketSpaceId: optionalId,
    summaryConfigId: optionalId,
    basicConfig: lineBasicConfigSchema.nullish(),
    memberObjectId: optionalText(64),
    memberObjectType: optionalText(50),
    navs: lineNavsInputSchema.optional(),
    /** groups chosen twice count once (spec §2.1 "adding a group already in the list is ignored") */
    hotlineGroups: z
      .array(z.object({ groupId: idSchema }))
      .max(LINE_LIMITS.hotlineGroupsMax)
      .transform((gs) => [...new Set(gs.map((g) => g.groupId))].map((groupId) => ({ groupId })))
      .optional(),
    agentConfig: lineAgentConfigSchema.optional(),
    waitingConfig: lineWaitingConfigSchema.optional(),
    noteConfig: lineNoteConfigSchema.optional(),
    promptConfig: linePromptConfigSchema.optional(),
    messageConfig: lineMessageConfigSchema.optional(),
  })
  .superRefine(requireVersionOnChange);
export type CsLineSave = z.infer<typeof csLineSaveSchema>;

/** The blocks a save may carry; the server writes exactly those present. */
export const LINE_SAVE_BLOCKS = [
  'type',
  'code',
  'intro',
  'appId',
  'customerChatbotId',
  'agentChatbotId',
  'replySpaceId',
  'scoreConfigId',
  'ticketSpaceId',
  'summaryConfigId',
  'basicConfig',
  'memberObjectId',
  'memberObjectType',
  'navs',
  'hotlineGroups',
  'agentConfig',
  'waitingConfig',
  'noteConfig',
  'promptConfig',
  'messageConfig',
] as const satisfies readonly (keyof CsLineSave)[];

/** /v3/chats/cs-line/page and /list: keyword (name or code), status, type, the trash, a /list limit. */
export const csLineFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(LINE_LIMITS.nameMax)),
  status: filter(ActiveStatus.schema),
  type: filter(LineType.schema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type CsLineFilter = z.infer<typeof csLineFilterSchema>;

// ---- authorisation -------------------------------------------------------------------------------------------

/**
 * The authorisation panels (spec §2.1 "/online/csLine/auth"; shared with ticket spaces): one page of the people
 * (STAFF: the organisation's users) or organisations (ORG) that may be granted, each with whether it is.
 */
export const grantPageBodySchema = z.object({
  targetId: idSchema,
  memberType: GrantMemberType.schema,
  keyword: filter(storableString().trim().max(LIMITS.nameMax)),
  /** only the members granted (true), only those not (false), or all */
  granted: filter(z.boolean()),
});
export type GrantPageBody = z.infer<typeof grantPageBodySchema>;

export const grantRowSchema = z.object({
  memberId: z.string(),
  memberName: z.string(),
  /** a user's sign-in name; an organisation's none */
  memberCode: z.string().nullish(),
  granted: z.boolean(),
});
export type GrantRow = z.infer<typeof grantRowSchema>;

/** The answer: a page of rows, and whether the caller may change this panel (the ORG panel: only the owner). */
export const grantPageSchema = z.object({
  records: z.array(grantRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  size: z.number().int().min(1),
  editable: z.boolean(),
});
export type GrantPage = z.infer<typeof grantPageSchema>;

/** Grant `add` and withdraw `remove` (member ids of one type) on one target. */
export const grantApplyBodySchema = z
  .object({
    targetId: idSchema,
    memberType: GrantMemberType.schema,
    add: z.array(idSchema).max(LIMITS.bulkIdsMax).default([]),
    remove: z.array(idSchema).max(LIMITS.bulkIdsMax).default([]),
  })
  .superRefine((b, ctx) => {
    const added = new Set(b.add);
    b.remove.forEach((id, i) => {
      if (added.has(id)) ctx.addIssue({ code: 'custom', message: 'common.duplicate', path: ['remove', i] });
    });
  });
export type GrantApplyBody = z.infer<typeof grantApplyBodySchema>;
export const grantApplyAnswerSchema = z.object({ added: z.number().int(), removed: z.number().int() });

/** /v3/chats/score-config/check-issue?lineId: whether the line's satisfaction survey can run, and why not. */
export const scoreCheckIssueQuerySchema = z.object({ lineId: idSchema });
export const scoreCheckIssueSchema = z.object({
  usable: z.boolean(),
  /** message codes of what is missing, in the console's languages */
  issues: z.array(z.object({ code: z.string(), zh: z.string(), en: z.string() })),
});
export type ScoreCheckIssue = z.infer<typeof scoreCheckIssueSchema>;
