import type { ModelOperatorType } from '../rule/types.js';

/** A label a model gave one text, with its confidence in [0, 1]. */
export interface ModelLabel {
  readonly label: string;
  readonly confidence: number;
}

/**
 * The model interface: a batch of texts in, labels with confidences out. A model served elsewhere (an AI
 * platform) implements `classify` only; the built-in lexicon model also answers synchronously, which lets
 * `inspect` stay synchronous. Use `inspectAsync` with a provider that has no `classifySync`.
 */
export interface ModelProvider {
  readonly id: string;
  classify(texts: readonly string[], task: ModelOperatorType): Promise<ModelLabel[][]>;
  classifySync?(texts: readonly string[], task: ModelOperatorType): ModelLabel[][];
}

/** Confidence at or above which a label counts as given. */
export const LABEL_THRESHOLD = 0.5;
