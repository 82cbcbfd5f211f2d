import { messageText } from './message-text.js';
import { SessionInputError } from './session-input-error.js';
import type { Sentence, Transcript } from './types.js';

/**
 * Reads a session into the ordered sentences every later stage works on. Accepts messages as the console
 * stores them (`senderRole`, `content` JSON string, `sendTime`) or plain (`role`, `text`, `time`).
 */
export function readSession(input: unknown, fallbackId = ''): Transcript {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new SessionInputError('$', '会话必须是 JSON 对象', 'a session must be a JSON object');
  }
  const session = input as Record<string, unknown>;
  const rawId = session.sessionId ?? session.id ?? fallbackId;
  if (typeof rawId !== 'string' && typeof rawId !== 'number') {
    throw new SessionInputError(
      '$.sessionId',
      'sessionId 必须是字符串或数字',
      'sessionId must be a string or a number',
    );
  }
  const messages = session.messages;
  if (!Array.isArray(messages)) {
    throw new SessionInputError('$.messages', 'messages 必须是数组', 'messages must be an array');
  }
  const sentences: Sentence[] = messages.map((message, index) => readMessage(message, index));
  return { sessionId: String(rawId), sentences };
}

function readMessage(message: unknown, index: number): Sentence {
  const path = `$.messages[${index}]`;
  if (message === null || typeof message !== 'object' || Array.isArray(message)) {
    throw new SessionInputError(path, '消息必须是 JSON 对象', 'a message must be a JSON object');
  }
  const m = message as Record<string, unknown>;
  const role = m.senderRole ?? m.role;
  if (typeof role !== 'string' || role.trim() === '') {
    throw new SessionInputError(
      `${path}.senderRole`,
      '消息缺少发送者角色（senderRole 或 role）',
      'the message has no sender role (senderRole or role)',
    );
  }
  let text: string | null;
  if ('content' in m) {
    text = messageText(m.content);
  } else if ('text' in m) {
    if (m.text !== null && typeof m.text !== 'string') {
      throw new SessionInputError(`${path}.text`, 'text 必须是字符串', 'text must be a string');
    }
    text = m.text;
  } else {
    throw new SessionInputError(path, '消息缺少 content 或 text', 'the message has neither content nor text');
  }
  const time = m.sendTime ?? m.time;
  const messageId = m.messageId;
  return {
    index,
    role: role.trim().toUpperCase(),
    text,
    time: readTime(time),
    messageId: typeof messageId === 'string' || typeof messageId === 'number' ? String(messageId) : null,
  };
}

function readTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value === '') return null;
  const numeric = Number(value);
  if (Number.isFinite(numeric)) return numeric;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}
