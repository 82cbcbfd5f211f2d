/**
 * The text of a stored message `content`: a JSON string (or already-parsed list) of items that carry
 * their type, TIM style (`{MsgType:'TIMTextElem', MsgContent:{Text}}`) or plain (`{type:'text', text}`).
 * Several text items are joined with `\n`; content that is not JSON is plain text; a message with no text
 * item (image, file, video, custom) has no text.
 */
export function messageText(content: unknown): string | null {
  if (typeof content === 'string') {
    const plain = singleTimText(content);
    if (plain !== null) return plain;
    return parsedMessageText(content);
  }
  return itemsText(content, null);
}

// The one text element the console stores for most messages, as JSON.stringify (compact) or Python (spaced) write it.
const TIM_PREFIXES = [
  '[{"MsgType":"TIMTextElem","MsgContent":{"Text":"',
  '[{"MsgType": "TIMTextElem", "MsgContent": {"Text": "',
];
const TIM_SUFFIX = '"}}]';

/**
 * The text of content that is exactly one TIM text element whose string needs no unescaping (no `"`, no `\`,
 * no control character), read without JSON.parse: the same answer JSON.parse gives, at a fraction of the cost.
 * Null for any other content (which then goes through JSON.parse).
 */
function singleTimText(content: string): string | null {
  if (content.length < TIM_PREFIXES[0]!.length + TIM_SUFFIX.length || !content.endsWith(TIM_SUFFIX)) return null;
  let start = -1;
  for (const prefix of TIM_PREFIXES) {
    if (content.startsWith(prefix)) {
      start = prefix.length;
      break;
    }
  }
  const end = content.length - TIM_SUFFIX.length;
  if (start < 0 || end < start) return null;
  // The first `"`, `\` or control character from the start must be the closing quote (a regex scans faster than a loop).
  SPECIAL.lastIndex = start;
  SPECIAL.test(content);
  return SPECIAL.lastIndex === end + 1 ? content.slice(start, end) : null;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: a JSON string cannot hold raw control characters.
const SPECIAL = /["\\\x00-\x1f]/g;

/** `messageText` of string content through JSON.parse (every shape; the reference for the fast path). */
export function parsedMessageText(content: string): string | null {
  const trimmed = content.trimStart();
  // Only a JSON list or object can be structured content; anything else is the text itself.
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      return itemsText(JSON.parse(content), content);
    } catch {
      return content;
    }
  }
  return content;
}

function itemsText(parsed: unknown, raw: string | null): string | null {
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const texts: string[] = [];
  let structured = false;
  for (const item of items) {
    if (item === null || typeof item !== 'object') continue;
    structured = true;
    const text = itemText(item as Record<string, unknown>);
    if (text !== null) texts.push(text);
  }
  if (texts.length > 0) return texts.join('\n');
  // JSON that is not a list of typed items (e.g. `[1,2]`) was typed by a person: keep it as text.
  return structured ? null : raw;
}

function itemText(item: Record<string, unknown>): string | null {
  const msgType = item.MsgType;
  if (typeof msgType === 'string') {
    if (msgType !== 'TIMTextElem') return null;
    const body = item.MsgContent;
    if (body !== null && typeof body === 'object') {
      const text = (body as Record<string, unknown>).Text;
      return typeof text === 'string' ? text : null;
    }
    return null;
  }
  const type = item.type;
  if (typeof type === 'string') {
    if (type.toLowerCase() !== 'text') return null;
    const text = item.text ?? item.content;
    return typeof text === 'string' ? text : null;
  }
  return null;
}
