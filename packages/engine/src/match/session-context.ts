import { MatchList } from '../automaton/match-list.js';
import type { KeywordTable } from '../compile/keyword-table.js';
import type { ModelLabel, ModelProvider } from '../models/model-provider.js';
import type { ModelOperatorType } from '../rule/types.js';
import { compactText } from '../text/compact.js';
import { standsAlone } from '../text/fold.js';
import type { Sentence, Transcript } from '../transcript/types.js';

/** One occurrence of a keyword: a span of a message's original text. */
export interface Occurrence {
  readonly message: number;
  readonly start: number;
  readonly end: number;
}

const NONE: readonly Occurrence[] = [];

/**
 * Everything the operators read about one session, computed once: one automaton pass per message gives every
 * keyword occurrence of every rule (whole-word rule for ASCII keywords applied; overlapping occurrences of one
 * keyword are all kept, and each keyword operator takes them left to right without overlap once it has
 * confirmed case); compacted texts and model labels are computed on first use.
 */
export class SessionContext {
  readonly sentences: readonly Sentence[];
  private readonly occurrencesById = new Map<number, Occurrence[]>();
  private readonly compacted: (string | undefined)[];
  private readonly labelCache = new Map<string, readonly ModelLabel[]>();

  constructor(
    readonly transcript: Transcript,
    keywords: KeywordTable,
    private readonly models: ModelProvider,
  ) {
    this.sentences = transcript.sentences;
    this.compacted = new Array(this.sentences.length);
    if (keywords.size > 0) this.scanKeywords(keywords);
  }

  private scanKeywords(keywords: KeywordTable): void {
    const automaton = keywords.automatonOf();
    const matches = new MatchList();
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
        // Ends arrive in increasing order, so a keyword's occurrences are listed left to right (overlaps kept).
        let list = this.occurrencesById.get(id);
        if (list === undefined) {
          list = [];
          this.occurrencesById.set(id, list);
        }
        list.push({ message: sentence.index, start, end });
      }
    }
  }

  /** Occurrences of a keyword id in transcript order, left to right, overlapping ones included. */
  occurrences(id: number): readonly Occurrence[] {
    return this.occurrencesById.get(id) ?? NONE;
  }

  /** Whether any keyword of the list occurs anywhere in the session (a cheap gate before selection). */
  anyOccurs(ids: readonly number[]): boolean {
    for (const id of ids) if (this.occurrencesById.has(id)) return true;
    return false;
  }

  /** The compacted text (for similarity and repeats) of a text message. */
  compact(index: number): string {
    let value = this.compacted[index];
    if (value === undefined) {
      value = compactText(this.sentences[index]!.text ?? '');
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

  /** Fills the label cache in one batch per task (for asynchronous models). */
  async prefetchLabels(task: ModelOperatorType, indices: readonly number[]): Promise<void> {
    const wanted = indices.filter((i) => this.sentences[i]!.text !== null && !this.labelCache.has(`${task}:${i}`));
    if (wanted.length === 0) return;
    const labels = await this.models.classify(
      wanted.map((i) => this.sentences[i]!.text!),
      task,
    );
    wanted.forEach((i, k) => {
      this.labelCache.set(`${task}:${i}`, labels[k] ?? []);
    });
  }
}
