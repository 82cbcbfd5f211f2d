import { lexiconModel } from '../lexicon/lexicon-model.js';
import type { ModelProvider } from '../model-provider.js';
import { httpModelProvider } from './http-model-provider.js';
import type { FetchLike } from './model-call.js';
import { openAiCompatibleProvider } from './openai-compatible-provider.js';
import { type BreakerOptions, withFallback } from './with-fallback.js';

/** What every remote model config may tune (defaults in model-call.ts and with-fallback.ts). */
interface RemoteTuning {
  /** the id results name the model by */
  readonly id: string;
  readonly baseUrl: string;
  readonly apiKey?: string | null;
  readonly timeoutMs?: number;
  readonly retries?: number;
  readonly backoffMs?: number;
  readonly batchSize?: number;
  readonly failureThreshold?: number;
  readonly resetMs?: number;
}

/**
 * Which model answers the model operators, as plain data: it crosses a worker boundary or a queue job, and the
 * provider is built where it runs (modelFromConfig). `builtin` is the lexicon model; `http` speaks
 * docs/model-protocol.md; `openai` asks an OpenAI-compatible chat model (`model`).
 */
export type ModelConfig =
  | { readonly kind: 'builtin' }
  | ({ readonly kind: 'http' } & RemoteTuning)
  | ({ readonly kind: 'openai'; readonly model: string } & RemoteTuning);

/**
 * The provider of a config: a remote one behind a circuit breaker that falls back to the lexicon model (see
 * withFallback); null, undefined or `builtin` give the lexicon model itself.
 */
export function modelFromConfig(
  config: ModelConfig | null | undefined,
  options: { readonly fetch?: FetchLike; readonly onFailure?: BreakerOptions['onFailure'] } = {},
): ModelProvider {
  if (config === null || config === undefined || config.kind === 'builtin') return lexiconModel;
  const fetch = options.fetch === undefined ? {} : { fetch: options.fetch };
  const primary =
    config.kind === 'http'
      ? httpModelProvider({ ...config, ...fetch })
      : openAiCompatibleProvider({ ...config, ...fetch });
  return withFallback(primary, lexiconModel, {
    ...(config.failureThreshold === undefined ? {} : { failureThreshold: config.failureThreshold }),
    ...(config.resetMs === undefined ? {} : { resetMs: config.resetMs }),
    ...(options.onFailure === undefined ? {} : { onFailure: options.onFailure }),
  });
}
