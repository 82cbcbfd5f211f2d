import type { ModelOperatorType } from '../../rule/types.js';
import type { ModelLabel, ModelProvider } from '../model-provider.js';
import { ABUSE_MODEL_CUES, CUSTOMER_CHECK_CUES, type Cue, NEGATION_BEFORE } from './lexicon-rules.js';

function labelText(text: string, cues: Record<string, readonly Cue[]>): ModelLabel[] {
  const labels: ModelLabel[] = [];
  for (const [label, list] of Object.entries(cues)) {
    let best = 0;
    for (const { pattern, confidence } of list) {
      const m = pattern.exec(text);
      if (m === null || confidence <= best) continue;
      if (NEGATION_BEFORE.test(text.slice(Math.max(0, m.index - 2), m.index))) continue;
      best = confidence;
    }
    if (best > 0) labels.push({ label, confidence: best });
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
