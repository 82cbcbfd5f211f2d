import { hostname } from 'node:os';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { EvaluationError, type EvaluationJob, type EvaluationOutcome, type Evaluator } from './evaluation.js';
import { createPoolEvaluator } from './pool-evaluator.js';
import { queuePrefix } from './queue-prefix.js';

/** The BullMQ queue every server and `qcdesk worker` process shares. */
export const EVALUATION_QUEUE = 'qcdesk-evaluate';

export interface RedisEvaluatorOptions {
  readonly redisUrl: string;
  /** Redis key prefix (default QCDESK_QUEUE_PREFIX or `qcdesk`; tests use their own so that runs do not meet) */
  readonly prefix?: string;
  /** chunks in flight per task run (default 8: enough to keep several workers busy) */
  readonly concurrency?: number;
  readonly chunkSize?: number;
  /** how long a chunk may wait for a worker before the run fails (default 10 minutes) */
  readonly timeoutMs?: number;
}

/**
 * The producer side: each chunk becomes a job on Redis, and the run waits for its answer. Workers need no
 * database: a job carries its sessions and definition, and the answer carries the records, which the task
 * runner writes. If the runner dies, its sessions stay PENDING in the database and are sent again on resume.
 */
export function createRedisEvaluator(options: RedisEvaluatorOptions): Evaluator {
  const connection = { url: options.redisUrl, maxRetriesPerRequest: null };
  const prefix = options.prefix ?? queuePrefix();
  // connections open on the first chunk: an app that never runs a task never talks to Redis
  let link: { queue: Queue<EvaluationJob, EvaluationOutcome[]>; events: QueueEvents; ready: Promise<unknown> } | null =
    null;
  const connect = () => {
    if (link === null) {
      const queue = new Queue<EvaluationJob, EvaluationOutcome[]>(EVALUATION_QUEUE, { connection, prefix });
      const events = new QueueEvents(EVALUATION_QUEUE, { connection, prefix });
      link = { queue, events, ready: events.waitUntilReady() };
    }
    return link;
  };
  return {
    kind: 'queue',
    concurrency: options.concurrency ?? 8,
    chunkSize: options.chunkSize ?? 200,
    async evaluate(job, signal) {
      const { queue, events, ready } = connect();
      await ready;
      signal?.throwIfAborted();
      const added = await queue.add('evaluate', job, {
        attempts: 3,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 24 * 3600 },
      });
      try {
        return await added.waitUntilFinished(events, options.timeoutMs ?? 10 * 60_000);
      } catch (error) {
        throw new EvaluationError(
          `评估任务 ${added.id} 失败 / evaluation job ${added.id} failed: ${(error as Error).message}`,
          'QUEUE_JOB_FAILED',
        );
      }
    },
    async close() {
      if (link === null) return;
      const { queue, events } = link;
      link = null;
      await events.close();
      await queue.close();
    },
  };
}

export interface EvaluationWorker {
  close(): Promise<void>;
}

/**
 * The consumer side (`qcdesk worker`): takes chunks off the queue and evaluates them on this machine's worker
 * pool. Any number of these may run on any number of machines; a worker that dies mid-job leaves the job to be
 * picked up again when BullMQ finds it stalled.
 */
export function startEvaluationWorker(options: {
  readonly redisUrl: string;
  readonly prefix?: string;
  /** worker threads of this process's pool */
  readonly poolSize?: number;
  readonly onJob?: (sessions: number, ms: number) => void;
  /** a job taken, before it is evaluated */
  readonly onStart?: (sessions: number) => void;
}): EvaluationWorker {
  const evaluator = createPoolEvaluator(options.poolSize === undefined ? {} : { size: options.poolSize });
  const worker = new Worker<EvaluationJob, EvaluationOutcome[]>(
    EVALUATION_QUEUE,
    async (job) => {
      const started = Date.now();
      options.onStart?.(job.data.sessions.length);
      const outcomes = await evaluator.evaluate(job.data);
      options.onJob?.(job.data.sessions.length, Date.now() - started);
      return outcomes;
    },
    {
      connection: { url: options.redisUrl, maxRetriesPerRequest: null },
      prefix: options.prefix ?? queuePrefix(),
      concurrency: 2,
      // a job says which process took it (`processedBy`): host and pid
      name: `${hostname()}:${process.pid}`,
      // a killed worker's jobs go back to the queue once their lock runs out and a stall check finds them
      // (QCDESK_QUEUE_LOCK_MS, default BullMQ's 30 s; the stall check runs twice as often)
      ...stallTimes(),
    },
  );
  return {
    async close() {
      await worker.close();
      await evaluator.close();
    },
  };
}

function stallTimes(): { lockDuration?: number; stalledInterval?: number } {
  const ms = Number(process.env.QCDESK_QUEUE_LOCK_MS);
  return Number.isFinite(ms) && ms >= 1000 ? { lockDuration: ms, stalledInterval: Math.round(ms / 2) } : {};
}
