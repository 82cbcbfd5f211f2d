/**
 * One JSON POST to a model service, with a time limit per attempt and retries with backoff. Plain `fetch` (Node 18+,
 * browsers, workers): the engine imports no platform module.
 */

/** The part of `fetch` used here, so tests and hosts can pass their own. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ readonly ok: boolean; readonly status: number; text(): Promise<string> }>;

/** Why a model call failed. */
export type ModelCallErrorCode =
  /** no answer within timeoutMs */
  | 'TIMEOUT'
  /** the connection failed (refused, reset, DNS) */
  | 'NETWORK'
  /** an HTTP status other than 2xx */
  | 'HTTP_STATUS'
  /** a 2xx answer that is not what the protocol says */
  | 'BAD_RESPONSE';

export class ModelCallError extends Error {
  constructor(
    readonly code: ModelCallErrorCode,
    message: string,
    /** the HTTP status, for HTTP_STATUS */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ModelCallError';
  }

  /** Worth another try: the service may be back in a moment (network, timeout, 5xx, 429). */
  get retryable(): boolean {
    if (this.code === 'HTTP_STATUS') return this.status === 429 || (this.status ?? 0) >= 500;
    return this.code === 'TIMEOUT' || this.code === 'NETWORK';
  }
}

/** How a remote model is reached and how patient the client is; shared by every remote provider. */
export interface RemoteCallOptions {
  /** the service's base address, e.g. `http://127.0.0.1:8400` (a trailing `/` is ignored) */
  readonly baseUrl: string;
  /** sent as `Authorization: Bearer <apiKey>` when set */
  readonly apiKey?: string | null;
  /** per attempt, in ms (default 2000) */
  readonly timeoutMs?: number;
  /** further attempts after a retryable failure (default 2) */
  readonly retries?: number;
  /** the wait before the first retry, doubled for each next one (default 100 ms) */
  readonly backoffMs?: number;
  /** texts per request (default 32): a session's sentences go in batches of this size */
  readonly batchSize?: number;
  /** the fetch to use (default the global one) */
  readonly fetch?: FetchLike;
}

export const REMOTE_DEFAULTS = { timeoutMs: 2000, retries: 2, backoffMs: 100, batchSize: 32 } as const;

/** `baseUrl` joined with a path, without a doubled slash. */
export function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One attempt: POST, wait at most timeoutMs for the whole answer, parse JSON. */
async function attempt(url: string, body: unknown, options: RemoteCallOptions): Promise<unknown> {
  const doFetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  const timeoutMs = options.timeoutMs ?? REMOTE_DEFAULTS.timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  try {
    const response = await doFetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const text = await response.text();
    if (!response.ok) {
      throw new ModelCallError(
        'HTTP_STATUS',
        `${url} answered ${response.status}: ${text.slice(0, 200)}`,
        response.status,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ModelCallError('BAD_RESPONSE', `${url} answered something other than JSON: ${text.slice(0, 200)}`);
    }
  } catch (error) {
    if (error instanceof ModelCallError) throw error;
    if (controller.signal.aborted) throw new ModelCallError('TIMEOUT', `${url} did not answer within ${timeoutMs} ms`);
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new ModelCallError('NETWORK', `${url}: ${cause ?? (error instanceof Error ? error.message : String(error))}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * POSTs `body` and answers the parsed JSON, `read` turning it into the result (throwing ModelCallError BAD_RESPONSE
 * when it is not what was asked for). Network errors, timeouts, 5xx and 429 are tried again up to `retries` times,
 * waiting backoffMs, 2 × backoffMs, …; anything else fails at once.
 */
export async function postJson<T>(
  url: string,
  body: unknown,
  options: RemoteCallOptions,
  read: (json: unknown) => T,
): Promise<T> {
  const retries = Math.max(0, Math.floor(options.retries ?? REMOTE_DEFAULTS.retries));
  const backoffMs = options.backoffMs ?? REMOTE_DEFAULTS.backoffMs;
  for (let tried = 0; ; tried++) {
    try {
      return read(await attempt(url, body, options));
    } catch (error) {
      if (!(error instanceof ModelCallError) || !error.retryable || tried >= retries) throw error;
      await sleep(backoffMs * 2 ** tried);
    }
  }
}

/** Runs `call` over `texts` in consecutive batches of `batchSize`, one after another, and joins the answers in order. */
export async function inBatches<T>(
  texts: readonly string[],
  batchSize: number,
  call: (batch: readonly string[]) => Promise<T[]>,
): Promise<T[]> {
  const size = Math.max(1, Math.floor(batchSize));
  const out: T[] = [];
  for (let from = 0; from < texts.length; from += size) {
    const batch = texts.slice(from, from + size);
    const answer = await call(batch);
    if (answer.length !== batch.length) {
      throw new ModelCallError('BAD_RESPONSE', `expected ${batch.length} answers, got ${answer.length}`);
    }
    out.push(...answer);
  }
  return out;
}
