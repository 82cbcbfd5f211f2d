import type { ModelOperatorType } from '../rule/types.js';

/** A label a model gave one text, with its confidence in [0, 1]. */
export interface ModelLabel {
  readonly label: string;
  readonly confidence: number;
}

/** The labels of one batch (one array per text, in order) and which model gave them. */
export interface ModelAnswer {
  readonly labels: ModelLabel[][];
  /** the id of the model that answered */
  readonly modelId: string;
  /** true when a fallback answered in place of the configured model (see withFallback) */
  readonly fallback: boolean;
}

/** Which model a session's model operators were answered by (inspectAsync). */
export interface ModelUse {
  /** the configured model (the provider's id) */
  readonly modelId: string;
  /** true when, for some text of the session, a fallback (the built-in model) answered in its place */
  readonly fallback: boolean;
}

/**
 * The model interface: a batch of texts in, labels with confidences out. A model served elsewhere (an AI
 * platform) implements `classify` only; the built-in lexicon model also answers synchronously, which lets
 * `inspect` stay synchronous. Use `inspectAsync` with a provider that has no `classifySync`. A provider that may
 * answer with another model (withFallback) also says, per batch, which one did (`classifyDetailed`).
 */
export interface ModelProvider {
  readonly id: string;
  classify(texts: readonly string[], task: ModelOperatorType): Promise<ModelLabel[][]>;
  classifySync?(texts: readonly string[], task: ModelOperatorType): ModelLabel[][];
  classifyDetailed?(texts: readonly string[], task: ModelOperatorType): Promise<ModelAnswer>;
}

/** A provider's answer with the model that gave it: its own id, unless it says otherwise (`classifyDetailed`). */
export async function classifyDetailed(
  provider: ModelProvider,
  texts: readonly string[],
  task: ModelOperatorType,
): Promise<ModelAnswer> {
  if (provider.classifyDetailed !== undefined) return provider.classifyDetailed(texts, task);
  return { labels: await provider.classify(texts, task), modelId: provider.id, fallback: false };
}

/** Confidence at or above which a label counts as given. */
export const LABEL_THRESHOLD = 0.5;
