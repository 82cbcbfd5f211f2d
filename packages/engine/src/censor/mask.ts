/**
 * Replaces every code unit inside the spans with `*` (a noise-skipped match is starred whole, noise included,
 * so `傻 逼` gives `***`: nothing of the word is left to read). Same length as the text; untouched outside the spans.
 */
export function maskSpans(text: string, spans: readonly { readonly start: number; readonly end: number }[]): string {
  return maskMatches(text, spans);
}

/** A span to mask: with its library's mask character (default `*`) and, when its word has one, a replacement. */
export interface MaskSpan {
  readonly start: number;
  readonly end: number;
  readonly mask?: string;
  readonly replacement?: string | undefined;
}

/**
 * Masks the spans (in order of start). Overlapping spans form one run; a run that is exactly one span with a
 * replacement becomes that replacement (`傻逼` → `[哔]`, so the text may change length); any other run has each
 * code unit replaced by the mask character of the first span covering it (same length).
 */
export function maskMatches(text: string, spans: readonly MaskSpan[]): string {
  if (spans.length === 0) return text;
  const ordered = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let done = 0;
  for (let s = 0; s < ordered.length; ) {
    const runStart = Math.max(ordered[s]!.start, done);
    let runEnd = ordered[s]!.end;
    let last = s + 1;
    while (last < ordered.length && ordered[last]!.start < runEnd) {
      runEnd = Math.max(runEnd, ordered[last]!.end);
      last++;
    }
    out += text.slice(done, runStart);
    let whole: MaskSpan | undefined;
    for (let k = s; k < last && whole === undefined; k++) {
      const span = ordered[k]!;
      if (span.replacement !== undefined && span.start === runStart && span.end === runEnd) whole = span;
    }
    if (whole !== undefined) out += whole.replacement;
    else {
      // The first span covering i: spans are in order of start, and the run is contiguous, so when the current
      // one ends the next that reaches past i covers it (one sweep, however many spans overlap).
      let cover = s;
      for (let i = runStart; i < runEnd; ) {
        while (ordered[cover]!.end <= i) cover++;
        const span = ordered[cover]!;
        const to = Math.min(span.end, runEnd);
        out += (span.mask ?? '*').repeat(to - i);
        i = to;
      }
    }
    done = Math.max(done, runEnd);
    s = last;
  }
  return out + text.slice(done);
}
