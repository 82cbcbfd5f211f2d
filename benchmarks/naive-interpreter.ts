/**
 * The rules suite's baseline: a naive QC rule interpreter. Each rule is evaluated on its own, each keyword
 * looked up with `indexOf` in each selected message, each regex with a fresh-per-rule RegExp — no shared
 * automaton, no gating. It supports the subset the benchmark generates, with the engine's semantics:
 * HIT_ANY / INCLUDE / EXCLUDE keywords (no threshold, no inSentence, Han keywords: no whole-word rule),
 * REGULAR_EXPRESSION (regex, notRegex), SIMILAR_MATCH, ADVANCED_REPEAT_DETECT, check-range role and anchors
 * (BEFORE / AROUND / AFTER, any time / every time / nth time), and the ALL / ANY_ONE / ANY_ONE_NOT_MET lambdas.
 * Sessions are read with the engine's `readSession` and texts folded with its `foldText` (shared semantics,
 * not the code under test); similarity uses the engine's exact integer comparison.
 */
import {
  compactText,
  foldText,
  readSession,
  similarAtFraction,
  similarAtPercent,
} from '../packages/engine/src/index.js';

interface Sentence {
  readonly role: string;
  readonly text: string | null;
  readonly folded: string | null;
  compact?: string;
}

interface Op {
  type: string;
  param: Record<string, unknown>;
}
interface Cond {
  cid: string;
  operators: Op[];
  checkRange?: {
    role?: string | null;
    anchor?: { cid: string; location: string; hitTime: number; inputHitTime?: number | null } | null;
  } | null;
}
interface Rule {
  id: string;
  conditionConfig: { conditions: Cond[]; lambda?: string | null };
}

interface Outcome {
  hit: boolean;
  /** messages carrying evidence */
  evidence: number[];
}

function compactOf(s: Sentence): string {
  s.compact ??= compactText(s.text ?? '');
  return s.compact;
}

export class NaiveInterpreter {
  private readonly rules: Rule[];
  private readonly regexes = new Map<string, RegExp>();

  constructor(rules: readonly unknown[]) {
    this.rules = rules as Rule[];
  }

  private regex(source: string, caseSensitive: boolean): RegExp {
    const key = `${caseSensitive}:${source}`;
    let r = this.regexes.get(key);
    if (r === undefined) {
      r = new RegExp(source, caseSensitive ? 'u' : 'iu');
      this.regexes.set(key, r);
    }
    return r;
  }

  /** The ids of the rules that hit the session. */
  inspect(session: unknown): string[] {
    const transcript = readSession(session);
    const sentences: Sentence[] = transcript.sentences.map((s) => ({
      role: s.role,
      text: s.text,
      folded: s.text === null ? null : foldText(s.text),
    }));
    const hits: string[] = [];
    for (const rule of this.rules) if (this.evaluateRule(rule, sentences)) hits.push(String(rule.id));
    return hits;
  }

  private evaluateRule(rule: Rule, sentences: Sentence[]): boolean {
    const outcomes: Outcome[] = [];
    const cids = rule.conditionConfig.conditions.map((c) => c.cid);
    for (const condition of rule.conditionConfig.conditions) {
      outcomes.push(this.evaluateCondition(condition, cids, outcomes, sentences));
    }
    const lambda = rule.conditionConfig.lambda ?? 'ALL';
    if (lambda === 'ALL') return outcomes.every((o) => o.hit);
    if (lambda === 'ANY_ONE') return outcomes.some((o) => o.hit);
    if (lambda === 'ANY_ONE_NOT_MET') return outcomes.some((o) => !o.hit);
    throw new Error(`naive interpreter: unsupported lambda ${lambda}`);
  }

  private evaluateCondition(condition: Cond, cids: string[], earlier: Outcome[], sentences: Sentence[]): Outcome {
    const role = condition.checkRange?.role ?? null;
    const anchor = condition.checkRange?.anchor ?? null;
    const byRole = (order: number[]) => order.filter((i) => role === null || sentences[i]!.role === role);
    if (anchor === null || anchor === undefined) {
      return this.attempt(condition, byRole(sentences.map((_, i) => i)), sentences);
    }
    const source = earlier[cids.indexOf(anchor.cid)]!;
    const anchorHits = source.hit ? [...new Set(source.evidence)].sort((a, b) => a - b) : [];
    const nth = anchor.inputHitTime ?? 1;
    const chosen = anchor.hitTime === 1 ? (anchorHits.length >= nth ? [anchorHits[nth - 1]!] : []) : anchorHits;
    const attempts = chosen.map((at) => {
      const picked: number[] = [];
      if (anchor.location === 'BEFORE' || anchor.location === 'AROUND') {
        for (let i = at - 1; i >= 0; i--) picked.push(i);
      }
      if (anchor.location === 'AFTER' || anchor.location === 'AROUND') {
        for (let i = at + 1; i < sentences.length; i++) picked.push(i);
      }
      return this.attempt(
        condition,
        byRole(picked).sort((a, b) => a - b),
        sentences,
      );
    });
    const satisfied = attempts.filter((a) => a.hit);
    const hit =
      anchor.hitTime === 0 ? attempts.length > 0 && satisfied.length === attempts.length : satisfied.length > 0;
    return { hit, evidence: hit ? satisfied.flatMap((a) => a.evidence) : [] };
  }

  private attempt(condition: Cond, selected: number[], sentences: Sentence[]): Outcome {
    if (!selected.some((i) => sentences[i]!.text !== null)) return { hit: false, evidence: [] };
    const evidence: number[] = [];
    for (const op of condition.operators) {
      const o = this.operator(op, selected, sentences);
      if (!o.hit) return { hit: false, evidence: [] };
      evidence.push(...o.evidence);
    }
    return { hit: true, evidence };
  }

  private operator(op: Op, selected: number[], sentences: Sentence[]): Outcome {
    const p = op.param;
    const type = op.type === 'KEYWORDS' ? 'HIT_ANY_KEYWORDS' : op.type;
    switch (type) {
      case 'HIT_ANY_KEYWORDS':
      case 'INCLUDE_KEYWORDS':
      case 'EXCLUDE_KEYWORDS': {
        const words = [...new Set((p.keywords as string[]).map((k) => foldText(k.trim())))];
        const seen = new Set<string>();
        const evidence: number[] = [];
        for (const i of selected) {
          const text = sentences[i]!.folded;
          if (text === null) continue;
          let any = false;
          for (const w of words) {
            if (text.indexOf(w) >= 0) {
              seen.add(w);
              any = true;
            }
          }
          if (any) evidence.push(i);
        }
        if (type === 'EXCLUDE_KEYWORDS') return { hit: seen.size === 0, evidence: [] };
        const hit = type === 'HIT_ANY_KEYWORDS' ? seen.size > 0 : seen.size === words.length;
        return { hit, evidence };
      }
      case 'REGULAR_EXPRESSION': {
        const cs = p.caseSensitive === true;
        const re = this.regex(p.regex as string, cs);
        const not = typeof p.notRegex === 'string' && p.notRegex !== '' ? this.regex(p.notRegex, cs) : null;
        const evidence: number[] = [];
        for (const i of selected) {
          const text = sentences[i]!.text;
          if (text === null || !re.test(text)) continue;
          if (not?.test(text)) continue;
          evidence.push(i);
        }
        return { hit: evidence.length > 0, evidence };
      }
      case 'SIMILAR_MATCH': {
        const percent = (p.similarity as number | undefined) ?? 80;
        const phrases = (p.phrases as string[]).map((x) => compactText(x.trim()));
        const evidence = selected.filter((i) => {
          const s = sentences[i]!;
          if (s.text === null) return false;
          const mine = compactOf(s);
          return phrases.some((ph) => similarAtPercent(mine, ph, percent));
        });
        return { hit: evidence.length > 0, evidence };
      }
      case 'ADVANCED_REPEAT_DETECT': {
        const window = (p.window as number | undefined) ?? 0;
        const fraction = (p.similarity as number | undefined) ?? 0.1;
        const hitTime = (p.hitTime as number | undefined) ?? 1;
        const minWordSize = (p.minWordSize as number | undefined) ?? 0;
        const exceptions = ((p.exceptions as string[] | undefined) ?? [])
          .map((e) => compactText(e.trim()))
          .filter((e) => e !== '');
        const streams = new Map<string, number[]>();
        const repeats = new Map<string, number>();
        const evidence: number[] = [];
        for (const i of selected) {
          const s = sentences[i]!;
          if (s.text === null) continue;
          const text = compactOf(s);
          if (text.length <= minWordSize) continue;
          if (exceptions.some((e) => similarAtFraction(text, e, fraction))) continue;
          let stream = streams.get(s.role);
          if (stream === undefined) {
            stream = [];
            streams.set(s.role, stream);
          }
          const earliest = window === 0 ? 0 : Math.max(0, stream.length - window);
          let repeated = false;
          for (let k = stream.length - 1; k >= earliest; k--) {
            if (similarAtFraction(text, compactOf(sentences[stream[k]!]!), fraction)) {
              repeated = true;
              break;
            }
          }
          stream.push(i);
          if (!repeated) continue;
          const count = (repeats.get(s.role) ?? 0) + 1;
          repeats.set(s.role, count);
          if (count >= hitTime) evidence.push(i);
        }
        return { hit: evidence.length > 0, evidence };
      }
      default:
        throw new Error(`naive interpreter: unsupported operator ${type}`);
    }
  }
}
