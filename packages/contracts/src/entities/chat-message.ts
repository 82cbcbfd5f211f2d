import { z } from 'zod';
import { CensorOperation, type MessageKind, TIM_MESSAGE_KINDS } from '../enums/chat.js';
import { timeSchema } from '../fields.js';

/**
 * A chat message as stored. `content` is a JSON string whose first item carries the type (TIM style
 * `{MsgType, MsgContent}`, e.g. TIMTextElem; files carry Url and FileName; images an ImageInfoArray of
 * {URL, Width, Height} where index 2 is the thumbnail and index 0 the preview).
 */
export const chatMessageSchema = z.object({
  messageId: z.string(),
  chatId: z.string().nullish(),
  sessionId: z.string(),
  sendTime: timeSchema,
  /** CUSTOMER or AGENT (the dictionary holds others, kept as they are) */
  senderRole: z.string(),
  senderNick: z.string().nullish(),
  senderAvatar: z.string().nullish(),
  content: z.string(),
  censorOperation: CensorOperation.schema.nullish(),
  censorWords: z.array(z.string()).nullish(),
  /**
   * beyond the spec: under FUZZY, `content` as the customer side sees it (each matched word masked with `*`);
   * `content` stays as sent, for the log, QC and reviewers
   */
  maskedContent: z.string().nullish(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** One item of `content`. */
export const timContentItemSchema = z.looseObject({
  MsgType: z.string(),
  MsgContent: z.looseObject({}).optional(),
});
export type TimContentItem = z.infer<typeof timContentItemSchema>;

/** The message fetch answer: records and the cursor of the next batch. */
export const messageFetchAnswerSchema = z.object({
  records: z.array(chatMessageSchema),
  nextCursor: z.string().nullish(),
});
export type MessageFetchAnswer = z.infer<typeof messageFetchAnswerSchema>;

const SIMPLE_KINDS: Record<string, MessageKind> = {
  text: 'text',
  image: 'image',
  video: 'video',
  file: 'file',
  custom: 'custom',
};

/**
 * The kind a message renders as, from its first content item (`MsgType` or a plain `type`). Content that is
 * not JSON is plain text; an unknown type renders as custom (nothing).
 */
export function messageKindOf(content: string): MessageKind {
  let items: unknown;
  try {
    items = JSON.parse(content);
  } catch {
    return 'text';
  }
  const first = Array.isArray(items) ? items[0] : items;
  if (first === null || typeof first !== 'object') return typeof items === 'string' ? 'text' : 'custom';
  const { MsgType, type } = first as { MsgType?: unknown; type?: unknown };
  if (typeof MsgType === 'string') return TIM_MESSAGE_KINDS[MsgType as keyof typeof TIM_MESSAGE_KINDS] ?? 'custom';
  if (typeof type === 'string') return SIMPLE_KINDS[type] ?? 'custom';
  return 'custom';
}
