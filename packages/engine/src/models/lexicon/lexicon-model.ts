import type { ModelOperatorType } from '../../rule/types.js';
import { LABEL_THRESHOLD, type ModelLabel, type ModelProvider } from '../model-provider.js';
import {
  ABUSE_MODEL_CUES,
  BOOST_PER_INTENSIFIER,
  CUSTOMER_CHECK_CUES,
  type Cue,
  INTENSIFIERS,
  type LabelCues,
  MAX_BOOST,
  NEGATION_BEFORE,
  NEGATION_WINDOW,
} from './lexicon-rules.js';

/** `@handles` (a Weibo mention runs to the next space or punctuation). */
const MENTION = /@[^\s@,，.。:：;；!！?？、]+/g;

function intensity(text: string): number {
  const n = text.match(INTENSIFIERS)?.length ?? 0;
  return Math.min(MAX_BOOST, n * BOOST_PER_INTENSIFIER);
}

const GLOBAL = new WeakMap<RegExp, RegExp>();

/** A global copy of a cue pattern, made once, to walk all its matches. */
function globalOf(pattern: RegExp): RegExp {
  let re = GLOBAL.get(pattern);
  if (re === undefined) {
    re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    GLOBAL.set(pattern, re);
  }
  return re;
}

/** Whether some occurrence of the cue in the text is not negated. */
function cueHolds(cue: Cue, text: string): boolean {
  if (cue.unless?.test(text)) return false;
  const re = globalOf(cue.pattern);
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0] === '') re.lastIndex++;
    if (cue.negatable === false) return true;
    if (!NEGATION_BEFORE.test(text.slice(Math.max(0, m.index - NEGATION_WINDOW), m.index))) return true;
  }
  return false;
}

function labelText(text: string, cues: Record<string, LabelCues>): ModelLabel[] {
  const labels: ModelLabel[] = [];
  const bare = text.replace(MENTION, ' ');
  const boost = intensity(bare);
  for (const [label, { cues: list, mentions }] of Object.entries(cues)) {
    const subject = mentions ? text : bare;
    let best = 0;
    for (const cue of list) {
      if (cue.confidence + boost <= best || !cueHolds(cue, subject)) continue;
      best = Math.min(0.99, cue.confidence + boost);
    }
    if (best >= LABEL_THRESHOLD) labels.push({ label, confidence: Math.round(best * 100) / 100 });
  }
  return labels;
}

/** The built-in model: a lexicon-and-pattern classifier that ships with the engine and needs no network. */
export const lexiconModel: ModelProvider = {
  id: 'builtin-lexicon',
  classifySync(texts: readonly string[], task: ModelOperatorType): ModelLabel[][] {
    const cues = task === 'ABUSE_MODEL' ? ABUSE_MODEL_CUES : CUSTOMER_CHECK_CUES;
    return texts.map((text) => labelText(text, cues));
  },
  async classify(texts: readonly string[], task: ModelOperatorType): Promise<ModelLabel[][]> {
    return this.classifySync!(texts, task);
  },
};
