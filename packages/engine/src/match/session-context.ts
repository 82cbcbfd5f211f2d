import { MatchList } from '../automaton/match-list.js';
import type { KeywordTable } from '../compile/keyword-table.js';
import type { Evidence } from '../explain/evidence.js';
import { classifyDetailed, type ModelLabel, type ModelProvider } from '../models/model-provider.js';
import type { ModelOperatorType, Role } from '../rule/types.js';
import { compactText } from '../text/compact.js';
import { foldTable, standsAlone } from '../text/fold.js';
import type { Sentence, Transcript } from '../transcript/types.js';
import { type CompiledCheckRange, type Selection, selectSentences } from './select-sentences.js';

/**
 * Per keyword table: the head of each keyword's occurrence chain for the session scanned last, valid where
 * `stamps[id]` is that session's generation. Contexts are built and used synchronously (inspect, and
 * inspectAsync after its model prefetch), so only the newest context of a table is ever read; an older one
 * refuses instead of answering wrongly.
 */
interface Heads {
  readonly heads: Int32Array;
  readonly stamps: Uint32Array;
  generation: number;
}
const headsOf = new WeakMap<KeywordTable, Heads>();

/** Per BMP code unit: 0 not yet known, 1 kept by compactText, 2 dropped. */
const unitKept = new Uint8Array(0x10000);
/** Astral code points: their length after compactText (0: dropped, as emoji are), learnt as met. */
const astralLength = new Map<number, number>();

/** Whether compactText keeps a BMP code unit (learnt once per unit from compactText itself). */
function keeps(unit: number): boolean {
  let state = unitKept[unit]!;
  if (state === 0) {
    state = compactText(String.fromCharCode(unit)).length === 0 ? 2 : 1;
    unitKept[unit] = state;
  }
  return state === 1;
}

/** Whether compactText keeps an astral code point, and so its two units. */
function keepsPoint(point: number): boolean {
  let kept = astralLength.get(point);
  if (kept === undefined) {
    kept = compactText(String.fromCodePoint(point)).length;
    astralLength.set(point, kept);
  }
  return kept > 0;
}

let units = new Uint16Array(256);

/**
 * `compactText(text)`, built from the same per-code-point answers as `compactedLengthOf` and the fold table:
 * compacting drops whole code points and folds the rest unit for unit (the regex pass costs far more).
 */
export function compactedTextOf(text: string): string {
  const fold = foldTable(false);
  const n = text.length;
  if (units.length < n) units = new Uint16Array(Math.max(n, units.length * 2));
  const out = units;
  let k = 0;
  let same = true;
  for (let i = 0; i < n; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < n) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        if (keepsPoint((unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000)) {
          out[k++] = unit;
          out[k++] = low;
        } else same = false;
        i++;
        continue;
      }
    }
    if (!keeps(unit)) {
      same = false;
      continue;
    }
    const folded = fold[unit]!;
    if (folded !== unit) same = false;
    out[k++] = folded;
  }
  if (same) return text;
  let result = '';
  for (let from = 0; from < k; from += 4096) {
    result += String.fromCharCode.apply(null, out.subarray(from, Math.min(k, from + 4096)) as unknown as number[]);
  }
  return result;
}

/** `compactText(text).length`, without building it. */
export function compactedLengthOf(text: string): number {
  let length = 0;
  for (let i = 0, n = text.length; i < n; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < n) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        if (keepsPoint((unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000)) length += 2;
        i++;
        continue;
      }
    }
    if (keeps(unit)) length++;
  }
  return length;
}

// One scan at a time runs (scanKeywords is synchronous), so one match list serves every context.
const scratch = new MatchList(256);

/**
 * Everything the operators read about one session, computed once: one automaton pass per message gives every
 * keyword occurrence of every rule (whole-word rule for ASCII keywords applied; overlapping occurrences of one
 * keyword are all kept, and each keyword operator takes them left to right without overlap once it has
 * confirmed case); compacted texts and model labels are computed on first use.
 *
 * Occurrences are kept flat: occurrence k is a span `[start[k], end[k])` of message `message[k]`; those of one
 * keyword are chained in transcript order, left to right, from `first(id)` through `next`.
 */
export class SessionContext {
  readonly sentences: readonly Sentence[];
  /** per occurrence: message index, span, and the next occurrence of the same keyword (-1 at the end) */
  readonly message: number[] = [];
  readonly start: number[] = [];
  readonly end: number[] = [];
  readonly next: number[] = [];
  /** the keyword ids that occur, each once */
  readonly occurring: number[] = [];
  private readonly table: Heads | null = null;
  private readonly generation: number = 0;
  private readonly compacted: (string | undefined)[];
  private readonly compactedLength: (number | undefined)[] = [];
  private readonly labelCache: Map<string, readonly ModelLabel[]>;
  /** selections of anchor-less check ranges, by the plan's range key (see rule-plan.ts) */
  private readonly selections: (Selection | undefined)[] = [];
  /** trace-free answers of operators shared by several rules, by the plan's share key */
  private readonly shared = new Map<number, readonly Evidence[] | null>();

  constructor(
    readonly transcript: Transcript,
    keywords: KeywordTable,
    private readonly models: ModelProvider,
    labels?: Map<string, readonly ModelLabel[]>,
  ) {
    this.sentences = transcript.sentences;
    this.compacted = new Array(this.sentences.length);
    this.labelCache = labels ?? new Map();
    if (keywords.size > 0) {
      let table = headsOf.get(keywords);
      if (table === undefined) {
        table = { heads: new Int32Array(keywords.size), stamps: new Uint32Array(keywords.size), generation: 0 };
        headsOf.set(keywords, table);
      }
      if (table.generation === 0xffffffff) {
        table.stamps.fill(0);
        table.generation = 0;
      }
      this.table = table;
      this.generation = ++table.generation;
      this.scanKeywords(keywords, table);
    }
  }

  private scanKeywords(keywords: KeywordTable, table: Heads): void {
    const automaton = keywords.automatonOf();
    const matches = scratch;
    const ids: number[] = [];
    for (const sentence of this.sentences) {
      const text = sentence.text;
      if (text === null || text.length === 0) continue;
      matches.clear();
      automaton.scan(text, matches);
      for (let k = 0; k < matches.length; k++) {
        const id = matches.patterns[k]!;
        const end = matches.ends[k]!;
        const start = end - automaton.patternLength[id]!;
        if (keywords.asciiOnly[id] && !standsAlone(text, start, end)) continue;
        // Ends arrive in increasing order, so a keyword's occurrences come left to right (overlaps kept).
        ids.push(id);
        this.message.push(sentence.index);
        this.start.push(start);
        this.end.push(end);
      }
    }
    // Chain each keyword's occurrences, walking backwards so that every chain runs forwards.
    const { heads, stamps } = table;
    const generation = this.generation;
    for (let k = ids.length - 1; k >= 0; k--) {
      const id = ids[k]!;
      if (stamps[id] === generation) this.next[k] = heads[id]!;
      else {
        this.next[k] = -1;
        stamps[id] = generation;
        this.occurring.push(id);
      }
      heads[id] = k;
    }
  }

  /** The first occurrence of a keyword id (in transcript order, left to right), or -1 when it occurs nowhere. */
  first(id: number): number {
    const table = this.table;
    if (table === null) return -1;
    if (table.generation !== this.generation)
      throw new Error('SessionContext: a newer session of these rules was scanned since');
    return table.stamps[id] === this.generation ? table.heads[id]! : -1;
  }

  /** Whether any keyword of the list occurs anywhere in the session (a cheap gate before selection). */
  anyOccurs(ids: readonly number[]): boolean {
    for (let k = 0; k < ids.length; k++) if (this.first(ids[k]!) >= 0) return true;
    return false;
  }

  /** By message index, 1 for the messages where some keyword of the list occurs. */
  messagesWith(ids: readonly number[]): Uint8Array {
    const marks = new Uint8Array(this.sentences.length);
    for (let k = 0; k < ids.length; k++) {
      for (let o = this.first(ids[k]!); o >= 0; o = this.next[o]!) marks[this.message[o]!] = 1;
    }
    return marks;
  }

  /** The selection of an anchor-less check range, computed once per session for every condition that has it. */
  selection(key: number, range: CompiledCheckRange, role: Role | null): Selection {
    let selection = this.selections[key];
    if (selection === undefined) {
      selection = selectSentences(this.sentences, range, null, role);
      this.selections[key] = selection;
    }
    return selection;
  }

  /** The trace-free answer of an operator that several rules share (same type, position, parameters, selection). */
  sharedDecision(key: number, compute: () => readonly Evidence[] | null): readonly Evidence[] | null {
    let answer = this.shared.get(key);
    if (answer === undefined) {
      answer = compute();
      this.shared.set(key, answer);
    }
    return answer;
  }

  /**
   * The length of `compact(index)`, without building it: compacting drops whole code points (folding keeps
   * lengths), so it is the sum over the text's code points of their compacted lengths, each learnt once from
   * `compactText` itself.
   */
  compactLength(index: number): number {
    let value = this.compactedLength[index];
    if (value === undefined) {
      const known = this.compacted[index];
      value = known !== undefined ? known.length : compactedLengthOf(this.sentences[index]!.text ?? '');
      this.compactedLength[index] = value;
    }
    return value;
  }

  /** The compacted text (for similarity and repeats) of a text message. */
  compact(index: number): string {
    let value = this.compacted[index];
    if (value === undefined) {
      value = compactedTextOf(this.sentences[index]!.text ?? '');
      this.compacted[index] = value;
    }
    return value;
  }

  /** The model's labels for a message, classifying on first use. */
  labels(task: ModelOperatorType, index: number): readonly ModelLabel[] {
    const key = `${task}:${index}`;
    let labels = this.labelCache.get(key);
    if (labels === undefined) {
      if (this.models.classifySync === undefined) {
        throw new Error(`model ${this.models.id} answers asynchronously: use inspectAsync`);
      }
      labels = this.models.classifySync([this.sentences[index]!.text ?? ''], task)[0] ?? [];
      this.labelCache.set(key, labels);
    }
    return labels;
  }
}

/**
 * Classifies, in one batch per call, the texts a model operator may read (for asynchronous models), into a
 * label cache that a SessionContext then answers from. Answers whether a fallback gave the labels (see withFallback).
 */
export async function prefetchLabels(
  models: ModelProvider,
  sentences: readonly Sentence[],
  task: ModelOperatorType,
  indices: readonly number[],
  cache: Map<string, readonly ModelLabel[]>,
): Promise<{ readonly fallback: boolean }> {
  const wanted = indices.filter((i) => sentences[i]!.text !== null && !cache.has(`${task}:${i}`));
  if (wanted.length === 0) return { fallback: false };
  const answer = await classifyDetailed(
    models,
    wanted.map((i) => sentences[i]!.text!),
    task,
  );
  wanted.forEach((i, k) => {
    cache.set(`${task}:${i}`, answer.labels[k] ?? []);
  });
  return { fallback: answer.fallback };
}
