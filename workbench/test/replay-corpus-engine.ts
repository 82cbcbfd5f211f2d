/**
 * A corpus engine in this thread for tests: the real engine (compile, inspect with the trace, summarize) behind the
 * pool's interface, yielding to the event loop between sessions as the pool's workers would, and stopping when the
 * signal aborts. What the pool itself does (workers, order, backpressure) is the engine's own tests' business.
 */
import {
  type Compiled,
  compileScheme,
  inspect,
  RuleCompileError,
  type SessionOutcome,
  type SessionSummary,
  summarizeInspection,
} from '@qcdesk/engine';
import type { CorpusEngine, CorpusPool } from '../src/replay/corpus/corpus-run';

export interface TestEngine extends CorpusEngine {
  /** sessions the engine has inspected */
  readonly inspected: () => number;
}

export function inProcessEngine(options: { delayMs?: number } = {}): TestEngine {
  let compiled: Compiled | null = null;
  let inspected = 0;
  const pool: CorpusPool = {
    async load(rules, scheme) {
      try {
        compiled = compileScheme(scheme, rules);
        return { ok: true, value: null };
      } catch (error) {
        if (!(error instanceof RuleCompileError)) throw error;
        const { code, path, message, ruleId, zh, en } = error;
        return { ok: false, error: { code, path, message, ruleId, zh, en } };
      }
    },
    async *inspectSummaries(sessions, input, signal): AsyncGenerator<SessionOutcome<SessionSummary>> {
      let index = 0;
      for await (const raw of sessions) {
        signal.throwIfAborted();
        await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
        signal.throwIfAborted();
        const session = input === 'json' ? JSON.parse(raw as string) : raw;
        try {
          inspected++;
          yield { ok: true, value: summarizeInspection(compiled!, inspect(compiled!, session)) };
        } catch (error) {
          yield {
            ok: false,
            error: { sessionId: null, index, code: 'SESSION_INPUT', message: (error as Error).message },
          };
        }
        index++;
      }
    },
  };
  return { withPool: (job) => job(pool), inspected: () => inspected };
}
