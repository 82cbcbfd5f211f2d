/**
 * One corpus run: loads the target (and the saved versions of its changed rules) into the engine pool, streams the
 * source's sessions through it, and adds each session's summary to the tally, reporting progress as it goes. The
 * page's thread only reads lines, checks them and adds up figures, and lets the page have its turn every few ms.
 */
import type { LoadError, Result, SessionOutcome, SessionSummary } from '@qcdesk/engine';
import type { ReplayTarget } from '../target/replay-target';
import type { CorpusSession } from './corpus-session';
import type { CorpusSource } from './corpus-source';
import { type CorpusReport, CorpusTally } from './corpus-tally';
import { schemeMaxScore } from './histogram';
import { PageTurns } from './page-turns';
import { corpusPlan } from './saved-comparison';

/** What a corpus run needs of the engine pool. */
export interface CorpusPool {
  load(rules: readonly unknown[], scheme?: unknown): Promise<Result<unknown, LoadError>>;
  /** every session's summary, in input order; aborting `signal` stops it (it throws the signal's reason) */
  inspectSummaries(
    sessions: AsyncIterable<unknown>,
    input: 'json' | 'value',
    signal: AbortSignal,
  ): AsyncIterable<SessionOutcome<SessionSummary>>;
}

/** The pool, taken in turn with the other screens that load rules into it. */
export interface CorpusEngine {
  withPool<T>(job: (pool: CorpusPool) => Promise<T>): Promise<T>;
}

export interface CorpusProgress {
  /** sessions inspected or failed */
  readonly done: number;
  /** share of the source read through the last session done (0…1) */
  readonly fraction: number;
  readonly elapsedMs: number;
}

export type CorpusRunEnd = 'done' | 'cancelled';

export interface CorpusRunResult {
  readonly end: CorpusRunEnd;
  readonly report: CorpusReport;
  readonly progress: CorpusProgress;
}

/** The target's rules or scheme did not compile: the compile error as data (its path, in Chinese and English). */
export class CorpusLoadError extends Error {
  override readonly name = 'CorpusLoadError';
  constructor(readonly problem: LoadError) {
    super(problem.message);
  }
}

export interface CorpusRunOptions {
  readonly engine: CorpusEngine;
  readonly target: ReplayTarget;
  readonly source: CorpusSource;
  readonly signal: AbortSignal;
  /** called at most every `updateEveryMs` with the progress and the figures so far */
  readonly onUpdate?: (progress: CorpusProgress, report: CorpusReport) => void;
  readonly updateEveryMs?: number;
  /** examples kept per rule and kind */
  readonly sampleSize?: number;
}

/** Runs the target over the source; a cancelled run ends with the figures of the sessions done so far. */
export async function runCorpus(options: CorpusRunOptions): Promise<CorpusRunResult> {
  const { engine, target, source, signal, onUpdate } = options;
  const updateEveryMs = options.updateEveryMs ?? 500;
  const plan = corpusPlan(target);
  const tally = new CorpusTally({
    rules: target.rules.map((r) => ({ ruleId: String(r.id), ruleName: r.name ?? String(r.id) })),
    compared: plan.compared,
    sampleSize: options.sampleSize,
    scoreMax: schemeMaxScore(plan.scheme),
  });
  const started = performance.now();
  let done = 0;
  let fraction = 0;
  const progress = (): CorpusProgress => ({ done, fraction, elapsedMs: performance.now() - started });
  const turns = new PageTurns();
  /** the sessions handed to the pool and not yet back, oldest first: outcomes come back in the same order */
  const inFlight: CorpusSession[] = [];

  async function* payloads(): AsyncGenerator<unknown, void, undefined> {
    for await (const outcome of source.read()) {
      if (!outcome.ok) {
        tally.addProblem(outcome.problem);
        continue;
      }
      inFlight.push(outcome.session);
      yield outcome.session.payload;
      await turns.maybeYield();
    }
  }

  signal.throwIfAborted();
  return engine.withPool(async (pool) => {
    const loaded = await pool.load(plan.rules, plan.scheme);
    if (!loaded.ok) throw new CorpusLoadError(loaded.error);
    let lastUpdate = performance.now();
    try {
      for await (const outcome of pool.inspectSummaries(payloads(), source.input, signal)) {
        const session = inFlight.shift();
        if (session === undefined) throw new Error('the pool answered more sessions than it was given');
        if (outcome.ok) tally.add(session, outcome.value, source.kind === 'file');
        else {
          const { code, message } = outcome.error;
          tally.addProblem({
            lineNumber: session.lineNumber,
            sessionId: session.sessionId,
            zh: `检测失败（${code}）：${message}`,
            en: `could not be inspected (${code}): ${message}`,
          });
        }
        done++;
        fraction = session.progressAt;
        if (onUpdate !== undefined && performance.now() - lastUpdate >= updateEveryMs) {
          onUpdate(progress(), tally.report());
          lastUpdate = performance.now();
        }
        await turns.maybeYield();
      }
    } catch (error) {
      if (!signal.aborted) throw error;
      return { end: 'cancelled', report: tally.report(), progress: progress() };
    }
    if (signal.aborted) return { end: 'cancelled', report: tally.report(), progress: progress() };
    fraction = 1;
    return { end: 'done', report: tally.report(), progress: progress() };
  });
}
