import { z } from 'zod';
import { Deleted } from '../enums/common.js';
import { AgentMode, AgentStatus } from '../enums/desk.js';
import { auditShape, err, filter, idSchema, LIMITS, optionalText, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';
import { DESK_LIMITS } from './cs-time.js';
import { groupRefSchema } from './refs.js';

/** An agent (online-service-config §3.4, tickets §3). */
export const csAgentSchema = z.object({
  id: z.string(),
  /** the work number: the user's sign-in name, or the call platform's */
  workNo: z.string().nullish(),
  name: z.string().nullish(),
  nick: z.string(),
  status: AgentStatus.schema,
  /** the console user this agent is (null for agents known only from sessions or a call platform) */
  userId: z.string().nullish(),
  code: z.string().nullish(),
  avatar: z.string().nullish(),
  /** reception ceiling */
  capacity: z.number().int(),
  /** bound skill groups (lists fold after 3) */
  groups: z.array(groupRefSchema.extend({ agentId: z.string() })),
  softNumber: z.string().nullish(),
  sipNumber: z.string().nullish(),
  mobile: z.string().nullish(),
  /** the mode of an ONLINE agent */
  mode: AgentMode.schema.nullish(),
  callPlatform: z.string().nullish(),
  /** the agent's id on its call platform (ours: what /pull matches on) */
  platformAgentId: z.string().nullish(),
  /** current receptions: his sessions still open */
  receptions: z.number().int(),
  /** every session he served */
  sessions: z.number().int(),
  tenantId: z.string().nullish(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type CsAgent = z.infer<typeof csAgentSchema>;

/** Reception ceiling of one agent: required, whole, 1..1000 (spec §5). */
export const capacitySchema = z
  .number({ error: (i) => (i.input == null ? 'common.required' : undefined) })
  .int(err('desk.agent.capacityRange'))
  .min(DESK_LIMITS.capacityMin, err('desk.agent.capacityRange'))
  .max(DESK_LIMITS.capacityMax, err('desk.agent.capacityRange'));

/**
 * The batch capacity input (spec §5 "accepts digits only, clamped to 1..1000"): anything but digits is dropped,
 * then the number is clamped; nothing left is null (the screen keeps the field empty).
 */
export function clampBatchCapacity(input: string | number): number | null {
  const digits = String(input).replace(/\D/g, '');
  if (digits === '') return null;
  return Math.min(DESK_LIMITS.capacityMax, Math.max(DESK_LIMITS.capacityMin, Number(digits.slice(0, 7))));
}

const callPlatformSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  storableString().trim().max(DESK_LIMITS.codeMax).nullish(),
);

/**
 * /v3/chats/cs-agent/create or /change: `{userId, nick, capacity, softNumber, mobile, callPlatform, id, version}`.
 * The user is chosen on create and cannot change afterwards; capacity defaults to 20 on create.
 */
export const csAgentSaveSchema = z
  .object({
    ...saveKeysShape,
    userId: z.preprocess((v) => (v === '' ? null : v), idSchema.nullish()),
    nick: requiredText(DESK_LIMITS.nameMax),
    capacity: capacitySchema.default(DESK_LIMITS.capacityDefault),
    softNumber: optionalText(DESK_LIMITS.softNumberMax),
    mobile: optionalText(DESK_LIMITS.mobileMax),
    callPlatform: callPlatformSchema,
  })
  .superRefine(requireVersionOnChange)
  .superRefine((a, ctx) => {
    if (!a.id && !a.userId) ctx.addIssue({ code: 'custom', message: 'desk.agent.userRequired', path: ['userId'] });
  });
export type CsAgentSave = z.infer<typeof csAgentSaveSchema>;

/** /v3/chats/cs-agent/createBatch: `{userIds}`, a staff selection (none selected: 请选择员工). */
export const csAgentCreateBatchSchema = z.object({
  userIds: z
    .array(idSchema, { error: (i) => (i.input == null ? 'desk.agent.selectStaff' : undefined) })
    .min(1, err('desk.agent.selectStaff'))
    .max(LIMITS.bulkIdsMax)
    .refine((ids) => new Set(ids).size === ids.length, err('common.duplicate')),
});
export type CsAgentCreateBatch = z.infer<typeof csAgentCreateBatchSchema>;

/** One row of a batch save: the capacity as typed (digits kept, clamped), nick possibly empty (then skipped). */
export const csAgentBatchRowSchema = z.object({
  id: idSchema,
  nick: z.preprocess((v) => (v == null ? '' : v), storableString().trim().max(DESK_LIMITS.nameMax)),
  capacity: z.union([z.number(), z.string()]).transform((v, ctx) => {
    const clamped = clampBatchCapacity(typeof v === 'number' ? Math.trunc(v) : v);
    if (clamped === null) {
      ctx.addIssue({ code: 'custom', message: 'common.required' });
      return z.NEVER;
    }
    return clamped;
  }),
  callPlatform: callPlatformSchema,
});

/**
 * /v3/chats/cs-agent/changeBatch: `{agents: [{id, nick, capacity, callPlatform}]}`. Only rows with a nick are
 * saved (spec §5); the others are answered as skipped.
 */
export const csAgentChangeBatchSchema = z.object({
  agents: z
    .array(csAgentBatchRowSchema)
    .min(1, err('common.selectRecord'))
    .max(LIMITS.bulkIdsMax)
    .refine((rows) => new Set(rows.map((r) => r.id)).size === rows.length, err('common.duplicate')),
});
export type CsAgentChangeBatch = z.infer<typeof csAgentChangeBatchSchema>;

/** Answer of createBatch and changeBatch: the agents written, and what was left alone. */
export const csAgentBatchAnswerSchema = z.object({
  ids: z.array(z.string()),
  /** createBatch: user ids that are agents already; changeBatch: agent ids without a nick */
  skipped: z.array(z.string()),
});
export type CsAgentBatchAnswer = z.infer<typeof csAgentBatchAnswerSchema>;

/** /v3/chats/cs-agent/pull?platform=: which call platform to read. */
export const csAgentPullQuerySchema = z.object({
  platform: storableString({ error: (i) => (i.input == null ? 'common.required' : undefined) })
    .trim()
    .min(1, err('common.required'))
    .max(DESK_LIMITS.codeMax),
});

/** Answer of /pull: agents created and updated by their platform id, and the export's rows that failed. */
export const csAgentPullAnswerSchema = z.object({
  platform: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.array(z.object({ line: z.number().int(), platformAgentId: z.string().nullish(), reason: z.string() })),
});
export type CsAgentPullAnswer = z.infer<typeof csAgentPullAnswerSchema>;

/** /v3/chats/cs-agent/page and /list: keyword (name, nick or work number), status, bound group, the trash view. */
export const csAgentFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(DESK_LIMITS.nameMax)),
  status: filter(AgentStatus.schema),
  groupId: filter(idSchema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type CsAgentFilter = z.infer<typeof csAgentFilterSchema>;
