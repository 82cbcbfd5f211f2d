/**
 * The text of a stored message `content`: a JSON string (or already-parsed list) of items that carry
 * their type, TIM style (`{MsgType:'TIMTextElem', MsgContent:{Text}}`) or plain (`{type:'text', text}`).
 * Several text items are joined with `\n`; content that is not JSON is plain text; a message with no text
 * item (image, file, video, custom) has no text.
 */
export function messageText(content: unknown): string | null {
  if (typeof content === 'string') {
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
  return itemsText(content, null);
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
