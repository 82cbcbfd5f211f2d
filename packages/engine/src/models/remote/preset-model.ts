import type { ModelOperatorType } from '../../rule/types.js';
import { lexiconModel } from '../lexicon/lexicon-model.js';
import type { ModelAnswer, ModelLabel, ModelProvider } from '../model-provider.js';

/**
 * Labels fetched beforehand, as plain data: per task, per text, the labels a model gave it. The replay tester asks
 * the console's server (which holds the AI platform's address and key) for the labels of a session's texts and hands
 * them to the worker with the rules.
 */
export interface PresetModelAnswers {
  /** the model that answered */
  readonly modelId: string;
  /** whether the built-in model answered in its place */
  readonly fallback: boolean;
  readonly labels: Partial<Record<ModelOperatorType, Readonly<Record<string, readonly ModelLabel[]>>>>;
}

/**
 * A synchronous provider answering from preset labels; a text that was not asked about beforehand is labelled by the
 * lexicon model (and the answer marked fallback), so a replay never fails for a missing entry.
 */
export function presetModel(preset: PresetModelAnswers): ModelProvider & {
  classifyDetailed(texts: readonly string[], task: ModelOperatorType): Promise<ModelAnswer>;
} {
  const lookUp = (texts: readonly string[], task: ModelOperatorType): { labels: ModelLabel[][]; missed: boolean } => {
    const table = preset.labels[task] ?? {};
    let missed = false;
    const labels = texts.map((text) => {
      const known = Object.hasOwn(table, text) ? table[text] : undefined;
      if (known !== undefined) return [...known];
      missed = true;
      return lexiconModel.classifySync!([text], task)[0] ?? [];
    });
    return { labels, missed };
  };
  return {
    id: preset.modelId,
    classifySync: (texts, task) => lookUp(texts, task).labels,
    classify: async (texts, task) => lookUp(texts, task).labels,
    async classifyDetailed(texts, task) {
      const { labels, missed } = lookUp(texts, task);
      return { labels, modelId: preset.modelId, fallback: preset.fallback || missed };
    },
  };
}

/**
 * The model operator types the rules use: any `type` of CUSTOMER_CHECK_MODEL or ABUSE_MODEL in their JSON (a
 * `conditionConfig` given as JSON text is read too). Cheap enough for a page's thread, which compiles nothing.
 */
export function modelTasksOf(rules: unknown): ModelOperatorType[] {
  const found = new Set<ModelOperatorType>();
  const walk = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== 'object' || depth > 32) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const type = (value as { type?: unknown }).type;
    if (type === 'CUSTOMER_CHECK_MODEL' || type === 'ABUSE_MODEL') found.add(type);
    for (const [key, item] of Object.entries(value)) {
      if (key === 'conditionConfig' && typeof item === 'string') {
        try {
          walk(JSON.parse(item), depth + 1);
        } catch {
          // not JSON: the compiler reports it
        }
      } else walk(item, depth + 1);
    }
  };
  walk(rules, 0);
  return [...found];
}
