/**
 * A span of a message's text to mark: `message` is the 0-based index in the transcript's `messages`, `[start, end)`
 * a character range of that message's text (the engine's evidence positions), `label` what the mark's tooltip says.
 */
export interface TranscriptHighlight {
  message: number;
  start: number;
  end: number;
  label?: string;
}

/** A piece of a message's text: plain, or marked with the labels of the highlights covering it. */
export interface TextSegment {
  text: string;
  start: number;
  end: number;
  /** null: not marked */
  labels: string[] | null;
}

/**
 * Cuts `text` at every highlight boundary. Overlapping highlights give one marked piece per stretch (labels joined);
 * spans outside the text are clipped, empty or reversed ones ignored.
 */
export function segmentText(text: string, highlights: readonly Pick<TranscriptHighlight, 'start' | 'end' | 'label'>[]) {
  const spans = highlights
    .map((h) => ({
      start: Math.max(0, Math.floor(h.start)),
      end: Math.min(text.length, Math.floor(h.end)),
      label: h.label,
    }))
    .filter((h) => Number.isFinite(h.start) && Number.isFinite(h.end) && h.end > h.start);
  if (spans.length === 0) return [{ text, start: 0, end: text.length, labels: null }] as TextSegment[];
  const cuts = new Set<number>([0, text.length]);
  for (const s of spans) {
    cuts.add(s.start);
    cuts.add(s.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: TextSegment[] = [];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const start = points[i]!;
    const end = points[i + 1]!;
    const covering = spans.filter((s) => s.start <= start && s.end >= end);
    const labels = covering.length === 0 ? null : [...new Set(covering.flatMap((s) => (s.label ? [s.label] : [])))];
    const last = segments[segments.length - 1];
    // neighbours with the same marking stay one piece
    if (last && sameLabels(last.labels, labels)) {
      last.text += text.slice(start, end);
      last.end = end;
    } else segments.push({ text: text.slice(start, end), start, end, labels });
  }
  return segments;
}

function sameLabels(a: string[] | null, b: string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Highlights grouped by message index. */
export function byMessage(highlights: readonly TranscriptHighlight[]): Map<number, TranscriptHighlight[]> {
  const map = new Map<number, TranscriptHighlight[]>();
  for (const h of highlights) {
    const list = map.get(h.message);
    if (list) list.push(h);
    else map.set(h.message, [h]);
  }
  return map;
}
