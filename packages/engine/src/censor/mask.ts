/**
 * Replaces every code unit inside the spans with `*` (a noise-skipped match is starred whole, noise included,
 * so `傻 逼` gives `***`: nothing of the word is left to read). Same length as the text; untouched outside the spans.
 */
export function maskSpans(text: string, spans: readonly { readonly start: number; readonly end: number }[]): string {
  if (spans.length === 0) return text;
  const starred = new Uint8Array(text.length);
  for (const span of spans) starred.fill(1, span.start, span.end);
  let out = '';
  let runStart = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && starred[i] === (starred[runStart] ?? 0)) continue;
    const piece = text.slice(runStart, i);
    out += starred[runStart] === 1 ? '*'.repeat(piece.length) : piece;
    runStart = i;
  }
  return out;
}
