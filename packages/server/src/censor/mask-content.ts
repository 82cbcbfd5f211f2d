/**
 * `content` (a message as stored: TIM-style JSON items, or plain text) with its text replaced by `masked`, the
 * engine's masked form of `messageText(content)` (same length: each matched character became `*`). The text of a
 * message is its text items joined with '\n', so each text item takes back its own stretch of `masked`; every other
 * item (pictures, files) and field stays as it was. Content whose text is the content itself (not JSON, or JSON
 * that is not a list of typed items) becomes `masked` whole.
 */
export function maskContent(content: string, masked: string): string {
  const trimmed = content.trimStart();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return masked;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return masked;
  }
  const items: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  let at = 0;
  let anyText = false;
  const out = items.map((item) => {
    if (item === null || typeof item !== 'object') return item;
    const place = textPlace(item as Record<string, unknown>);
    if (place === null) return item;
    anyText = true;
    const part = masked.slice(at, at + place.text.length);
    at += place.text.length + 1;
    return place.with(part);
  });
  if (!anyText) return masked;
  return JSON.stringify(Array.isArray(parsed) ? out : out[0]);
}

/** Where an item keeps its text (as the engine's `messageText` reads it), and the item with other text there. */
function textPlace(item: Record<string, unknown>): { text: string; with(text: string): unknown } | null {
  const msgType = item.MsgType;
  if (typeof msgType === 'string') {
    if (msgType !== 'TIMTextElem') return null;
    const body = item.MsgContent;
    if (body === null || typeof body !== 'object') return null;
    const text = (body as Record<string, unknown>).Text;
    if (typeof text !== 'string') return null;
    return { text, with: (t) => ({ ...item, MsgContent: { ...(body as object), Text: t } }) };
  }
  const type = item.type;
  if (typeof type === 'string') {
    if (type.toLowerCase() !== 'text') return null;
    const key = item.text !== undefined && item.text !== null ? 'text' : 'content';
    const text = item[key];
    if (typeof text !== 'string') return null;
    return { text, with: (t) => ({ ...item, [key]: t }) };
  }
  return null;
}
