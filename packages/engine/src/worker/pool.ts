/**
 * The worker pool, free of any platform module: the Node (worker_threads) and browser (Web Worker) adapters only
 * say how to start and stop one worker. Workers speak comlink; every answer crossing the boundary is data.
 *
 * Scheduling: sessions go to workers in batches (`batchSize`); a bounded window of batches is in flight
 * (`maxInFlight` sessions), and results are yielded in input order, so a slow consumer or a slow batch holds the
 * reading of new input (backpressure). Each worker is handed up to `pipeline` batches at once (default 2): the next
 * one waits in the worker's own queue, so it starts the moment the previous one ends, without a round trip to this
 * thread in between. A worker that dies, or that spends more than `timeoutMs` on one session, is
 * terminated and replaced; every session of its batch is retried once, alone,
 * so that a bad session cannot fail its neighbours; a session that fails its retry too comes back as
 * `{ok: false, error: {sessionId, index, code, message}}`. No session is lost or duplicated.
 */
import { type Endpoint, type Remote, transfer, wrap } from 'comlink';
import type { OutputRecord } from '../explain/output-record.js';
import type { SessionSummary } from '../explain/session-summary.js';
import type { InspectionResult } from '../match/inspect.js';
import type { ModelConfig } from '../models/remote/model-config.js';
import type { ReplayResult } from '../replay/replay-session.js';
import type { FileRange, RangeOutput } from './file-ranges.js';
import {
  type LoadError,
  type LoadInfo,
  type LoadRequest,
  type Result,
  type SessionError,
  type SessionInputFormat,
  type SessionOutputFormat,
  sessionIdOf,
  type WorkerApi,
  type WorkerSessionOutcome,
} from './protocol.js';
import type { ReplayError, ReplayRequest } from './replay-call.js';

/** One started worker, as an adapter hands it to the pool. */
export interface WorkerHandle {
  /** the comlink endpoint to the worker */
  readonly endpoint: Endpoint;
  /** registers a listener for the worker dying on its own (exit, uncaught error); it may be called more than once */
  onExit(listener: (reason: string) => void): void;
  /** stops the worker; resolves once it is gone */
  terminate(): Promise<void>;
}

/** How to start a worker on a platform (see node-pool.ts and browser-pool.ts). */
export interface PoolAdapter {
  spawn(): WorkerHandle;
}

export interface PoolOptions {
  /** number of workers (default 1; the Node and browser pools default to the machine's cores) */
  readonly size?: number;
  /** time budget per session in ms before its worker is replaced (default 10 000) */
  readonly timeoutMs?: number;
  /** sessions per message to a worker (default 32) */
  readonly batchSize?: number;
  /** sessions read ahead of the consumer at most (default size × batchSize × 2) */
  readonly maxInFlight?: number;
  /** batches handed to one worker at once (default 2; 1: the next batch is sent when the previous one is back) */
  readonly pipeline?: number;
  /** @internal tests only: honour `__workerTestHook` on sessions */
  readonly testHooks?: boolean;
}

export interface PoolProgress {
  /** sessions yielded so far */
  readonly done: number;
  /** of which failed */
  readonly failed: number;
  /** sessions read but not yet yielded */
  readonly inFlight: number;
  readonly elapsedMs: number;
}

export interface PoolInspectOptions<O extends SessionOutputFormat = 'record'> {
  /** sessions are values (default) or JSON texts parsed in the worker */
  readonly input?: SessionInputFormat;
  /** what a successful session yields (default 'record': the OutputRecord) */
  readonly output?: O;
  /** aborting stops the stream promptly (it throws the signal's reason) and terminates the work in flight */
  readonly signal?: AbortSignal;
  /** called as results are yielded */
  readonly onProgress?: (progress: PoolProgress) => void;
}

/** What `pool.inspect` yields per session, in input order. */
export type SessionOutcome<T = OutputRecord> = Result<T, SessionError>;

export type PoolOutput<O extends SessionOutputFormat> = O extends 'json' | 'hits'
  ? string
  : O extends 'utf8' | 'hits-utf8'
    ? Uint8Array
    : O extends 'result'
      ? InspectionResult
      : O extends 'summary'
        ? SessionSummary
        : OutputRecord;

export interface PoolStats {
  readonly size: number;
  /** workers started and not yet gone */
  readonly live: number;
  /** workers started in all, replacements included */
  readonly spawned: number;
  readonly crashed: number;
  readonly timedOut: number;
  /** sessions retried after a crash or timeout */
  readonly retried: number;
}

export interface Pool {
  readonly size: number;
  /**
   * Compiles the rules (with the scheme, when given) once in every worker; a rule that does not compile comes back
   * as `{ok: false, error: {code, path, message, ruleId}}`. With `libraries` (sensitive-word libraries: an array, or
   * `{libraries, options}`), each record also carries `censor`: the session's messages with matches. With `model`
   * (a ModelConfig), the model operators ask that model (built in each worker, behind a breaker falling back to the
   * built-in one) and each record of a session they read carries `model: {modelId, fallback}`.
   */
  load(
    rules: readonly unknown[],
    scheme?: unknown,
    libraries?: unknown,
    model?: ModelConfig | null,
  ): Promise<Result<LoadInfo, LoadError>>;
  /** Inspects sessions on the workers, yielding one outcome per session in input order. Needs a successful `load`. */
  inspect<O extends SessionOutputFormat = 'record'>(
    sessions: AsyncIterable<unknown> | Iterable<unknown>,
    options?: PoolInspectOptions<O>,
  ): AsyncGenerator<SessionOutcome<PoolOutput<O>>, void, undefined>;
  /**
   * Inspects JSON Lines files by byte range (file-ranges.ts): a worker reads each range, splits, parses and inspects
   * its lines, and returns the records as UTF-8 with the lines that failed; one outcome per range, in order. A range
   * whose worker dies or overruns twice comes back as `{ok: false}` (inspect its lines one by one to find the
   * culprit). `inFlight` ranges at most are handed out ahead of the consumer (default 2 per worker and pipeline
   * slot). As with `utf8`, an outcome's bytes are valid only until the next outcome is read. `output`: the records
   * (default 'utf8'), or the sparse ones ('hits-utf8').
   */
  inspectRanges(
    ranges: AsyncIterable<FileRange> | Iterable<FileRange>,
    options?: {
      readonly signal?: AbortSignal;
      readonly inFlight?: number;
      readonly output?: 'utf8' | 'hits-utf8';
    },
  ): AsyncGenerator<Result<RangeOutput, SessionError>, void, undefined>;
  /**
   * The inspection state after each prefix of one session (the replay tester), computed on the least busy worker
   * with the rules and scheme given here: it needs no `load` and leaves the loaded rules alone. A rule that does not
   * compile or a malformed session comes back as `{ok: false, error}`; a worker that dies or overruns the time
   * budget, as `WORKER_CRASHED` / `WORKER_TIMEOUT` (the worker is replaced). Aborting rejects with the signal's reason
   * at once and, when the replay has not ended 200 ms later, terminates its worker and starts another in its place
   * (so a long replay stops using a core; the batches the worker held go back to the queue).
   */
  replay(
    request: ReplayRequest,
    options?: { readonly signal?: AbortSignal },
  ): Promise<Result<ReplayResult, ReplayError>>;
  stats(): PoolStats;
  /** Terminates every worker; pending work is rejected. */
  close(): Promise<void>;
}

type Death = 'WORKER_CRASHED' | 'WORKER_TIMEOUT' | 'CANCELLED' | 'CLOSED';

/** How long an aborted replay may take to end on its own before its worker is terminated and replaced. */
const REPLAY_ABORT_GRACE_MS = 200;

class WorkerDeath extends Error {
  constructor(
    readonly reason: Death,
    detail: string,
  ) {
    super(`worker ${reason}: ${detail}`);
  }
}

interface Stream {
  ended: boolean;
}

interface Job {
  readonly stream: Stream;
  readonly sessions: readonly unknown[];
  /** input index of sessions[0] */
  readonly first: number;
  readonly input: SessionInputFormat;
  readonly output: SessionOutputFormat;
  readonly attempt: number;
  /** sessions of this job the worker has started (shared memory), while it runs; undefined without shared memory */
  heartbeat: Int32Array | undefined;
  readonly promise: Promise<SessionOutcome<unknown>[]>;
  resolve(outcomes: SessionOutcome<unknown>[]): void;
  reject(reason: unknown): void;
  cancelled: unknown;
}

const noop = (): void => {};

class Slot {
  readonly api: Remote<WorkerApi>;
  readonly died: Promise<never>;
  dead: Death | null = null;
  /** answered a load: a worker that dies before that does not start at all */
  answered = false;
  loaded: Promise<Result<LoadInfo, LoadError>> | null = null;
  /** the batches handed to this worker and not yet answered, oldest (the one it works on) first */
  readonly jobs: Job[] = [];
  /** batches answered so far: progress for the time budget */
  answeredJobs = 0;
  /** replays handed to this worker and not yet answered: they keep it busy as batches do */
  replays = 0;
  timer: ReturnType<typeof setInterval> | undefined;
  private dieWith: (error: WorkerDeath) => void = noop;
  private terminated: Promise<void> = Promise.resolve();

  constructor(
    readonly handle: WorkerHandle,
    private readonly onDeath: (slot: Slot, reason: Death) => void,
  ) {
    this.api = wrap<WorkerApi>(handle.endpoint);
    this.died = new Promise<never>((_, reject) => {
      this.dieWith = reject;
    });
    this.died.catch(noop);
    handle.onExit((detail) => void this.kill('WORKER_CRASHED', detail));
  }

  kill(reason: Death, detail = reason.toLowerCase()): Promise<void> {
    if (this.dead !== null) return this.terminated;
    this.dead = reason;
    this.dieWith(new WorkerDeath(reason, detail));
    this.terminated = this.handle.terminate().catch(noop);
    this.onDeath(this, reason);
    return this.terminated;
  }
}

/** A pool over any platform's workers. */
export function createWorkerPool(adapter: PoolAdapter, options: PoolOptions = {}): Pool {
  const size = Math.max(1, Math.floor(options.size ?? 1));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 32));
  const maxInFlight = Math.max(batchSize, options.maxInFlight ?? size * batchSize * 2);
  const pipeline = Math.max(1, Math.floor(options.pipeline ?? 2));
  const queue: Job[] = [];
  /** utf8 output: buffers whose batch has been read, to go back to the next worker asked for utf8 */
  const spare: ArrayBuffer[] = [];
  const slots: Slot[] = [];
  const live = new Set<WorkerHandle>();
  const counts = { spawned: 0, crashed: 0, timedOut: 0, retried: 0 };
  let request: LoadRequest | null = null;
  let loaded = false;
  let closed = false;
  let broken: string | null = null;
  let earlyDeaths = 0;

  function spawn(): Slot {
    const started = adapter.spawn();
    const handle: WorkerHandle = {
      endpoint: started.endpoint,
      onExit: (listener) => started.onExit(listener),
      terminate: () => started.terminate().finally(() => live.delete(handle)),
    };
    live.add(handle);
    handle.onExit(() => live.delete(handle));
    counts.spawned++;
    const slot = new Slot(handle, onDeath);
    if (request !== null) slot.loaded = callLoad(slot, request);
    return slot;
  }

  function callLoad(slot: Slot, load: LoadRequest): Promise<Result<LoadInfo, LoadError>> {
    return Promise.race([slot.api.load(load), slot.died]).then(
      (result) => {
        slot.answered = true;
        earlyDeaths = 0;
        return result;
      },
      (error: unknown): Result<LoadInfo, LoadError> => ({
        ok: false,
        error: {
          code: error instanceof WorkerDeath ? error.reason : 'WORKER_CRASHED',
          path: '$',
          message: `a worker died while compiling: ${error instanceof Error ? error.message : String(error)}`,
          ruleId: null,
        },
      }),
    );
  }

  function onDeath(slot: Slot, reason: Death): void {
    if (reason === 'WORKER_CRASHED') counts.crashed++;
    if (reason === 'WORKER_TIMEOUT') counts.timedOut++;
    if (!slot.answered && reason === 'WORKER_CRASHED') earlyDeaths++;
    const i = slots.indexOf(slot);
    if (closed || i < 0) return;
    if (earlyDeaths > size + 2) {
      // Workers die before answering anything: the script does not start. Stop respawning and fail the work.
      broken = 'workers exit before they start; is the worker script built?';
      for (const job of queue.splice(0)) job.reject(new Error(broken));
      return;
    }
    slots[i] = spawn();
    queueMicrotask(pump);
  }

  function pump(): void {
    if (closed || broken !== null) return;
    // Every idle worker gets a batch before any gets a second one.
    for (let depth = 1; depth <= pipeline; depth++) {
      for (const slot of slots) {
        if (queue.length === 0) return;
        if (slot.jobs.length + slot.replays < depth && slot.dead === null) void run(slot, queue.shift()!);
      }
    }
  }

  async function run(slot: Slot, job: Job): Promise<void> {
    slot.jobs.push(job);
    job.heartbeat = typeof SharedArrayBuffer === 'function' ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    try {
      const ready = await Promise.race([slot.loaded!, slot.died]);
      if (!ready.ok) throw new WorkerDeath('WORKER_CRASHED', ready.error.message);
      // The budget runs from here: starting the worker and compiling the rules do not count.
      watch(slot);
      const heartbeat = job.heartbeat;
      const request = { sessions: job.sessions, input: job.input, output: job.output, attempt: job.attempt, heartbeat };
      const recycled = job.output === 'utf8' || job.output === 'hits-utf8' ? spare.splice(0) : [];
      const answer = slot.api.inspect(recycled.length === 0 ? request : transfer({ ...request, recycled }, recycled));
      const outcomes = await Promise.race([answer, slot.died]);
      slot.answeredJobs++;
      job.resolve(outcomes.map((o: WorkerSessionOutcome, k) => (o.ok ? o : withIndex(o.error, job.first + k))));
    } catch (error) {
      if (job.cancelled !== undefined) job.reject(job.cancelled);
      else if (
        error instanceof WorkerDeath &&
        untouched(job) &&
        (error.reason === 'WORKER_CRASHED' || error.reason === 'WORKER_TIMEOUT')
      ) {
        // Queued behind the batch that killed the worker, never started: it goes back as it was, not retried.
        if (job.stream.ended) job.reject(new Error('stream ended'));
        else queue.unshift(job);
      } else if (!(error instanceof WorkerDeath)) {
        // The worker lives but the call failed (e.g. a session that cannot be cloned): retrying will not help.
        const message = error instanceof Error ? error.message : String(error);
        job.resolve(failAll(job, 'INSPECT_FAILED', message));
      } else if (error.reason === 'CANCELLED') {
        // Another stream was cancelled on this worker: this batch did nothing wrong and goes back as it was.
        if (job.stream.ended) job.reject(new Error('stream ended'));
        else queue.unshift(job);
      } else if (error.reason === 'CLOSED') job.reject(error);
      else retry(job, error.reason);
    } finally {
      const at = slot.jobs.indexOf(job);
      if (at >= 0) slot.jobs.splice(at, 1);
      if (slot.jobs.length === 0) {
        clearInterval(slot.timer);
        slot.timer = undefined;
      }
      pump();
    }
  }

  /** Whether the worker had not started any session of the job (known only with shared memory). */
  function untouched(job: Job): boolean {
    return job.heartbeat !== undefined && Atomics.load(job.heartbeat, 0) === 0;
  }

  /**
   * The time budget, one watch per worker while it has batches. With shared memory the worker counts the sessions
   * it starts in each batch's `heartbeat`, so a session that runs longer than timeoutMs is caught however large its
   * batch; without it (a page that is not cross-origin isolated) the batch being worked on gets n × timeoutMs for
   * its n sessions. A queued batch's time starts when the one before it is answered.
   */
  function watch(slot: Slot): void {
    if (slot.timer !== undefined) return;
    let seen = -1;
    let since = Date.now();
    slot.timer = setInterval(
      () => {
        let progress = slot.answeredJobs;
        for (const job of slot.jobs) if (job.heartbeat !== undefined) progress += Atomics.load(job.heartbeat, 0);
        const now = Date.now();
        const current = slot.jobs[0];
        const budget =
          current === undefined || current.heartbeat !== undefined ? timeoutMs : timeoutMs * current.sessions.length;
        if (progress !== seen) {
          seen = progress;
          since = now;
        } else if (now - since > budget) void slot.kill('WORKER_TIMEOUT');
      },
      Math.max(10, Math.min(250, timeoutMs / 4)),
    );
  }

  function retry(job: Job, reason: 'WORKER_CRASHED' | 'WORKER_TIMEOUT'): void {
    if (job.stream.ended) {
      job.reject(new Error('stream ended'));
      return;
    }
    if (job.attempt >= 2) {
      const message =
        reason === 'WORKER_TIMEOUT'
          ? `inspecting the session took longer than ${timeoutMs} ms, twice / 会话检测超时（已重试）`
          : 'the worker died while inspecting the session, twice / 检测会话时工作线程崩溃（已重试）';
      job.resolve(failAll(job, reason, message));
      return;
    }
    counts.retried += job.sessions.length;
    // Each session alone: a bad session cannot fail its batch-mates, and the culprit is the one that fails again.
    const children = job.sessions.map((session, k) =>
      makeJob(job.stream, [session], job.first + k, job.input, job.output, 2),
    );
    queue.unshift(...children);
    Promise.all(children.map((c) => c.promise)).then((parts) => job.resolve(parts.flat()), job.reject);
  }

  function failAll(job: Job, code: SessionError['code'], message: string): SessionOutcome<unknown>[] {
    return job.sessions.map((session, k) => ({
      ok: false as const,
      error: { sessionId: sessionIdOf(session, job.input), index: job.first + k, code, message },
    }));
  }

  function makeJob(
    stream: Stream,
    sessions: readonly unknown[],
    first: number,
    input: SessionInputFormat,
    output: SessionOutputFormat,
    attempt: number,
  ): Job {
    let resolve: Job['resolve'] = noop;
    let reject: Job['reject'] = noop;
    const promise = new Promise<SessionOutcome<unknown>[]>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(noop);
    return {
      stream,
      sessions,
      first,
      input,
      output,
      attempt,
      heartbeat: undefined,
      promise,
      resolve,
      reject,
      cancelled: undefined,
    };
  }

  function cancel(stream: Stream, reason: unknown, terminate: boolean): void {
    stream.ended = true;
    for (let i = queue.length - 1; i >= 0; i--) {
      if (queue[i]!.stream === stream) queue.splice(i, 1)[0]!.reject(reason);
    }
    if (!terminate) return;
    for (const slot of [...slots]) {
      if (slot.jobs.some((job) => job.stream === stream)) {
        // Only this stream's batches are cancelled; another stream's batch on the same worker is retried.
        for (const job of slot.jobs) if (job.stream === stream) job.cancelled = reason;
        void slot.kill('CANCELLED');
      }
    }
  }

  /** `jobSize` items per batch, `inFlight` items read ahead at most: the pool's options, or a range stream's. */
  async function* inspect<O extends SessionOutputFormat = 'record'>(
    sessions: AsyncIterable<unknown> | Iterable<unknown>,
    inspectOptions: PoolInspectOptions<O> = {},
    jobSize = batchSize,
    inFlight = maxInFlight,
  ): AsyncGenerator<SessionOutcome<PoolOutput<O>>, void, undefined> {
    if (closed) throw new Error('the pool is closed');
    if (broken !== null) throw new Error(broken);
    if (!loaded) throw new Error('load rules that compile before inspecting / 请先加载可编译的规则');
    const { signal, onProgress } = inspectOptions;
    const input = inspectOptions.input ?? 'value';
    const output = inspectOptions.output ?? 'record';
    signal?.throwIfAborted();
    const stream: Stream = { ended: false };
    const started = Date.now();
    const windowSize = Math.max(1, Math.ceil(inFlight / jobSize));
    const window: Promise<SessionOutcome<unknown>[]>[] = [];
    let rejectAborted: (reason: unknown) => void = noop;
    const aborted = new Promise<never>((_, reject) => {
      rejectAborted = reject;
    });
    aborted.catch(noop);
    // Terminates the work at once, even while the consumer holds the stream between two reads.
    const onAbort = (): void => {
      cancel(stream, signal?.reason, true);
      rejectAborted(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const iterator =
      Symbol.asyncIterator in sessions
        ? (sessions as AsyncIterable<unknown>)[Symbol.asyncIterator]()
        : (sessions as Iterable<unknown>)[Symbol.iterator]();
    let read = 0;
    let done = 0;
    let failed = 0;
    let batch: unknown[] = [];
    const submit = (): void => {
      const job = makeJob(stream, batch, read - batch.length, input, output, 1);
      batch = [];
      queue.push(job);
      window.push(job.promise);
      pump();
    };
    async function* drain(): AsyncGenerator<SessionOutcome<PoolOutput<O>>, void, undefined> {
      const outcomes = await Promise.race([window.shift()!, aborted]);
      done += outcomes.length;
      for (const o of outcomes) if (!o.ok) failed++;
      onProgress?.({ done, failed, inFlight: read - done, elapsedMs: Date.now() - started });
      for (const o of outcomes) yield o as SessionOutcome<PoolOutput<O>>;
      // The consumer has asked for what follows the batch's last outcome: its utf8 buffer can be written again.
      if (output === 'utf8' || output === 'hits-utf8') {
        const first = outcomes.find((o) => o.ok);
        const bytes = input === 'file-range' ? (first?.value as RangeOutput | undefined)?.bytes : first?.value;
        if (first?.ok && spare.length < 4) spare.push((bytes as Uint8Array).buffer as ArrayBuffer);
      }
    }
    let finished = false;
    try {
      for (;;) {
        const next = await Promise.race([iterator.next(), aborted]);
        if (next.done === true) break;
        batch.push(next.value);
        read++;
        if (batch.length >= jobSize) submit();
        while (window.length >= windowSize) yield* drain();
      }
      finished = true;
      if (batch.length > 0) submit();
      while (window.length > 0) yield* drain();
    } finally {
      signal?.removeEventListener('abort', onAbort);
      cancel(stream, signal?.reason ?? new Error('stream ended'), signal?.aborted === true);
      if (!finished) void Promise.resolve(iterator.return?.()).catch(noop);
    }
  }

  async function replay(
    request: ReplayRequest,
    replayOptions: { readonly signal?: AbortSignal } = {},
  ): Promise<Result<ReplayResult, ReplayError>> {
    if (closed) throw new Error('the pool is closed');
    if (broken !== null) throw new Error(broken);
    const { signal } = replayOptions;
    signal?.throwIfAborted();
    // The least busy worker, replays counted with batches; the replay waits behind what that worker already holds,
    // and the budget counts it and every step.
    const busy = (s: Slot) => s.jobs.length + s.replays;
    const slot = slots.reduce((a, b) => (busy(b) < busy(a) ? b : a));
    const messages = (request.session as { messages?: unknown } | null)?.messages;
    const queued = slot.jobs.reduce((n, job) => n + job.sessions.length, 0) + slot.replays;
    const steps = Array.isArray(messages) ? messages.length : 1;
    const timer = setTimeout(() => void slot.kill('WORKER_TIMEOUT'), timeoutMs * (1 + queued + steps));
    let answered = false;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    let onAbort = noop;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        reject(signal?.reason);
        // A worker cannot be interrupted inside a call: a replay that does not end on its own within a moment is
        // stopped with its worker, which is replaced (its other work goes back to the queue or is asked again).
        graceTimer = setTimeout(() => {
          if (!answered) void slot.kill('CANCELLED', 'replay cancelled');
        }, REPLAY_ABORT_GRACE_MS);
      };
    });
    aborted.catch(noop);
    signal?.addEventListener('abort', onAbort, { once: true });
    slot.replays++;
    const call = Promise.race([slot.api.replay(request), slot.died]).finally(() => {
      answered = true;
      clearTimeout(graceTimer);
      slot.replays--;
      queueMicrotask(pump);
    });
    call.catch(noop);
    try {
      return await Promise.race([call, aborted]);
    } catch (error) {
      if (!(error instanceof WorkerDeath)) throw error;
      // another replay's cancelling stopped this one's worker: ask again on a live one
      if (error.reason === 'CANCELLED' && signal?.aborted !== true && !closed) return replay(request, replayOptions);
      const message = `the worker ended while replaying: ${error.message}`;
      return {
        ok: false,
        error: {
          code: error.reason,
          path: '$',
          ruleId: null,
          zh: `回放时工作线程结束（${error.reason}）`,
          en: message,
          message,
        },
      };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  for (let i = 0; i < size; i++) slots.push(spawn());

  return {
    size,
    async load(rules, scheme, libraries, model) {
      if (closed) throw new Error('the pool is closed');
      if (broken !== null) throw new Error(broken);
      const load: LoadRequest = { rules, scheme, libraries, model, testHooks: options.testHooks === true };
      request = load;
      for (const slot of slots) slot.loaded = callLoad(slot, load);
      const results = await Promise.all(slots.map((slot) => slot.loaded!));
      const failure = results.find((r) => !r.ok);
      loaded = failure === undefined;
      return failure ?? results[0]!;
    },
    inspect,
    inspectRanges: (ranges, rangeOptions = {}) =>
      inspect(
        ranges,
        { input: 'file-range', output: rangeOptions.output ?? 'utf8', signal: rangeOptions.signal },
        1,
        rangeOptions.inFlight ?? size * pipeline * 2,
      ) as AsyncGenerator<SessionOutcome<unknown>, void, undefined> as AsyncGenerator<
        Result<RangeOutput, SessionError>,
        void,
        undefined
      >,
    replay,
    stats: () => ({ size, live: live.size, ...counts }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the pool is closed'));
      await Promise.all(slots.map((slot) => slot.kill('CLOSED')));
    },
  };
}

function withIndex(error: Omit<SessionError, 'index'>, index: number): SessionOutcome<never> {
  return { ok: false, error: { ...error, index } };
}
