import type { ModelOperatorType } from '../../rule/types.js';
import { lexiconModel } from '../lexicon/lexicon-model.js';
import { classifyDetailed, type ModelAnswer, type ModelLabel, type ModelProvider } from '../model-provider.js';

export interface BreakerOptions {
  /** consecutive failed calls that open the breaker (default 3) */
  readonly failureThreshold?: number;
  /** how long an open breaker answers with the fallback before the primary is tried again, in ms (default 30 000) */
  readonly resetMs?: number;
  /** the clock (tests) */
  readonly now?: () => number;
  /** told of every failed call of the primary (logging) */
  readonly onFailure?: (error: unknown) => void;
}

export const BREAKER_DEFAULTS = { failureThreshold: 3, resetMs: 30_000 } as const;

/** What a breaker-guarded provider can say about itself. */
export interface GuardedModel extends ModelProvider {
  classifyDetailed(texts: readonly string[], task: ModelOperatorType): Promise<ModelAnswer>;
  /** `closed`: the primary is asked; `open`: the fallback answers until `resetMs` has passed */
  state(): { readonly state: 'closed' | 'open'; readonly failures: number };
}

/**
 * A circuit breaker around a remote model: a call the primary fails (after its own retries) is answered by the
 * fallback (the built-in lexicon model by default) and counted; after `failureThreshold` failures in a row the primary
 * is not called at all for `resetMs`, then one call tries it again (a success closes the breaker, a failure opens it
 * for another `resetMs`). Every answer says which model gave it (`classifyDetailed`: `fallback` true when the fallback
 * did). The provider's id is the primary's: it is the model results are configured with.
 */
export function withFallback(
  primary: ModelProvider,
  fallback: ModelProvider = lexiconModel,
  options: BreakerOptions = {},
): GuardedModel {
  const threshold = Math.max(1, Math.floor(options.failureThreshold ?? BREAKER_DEFAULTS.failureThreshold));
  const resetMs = options.resetMs ?? BREAKER_DEFAULTS.resetMs;
  const now = options.now ?? Date.now;
  let failures = 0;
  let openUntil = 0;

  const byFallback = async (texts: readonly string[], task: ModelOperatorType): Promise<ModelAnswer> => {
    const answer = await classifyDetailed(fallback, texts, task);
    return { labels: answer.labels, modelId: answer.modelId, fallback: true };
  };

  const guarded: GuardedModel = {
    id: primary.id,
    async classifyDetailed(texts, task) {
      if (texts.length === 0) return { labels: [], modelId: primary.id, fallback: false };
      if (failures >= threshold && now() < openUntil) return byFallback(texts, task);
      try {
        const labels = await primary.classify(texts, task);
        failures = 0;
        return { labels, modelId: primary.id, fallback: false };
      } catch (error) {
        failures++;
        if (failures >= threshold) openUntil = now() + resetMs;
        options.onFailure?.(error);
        return byFallback(texts, task);
      }
    },
    async classify(texts, task): Promise<ModelLabel[][]> {
      return (await guarded.classifyDetailed(texts, task)).labels;
    },
    state() {
      return { state: failures >= threshold && now() < openUntil ? 'open' : 'closed', failures };
    },
  };
  return guarded;
}
