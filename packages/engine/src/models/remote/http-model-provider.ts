import type { ModelOperatorType } from '../../rule/types.js';
import type { ModelLabel, ModelProvider } from '../model-provider.js';
import {
  endpoint,
  inBatches,
  ModelCallError,
  postJson,
  REMOTE_DEFAULTS,
  type RemoteCallOptions,
} from './model-call.js';
import { taskLabelsOf } from './model-labels.js';

export interface HttpModelOptions extends RemoteCallOptions {
  /** the id results name this model by (default `http:<baseUrl>`) */
  readonly id?: string;
}

/** The request body of `POST {baseUrl}/classify` (docs/model-protocol.md). */
export interface ClassifyRequest {
  readonly task: ModelOperatorType;
  readonly texts: readonly string[];
}

/** The answer of `POST {baseUrl}/classify`: one label list per text, in the order of the texts. */
export interface ClassifyResponse {
  readonly labels: readonly (readonly ModelLabel[])[];
}

/**
 * A model served over qcdesk's classification protocol (docs/model-protocol.md, `qcdesk model-server`):
 * `POST {baseUrl}/classify {task, texts}` → `{labels: [[{label, confidence}]]}`. Texts go in batches of `batchSize`;
 * each request has its time limit and retries (model-call.ts). An answer of the wrong shape or length fails the
 * call; labels the task does not have are dropped.
 */
export function httpModelProvider(options: HttpModelOptions): ModelProvider {
  const url = endpoint(options.baseUrl, 'classify');
  const batchSize = options.batchSize ?? REMOTE_DEFAULTS.batchSize;
  return {
    id: options.id ?? `http:${options.baseUrl}`,
    classify(texts: readonly string[], task: ModelOperatorType): Promise<ModelLabel[][]> {
      return inBatches(texts, batchSize, (batch) => {
        const body: ClassifyRequest = { task, texts: batch };
        return postJson(url, body, options, (json) => readLabels(json, batch.length, task));
      });
    },
  };
}

function readLabels(json: unknown, count: number, task: ModelOperatorType): ModelLabel[][] {
  const labels = (json as { labels?: unknown } | null)?.labels;
  if (!Array.isArray(labels) || labels.length !== count) {
    throw new ModelCallError('BAD_RESPONSE', `expected {labels} with ${count} lists, one per text`);
  }
  return labels.map((perText: unknown) => taskLabelsOf(perText, task));
}
