import type { ModelConfig, ModelUse, OutputRecord, SessionError } from '@qcdesk/engine';

/** A session as the engine reads it: the console's stored messages, in order. */
export interface EngineSession {
  readonly sessionId: string;
  /** the session's agent: a staff library limited to some agents (scopes) checks only theirs */
  readonly staffId?: string;
  readonly messages: readonly {
    readonly messageId: string;
    readonly senderRole: string;
    readonly sendTime: number;
    readonly content: string;
  }[];
}

/**
 * One unit of evaluation work: a compiled-once definition (scheme and rules, keyed so a worker recompiles only
 * when it changes) and a chunk of sessions. It is plain data, so it crosses a worker or a queue unchanged.
 */
export interface EvaluationJob {
  /** changes whenever the scheme, its rules or the libraries change */
  readonly key: string;
  readonly scheme: unknown;
  readonly rules: readonly unknown[];
  /** sensitive-word libraries to scan with, if any (`{libraries, options}`, see tasks/censor-libraries.ts) */
  readonly libraries?: unknown;
  /**
   * The organisation's model for the model operators (models/qc-model.ts); the provider is built in the worker. A
   * remote one carries its address and key, so with Redis they travel in the job (as the sessions do).
   */
  readonly model?: ModelConfig;
  readonly sessions: readonly EngineSession[];
}

/** A record with the sensitive-word matches the pool adds when it scans with libraries. */
export type EvaluatedRecord = OutputRecord & {
  readonly censor?: readonly {
    readonly message: number;
    readonly words: readonly { readonly banId: string | number }[];
  }[];
  /** which model answered the model operators, when the job had a model and the rules have model operators */
  readonly model?: ModelUse;
};

/** Per session, in input order: the engine's record, or why there is none. */
export type EvaluationOutcome =
  | { readonly ok: true; readonly value: EvaluatedRecord }
  | { readonly ok: false; readonly error: SessionError };

/** The definition did not compile (a rule's JSON path and both languages), or the evaluator broke down. */
export class EvaluationError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly path: string | null = null,
  ) {
    super(message);
    this.name = 'EvaluationError';
  }
}

/** Where evaluation runs: the in-process worker pool, or BullMQ workers on Redis. */
export interface Evaluator {
  readonly kind: 'pool' | 'queue';
  /** chunks a task run keeps in flight at once (a queue keeps many workers busy) */
  readonly concurrency: number;
  /** sessions per chunk */
  readonly chunkSize: number;
  evaluate(job: EvaluationJob, signal?: AbortSignal): Promise<EvaluationOutcome[]>;
  close(): Promise<void>;
}
