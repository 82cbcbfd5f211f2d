import { z } from 'zod';
import { ActiveStatus, Deleted } from '../enums/common.js';
import {
  DEFAULT_FIRST_ASSIGN,
  DeskAssign,
  GROUP_TYPES_WITH_CONFIG,
  GROUP_TYPES_WITH_PARENT,
  GroupType,
  SECOND_ASSIGN_AFTER,
} from '../enums/desk.js';
import { auditShape, err, filter, idSchema, LIMITS, optionalText, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';
import { DESK_LIMITS, todayTimeSchema } from './cs-time.js';

/** A timeout block of a group's config: after `minutes`, remind with `prompt` or reassign (spec §3.2). */
export const timeoutBlockSchema = z.object({
  minutes: z
    .number({ error: (i) => (i.input == null ? 'common.required' : undefined) })
    .int()
    .min(1)
    .max(DESK_LIMITS.timeoutMinutesMax),
  prompt: storableString().trim().max(DESK_LIMITS.textMax).nullish(),
});
export type TimeoutBlock = z.infer<typeof timeoutBlockSchema>;

/** The four blocks; an unticked one is null (spec §2.1 "unticked ones are sent as null"). */
export const TIMEOUT_BLOCKS = [
  'enterTimeoutRemind',
  'enterTimeoutAssign',
  'sessionTimeoutRemind',
  'sessionTimeoutAssign',
] as const;
export type TimeoutBlockName = (typeof TIMEOUT_BLOCKS)[number];

/**
 * What a ticked block starts with (spec §9: "a reminder after 3 minutes and a reassign after 10 minutes, for both
 * entering the queue and the session, each with a default prompt text"; the texts are ours).
 */
export const TIMEOUT_BLOCK_DEFAULTS: Readonly<Record<TimeoutBlockName, { minutes: number; prompt: string }>> = {
  enterTimeoutRemind: { minutes: 3, prompt: '当前咨询人数较多，请您耐心等待' },
  enterTimeoutAssign: { minutes: 10, prompt: '正在为您转接其他客服，请稍候' },
  sessionTimeoutRemind: { minutes: 3, prompt: '客服正在处理您的问题，请稍候' },
  sessionTimeoutAssign: { minutes: 10, prompt: '正在为您转接其他客服，请稍候' },
};

/** A skill group's assignment config as stored and answered (names filled in for the two groups). */
export const csGroupConfigSchema = z.object({
  firstAssign: DeskAssign.schema,
  secondAssign: DeskAssign.schema.nullish(),
  /** the upper-limit overflow group */
  overloadGroupId: z.string().nullish(),
  overloadGroupName: z.string().nullish(),
  /** the all-offline group */
  offlineGroupId: z.string().nullish(),
  offlineGroupName: z.string().nullish(),
  enterTimeoutRemind: timeoutBlockSchema.nullish(),
  enterTimeoutAssign: timeoutBlockSchema.nullish(),
  sessionTimeoutRemind: timeoutBlockSchema.nullish(),
  sessionTimeoutAssign: timeoutBlockSchema.nullish(),
});
export type CsGroupConfig = z.infer<typeof csGroupConfigSchema>;

/** A receiver of a group. */
export const groupAgentSchema = z.object({
  agentId: z.string(),
  agentName: z.string().nullish(),
  agentNick: z.string().nullish(),
});

/** A skill group (online-service-config §3.2). */
export const csGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: GroupType.schema,
  status: ActiveStatus.schema,
  code: z.string().nullish(),
  intro: z.string().nullish(),
  /** the service time */
  timeId: z.string().nullish(),
  timeName: z.string().nullish(),
  /** the CATEGORY group above an ONLINE or HOTLINE group */
  parentId: z.string().nullish(),
  parentName: z.string().nullish(),
  agentIds: z.array(z.string()),
  agents: z.array(groupAgentSchema),
  /** the live skill-group (GROUP) navigations that route to it */
  navs: z.array(z.object({ navId: z.string(), navName: z.string().nullish() })),
  /** today's spans of its service time */
  todayTimes: z.array(todayTimeSchema),
  /** "A group is shown online if it has a serviceTime" (spec §3.2) */
  online: z.boolean(),
  /** ONLINE and TICKET groups only; null for the others */
  config: csGroupConfigSchema.nullish(),
  tenantId: z.string().nullish(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type CsGroup = z.infer<typeof csGroupSchema>;

// ---- save --------------------------------------------------------------------------------------------------

const optionalId = z.preprocess((v) => (v === '' ? null : v), idSchema.nullish());

/**
 * The config of a save. firstAssign defaults to IDLE_RATE; secondAssign is kept only after LAST_RECEIVER and may
 * not equal it (spec §4, §5); a block left out or null is unticked.
 */
export const csGroupConfigInputSchema = z
  .object({
    firstAssign: DeskAssign.schema.default(DEFAULT_FIRST_ASSIGN),
    secondAssign: z.preprocess((v) => (v === '' ? null : v), DeskAssign.schema.nullish()),
    overloadGroupId: optionalId,
    offlineGroupId: optionalId,
    enterTimeoutRemind: timeoutBlockSchema.nullish(),
    enterTimeoutAssign: timeoutBlockSchema.nullish(),
    sessionTimeoutRemind: timeoutBlockSchema.nullish(),
    sessionTimeoutAssign: timeoutBlockSchema.nullish(),
  })
  .superRefine((c, ctx) => {
    if (c.firstAssign === SECOND_ASSIGN_AFTER && c.secondAssign === c.firstAssign)
      ctx.addIssue({ code: 'custom', message: 'desk.group.secondAssignSame', path: ['secondAssign'] });
  })
  .transform((c) => ({
    ...c,
    secondAssign: c.firstAssign === SECOND_ASSIGN_AFTER ? (c.secondAssign ?? null) : null,
    overloadGroupId: c.overloadGroupId ?? null,
    offlineGroupId: c.offlineGroupId ?? null,
    enterTimeoutRemind: c.enterTimeoutRemind ?? null,
    enterTimeoutAssign: c.enterTimeoutAssign ?? null,
    sessionTimeoutRemind: c.sessionTimeoutRemind ?? null,
    sessionTimeoutAssign: c.sessionTimeoutAssign ?? null,
  }));
export type CsGroupConfigInput = z.output<typeof csGroupConfigInputSchema>;

/**
 * /v3/chats/cs-group/create or /change: the group plus agentIds. type, name and timeId required; at least one
 * receiver (请设置接待人); the overflow and offline groups never the group itself; a category parent only for
 * ONLINE and HOTLINE.
 */
export const csGroupSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(DESK_LIMITS.nameMax),
    type: GroupType.schema,
    code: optionalText(DESK_LIMITS.codeMax),
    intro: optionalText(DESK_LIMITS.textMax),
    timeId: idSchema,
    parentId: optionalId,
    agentIds: z
      .array(idSchema, { error: (i) => (i.input == null ? 'desk.group.receiversRequired' : undefined) })
      .min(1, err('desk.group.receiversRequired'))
      .max(LIMITS.bulkIdsMax)
      .refine((ids) => new Set(ids).size === ids.length, err('common.duplicate')),
    config: csGroupConfigInputSchema.nullish(),
  })
  .superRefine(requireVersionOnChange)
  .superRefine((g, ctx) => {
    if (g.parentId && !GROUP_TYPES_WITH_PARENT.includes(g.type))
      ctx.addIssue({ code: 'custom', message: 'desk.group.parentOnlyOnlineHotline', path: ['parentId'] });
    if (g.id && g.parentId === g.id)
      ctx.addIssue({ code: 'custom', message: 'desk.group.currentGroup', path: ['parentId'] });
    for (const key of ['overloadGroupId', 'offlineGroupId'] as const)
      if (g.id && g.config?.[key] === g.id)
        ctx.addIssue({ code: 'custom', message: 'desk.group.currentGroup', path: ['config', key] });
  })
  .transform((g) => ({
    ...g,
    parentId: GROUP_TYPES_WITH_PARENT.includes(g.type) ? (g.parentId ?? null) : null,
    // the config applies to ONLINE and TICKET groups; any other type keeps none
    config: GROUP_TYPES_WITH_CONFIG.includes(g.type) ? (g.config ?? csGroupConfigInputSchema.parse({})) : null,
  }));
export type CsGroupSave = z.infer<typeof csGroupSaveSchema>;

/** /v3/chats/cs-group/list/top: the active top-level groups of a type (a category picker), optional keyword. */
export const csGroupTopBodySchema = z.object({
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), GroupType.schema.optional()),
  keyword: z.preprocess((v) => (v === '' || v === null ? undefined : v), storableString().trim().max(100).optional()),
});
export type CsGroupTopBody = z.infer<typeof csGroupTopBodySchema>;

/** One row of the top list and of /select. */
export const csGroupOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: GroupType.schema,
  online: z.boolean(),
});
export type CsGroupOption = z.infer<typeof csGroupOptionSchema>;

/** /v3/chats/cs-group/select?chatId: the groups a chat may be transferred to. */
export const csGroupSelectQuerySchema = z.object({ chatId: idSchema });

/** /v3/chats/cs-group/page and /list: keyword (name or code), type, status, parent, the trash view, a limit. */
export const csGroupFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(DESK_LIMITS.nameMax)),
  type: filter(GroupType.schema),
  status: filter(ActiveStatus.schema),
  parentId: filter(idSchema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type CsGroupFilter = z.infer<typeof csGroupFilterSchema>;
