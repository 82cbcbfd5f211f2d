/**
 * What crosses the boundary between the pool and its workers. Everything here is plain data (structured-clone
 * safe): results and errors are `{ok: true, value} | {ok: false, error}`, never thrown exceptions.
 */

import type { ModelConfig } from '../models/remote/model-config.js';
import type { ReplayResult } from '../replay/replay-session.js';
import type { ReplayError, ReplayRequest } from './replay-call.js';

/** A result as data. */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/**
 * How a session is handed over: a value (the session object) or its JSON text, parsed inside the worker.
 * 'file-range': each item is a FileRange of a JSON Lines file that the worker reads, splits and inspects itself; its
 * outcome is a RangeOutput (file-ranges.ts), with output 'utf8' only (`pool.inspectRanges`).
 */
export type SessionInputFormat = 'value' | 'json' | 'file-range';

/**
 * What comes back per session: `record` is the `qc-engine inspect` output record (toOutputRecord), `result` the full
 * InspectionResult as plain data, `json` the output record's JSON text (the bytes JSON.stringify would give), `utf8`
 * that text encoded as UTF-8, the fastest: a worker writes a batch's records into one buffer that moves to the pool
 * without a copy, each session gets a view of its bytes, and once read the buffer goes back to a worker to be
 * written again (fresh memory costs more than the writing). So a `utf8` value is valid only until the next outcome
 * is read: write it out or copy it (`value.slice()`) before asking for the next one.
 *
 * `summary` is the compact SessionSummary of a corpus replay (explain/session-summary.ts): hits and near-miss
 * measures per rule and condition, and the score, without evidence.
 *
 * `hits` and `hits-utf8` are `json` and `utf8` for the sparse record (`inspect(…, {output: 'hits'})`, the CLI's
 * `--hits-only`): `rules` lists only the rules that hit and each angle's `rules` only the links of rules that hit;
 * `aiScore`, `isVeto` and every angle's `score` and `result` are those of the full record.
 */
export type SessionOutputFormat = 'record' | 'result' | 'json' | 'utf8' | 'summary' | 'hits' | 'hits-utf8';

/** Why `load` failed: a rule or the scheme did not compile (RuleCompileError as data), or a worker died. */
export interface LoadError {
  readonly code: string;
  /** JSON path inside the rule (or the scheme when ruleId is null) */
  readonly path: string;
  readonly message: string;
  readonly ruleId: string | null;
  readonly zh?: string;
  readonly en?: string;
}

export interface LoadInfo {
  readonly kind: 'rules' | 'scheme';
  readonly rules: number;
}

export interface LoadRequest {
  readonly rules: readonly unknown[];
  readonly scheme?: unknown;
  /** Sensitive-word libraries (an array, or `{libraries, options}`) compiled in every worker beside the rules. */
  readonly libraries?: unknown;
  /**
   * The model behind the model operators, built in each worker (default: the built-in lexicon model). When given,
   * each record of a session inspected with model operators carries `model: {modelId, fallback}`.
   */
  readonly model?: ModelConfig | null;
  /** honour `__workerTestHook` on sessions (tests only) */
  readonly testHooks?: boolean;
}

export type SessionErrorCode =
  /** the JSON text of a session does not parse (input 'json') */
  | 'INVALID_JSON'
  /** the session is malformed (SessionInputError): see path */
  | 'SESSION_INPUT'
  /** the engine threw on this session */
  | 'INSPECT_FAILED'
  /** the worker died twice on this session */
  | 'WORKER_CRASHED'
  /** the session exceeded its time budget twice */
  | 'WORKER_TIMEOUT';

/** A session that produced no result, as data. */
export interface SessionError {
  /** the session's id when it could be read, else null */
  readonly sessionId: string | null;
  /** position of the session in the input, from 0 */
  readonly index: number;
  readonly code: SessionErrorCode;
  /** JSON path of the problem inside the session (SESSION_INPUT) */
  readonly path?: string;
  readonly message: string;
}

/** One session's outcome from a worker, before the pool adds the input index. */
export type WorkerSessionOutcome = Result<unknown, Omit<SessionError, 'index'>>;

export interface BatchRequest {
  readonly sessions: readonly unknown[];
  readonly input: SessionInputFormat;
  readonly output: SessionOutputFormat;
  /** 1 for the first try, 2 for the retry after a crash or timeout */
  readonly attempt: number;
  /** shared memory where the worker counts the sessions it starts, for the pool's time budget (when available) */
  readonly heartbeat?: Int32Array | undefined;
  /** utf8 output: buffers of batches already read, handed back (transferred) to be written into again */
  readonly recycled?: ArrayBuffer[] | undefined;
}

/** The API a worker exposes through comlink. */
export interface WorkerApi {
  /** a promise only when a library asks for pinyin and the worker has yet to import it */
  load(request: LoadRequest): Result<LoadInfo, LoadError> | Promise<Result<LoadInfo, LoadError>>;
  /** a promise when the loaded model answers asynchronously (a remote model) */
  inspect(batch: BatchRequest): WorkerSessionOutcome[] | Promise<WorkerSessionOutcome[]>;
  /** the state after each prefix of one session, with its own rules (replay-call.ts); leaves `load`'s rules alone */
  replay(request: ReplayRequest): Result<ReplayResult, ReplayError>;
}

/** The id of a session given as a value or as JSON text, for error records; null when it has none. */
export function sessionIdOf(session: unknown, input: SessionInputFormat): string | null {
  let value = session;
  if (input === 'json') {
    if (typeof session !== 'string') return null;
    try {
      value = JSON.parse(session);
    } catch {
      return null;
    }
  }
  if (value === null || typeof value !== 'object') return null;
  const id = (value as { sessionId?: unknown }).sessionId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}
