import { z } from 'zod';
import { ChatbotMode, DEFAULT_CHATBOT_MODE } from '../enums/bots.js';
import { ActiveStatus, Deleted } from '../enums/common.js';
import { auditShape, err, filter, idSchema, LIMITS, optionalText, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/** Limits of chatbots (online-service-config §9: name and nick ≤ 100, outerId ≤ 50; the others ours). */
export const CHATBOT_LIMITS = {
  nameMax: LIMITS.nameMax,
  nickMax: LIMITS.nameMax,
  outerIdMax: 50,
  codeMax: 50,
  /** an uploaded image's path */
  avatarMax: 500,
  spacesMax: 50,
} as const;

/**
 * A chatbot (online-service-config §3.5). `spaceIds` are its knowledge bases (live CS_KB spaces of the organisation,
 * checked by the server) in the order saved, and `spaces` the same with their names; a space moved to the trash is
 * left out of both. `lines` are the service lines bound to it.
 */
export const chatbotSchema = z.object({
  id: z.string(),
  name: z.string(),
  nick: z.string(),
  code: z.string().nullish(),
  status: ActiveStatus.schema,
  avatar: z.string().nullish(),
  mode: ChatbotMode.schema,
  /** the AI application's id on its platform */
  outerId: z.string().nullish(),
  platformId: z.string().nullish(),
  platformName: z.string().nullish(),
  spaceIds: z.array(z.string()),
  spaces: z.array(z.object({ spaceId: z.string(), spaceName: z.string().nullish() })),
  lines: z.array(z.object({ lineId: z.string(), lineName: z.string() })),
  tenantId: z.string().nullish(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type Chatbot = z.infer<typeof chatbotSchema>;

/** Where avatars are uploaded (`/v3/worker/center/upload?dir=online/chatbot`); a bot's avatar is one of these. */
export const CHATBOT_AVATAR_DIR = 'online/chatbot';

const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** create (no id) or change (id and version): mode (default AI), name and nick required (spec §9). */
export const chatbotSaveSchema = z
  .object({
    ...saveKeysShape,
    mode: ChatbotMode.schema.default(DEFAULT_CHATBOT_MODE),
    name: requiredText(CHATBOT_LIMITS.nameMax),
    nick: requiredText(CHATBOT_LIMITS.nickMax),
    code: optionalText(CHATBOT_LIMITS.codeMax),
    /** an image uploaded under online/chatbot/ (the server checks it is the caller's own upload, or unchanged) */
    avatar: z.preprocess(
      blankAsNull,
      optionalText(CHATBOT_LIMITS.avatarMax).refine(
        (path) => path == null || path.startsWith(`${CHATBOT_AVATAR_DIR}/`),
        err('bots.chatbot.avatarUpload'),
      ),
    ),
    outerId: z.preprocess(blankAsNull, optionalText(CHATBOT_LIMITS.outerIdMax)),
    /** an AI platform of the organisation, not in the trash (checked by the server) */
    platformId: z.preprocess(blankAsNull, idSchema.nullish()),
    /** knowledge bases: live CS_KB spaces of the organisation (checked by the server), repeats dropped */
    spaceIds: z.preprocess((v) => v ?? [], z.array(idSchema).max(CHATBOT_LIMITS.spacesMax)),
  })
  .superRefine(requireVersionOnChange);
export type ChatbotSave = z.infer<typeof chatbotSaveSchema>;

/** /v3/chats/chatbot/page and /list: keyword (name or nick), outerId, platformId, mode, the trash, a /list limit. */
export const chatbotFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(CHATBOT_LIMITS.nameMax)),
  outerId: filter(storableString().trim().max(CHATBOT_LIMITS.outerIdMax)),
  platformId: filter(idSchema),
  mode: filter(ChatbotMode.schema),
  status: filter(ActiveStatus.schema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type ChatbotFilter = z.infer<typeof chatbotFilterSchema>;
