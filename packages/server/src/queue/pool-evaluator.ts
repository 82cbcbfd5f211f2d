import { availableParallelism } from 'node:os';
import { createPool, type Pool } from '@qcdesk/engine/node';
import { EvaluationError, type EvaluationJob, type EvaluationOutcome, type Evaluator } from './evaluation.js';

export interface PoolEvaluatorOptions {
  /** worker threads (default: cores − 1, at least 1, so the HTTP server keeps a core) */
  readonly size?: number;
  readonly chunkSize?: number;
}

/**
 * Evaluation on the engine's worker_threads pool, started on first use. Jobs run one at a time (the pool already
 * spreads a chunk over every worker); a job with another definition key reloads the workers first.
 */
export function createPoolEvaluator(options: PoolEvaluatorOptions = {}): Evaluator {
  const size = options.size ?? Math.max(1, availableParallelism() - 1);
  let pool: Pool | null = null;
  let loadedKey: string | null = null;
  let tail: Promise<unknown> = Promise.resolve();

  const run = async (job: EvaluationJob, signal?: AbortSignal): Promise<EvaluationOutcome[]> => {
    pool ??= createPool({ size });
    if (loadedKey !== job.key) {
      loadedKey = null;
      const loaded = await pool.load(job.rules, job.scheme, job.libraries, job.model);
      if (!loaded.ok) {
        const e = loaded.error;
        const rule = e.ruleId === null ? '' : `rule ${e.ruleId} `;
        throw new EvaluationError(`${rule}${e.path}: ${e.en ?? e.message} / ${e.zh ?? e.message}`, e.code, e.path);
      }
      loadedKey = job.key;
    }
    const out: EvaluationOutcome[] = [];
    for await (const outcome of pool.inspect(job.sessions, signal === undefined ? {} : { signal })) out.push(outcome);
    return out;
  };

  return {
    kind: 'pool',
    concurrency: 2,
    chunkSize: options.chunkSize ?? 250,
    evaluate(job, signal) {
      const result = tail.then(() => run(job, signal));
      tail = result.catch(() => undefined);
      return result;
    },
    async close() {
      await tail;
      await pool?.close();
      pool = null;
      loadedKey = null;
    },
  };
}
