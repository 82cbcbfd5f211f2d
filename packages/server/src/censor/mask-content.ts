/**
 * `content` (a message as stored: TIM-style JSON items, or plain text) with its text replaced by `masked`, the
 * engine's masked form of `messageText(content)`. The text of a message is its text items joined with '\n', so each
 * text item takes back its own stretch of `masked`; every other item (pictures, files) and field stays as it was.
 * Content whose text is the content itself (not JSON, or JSON that is not a list of typed items) becomes `masked`
 * whole. See `stretches` for how the stretches are found when a replacement changed the length.
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
  const places = items.map((item) =>
    item === null || typeof item !== 'object' ? null : textPlace(item as Record<string, unknown>),
  );
  const texts = places.flatMap((place) => (place === null ? [] : [place.text]));
  if (texts.length === 0) return masked;
  const parts = stretches(texts, masked);
  let k = 0;
  const out = items.map((item, i) => {
    const place = places[i];
    return place === null || place === undefined ? item : place.with(parts[k++] ?? '');
  });
  return JSON.stringify(Array.isArray(parsed) ? out : out[0]);
}

/**
 * Each text item's stretch of `masked` (the items' texts joined with '\n', then masked). A mask or a FUZZY
 * replacement (`傻逼` → `[哔]`, which changes the length) leaves every '\n' outside a match as it was, so the
 * stretches are found by counting line breaks. Only a match that swallowed a line break (noise skipping across
 * lines) changes the count; masking then kept the length, so each item takes the stretch where its text was. Should
 * neither hold (a replacement as well), the whole masked text goes to the first item and the others keep nothing:
 * never a readable word, even if the layout is lost.
 */
function stretches(texts: readonly string[], masked: string): string[] {
  if (texts.length === 1) return [masked];
  const lines = masked.split('\n');
  const breaks = (text: string) => text.split('\n').length;
  if (lines.length === texts.reduce((sum, text) => sum + breaks(text), 0)) {
    let line = 0;
    return texts.map((text) => {
      const n = breaks(text);
      const part = lines.slice(line, line + n).join('\n');
      line += n;
      return part;
    });
  }
  if (masked.length === texts.reduce((sum, text) => sum + text.length, texts.length - 1)) {
    let at = 0;
    return texts.map((text) => {
      const part = masked.slice(at, at + text.length);
      at += text.length + 1;
      return part;
    });
  }
  return texts.map((_, k) => (k === 0 ? masked : ''));
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
