/**
 * Runs a replay off the page's thread: by default on the console's shared engine pool (Web Workers), loaded on first
 * use so the pool and its worker script stay out of screens that never replay. Tests provide another engine.
 */
import type { ReplayError, ReplayRequest, ReplayResult, Result } from '@qcdesk/engine';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { ReplayTarget } from './target/replay-target';
import type { ReplaySession } from './transcript/parse-transcript';

export interface ReplayEngine {
  replay(request: ReplayRequest, options?: { signal?: AbortSignal }): Promise<Result<ReplayResult, ReplayError>>;
}

const poolEngine: ReplayEngine = {
  async replay(request, options) {
    const { getEnginePool } = await import('./engine-pool');
    return getEnginePool().replay(request, options);
  },
};

const EngineContext = createContext<ReplayEngine>(poolEngine);

export function ReplayEngineProvider({ engine, children }: { engine: ReplayEngine; children: ReactNode }) {
  return <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>;
}

export type ReplayState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: ReplayResult }
  | { status: 'failed'; error: ReplayError };

/** The replay of `session` against `target`, recomputed when either changes; a stale answer is dropped. */
export function useReplay(target: ReplayTarget | null, session: ReplaySession | null): ReplayState {
  const engine = useContext(EngineContext);
  const [state, setState] = useState<ReplayState>({ status: 'idle' });
  useEffect(() => {
    if (target === null || session === null) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'running' });
    engine
      .replay(
        {
          rules: target.rules,
          scheme: target.scheme,
          session: { sessionId: session.sessionId, messages: session.messages },
        },
        { signal: controller.signal },
      )
      .then((outcome) => {
        if (controller.signal.aborted) return;
        setState(outcome.ok ? { status: 'done', result: outcome.value } : { status: 'failed', error: outcome.error });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setState({
          status: 'failed',
          error: {
            code: 'ENGINE',
            path: '$',
            ruleId: null,
            zh: `引擎不可用：${message}`,
            en: `the engine failed: ${message}`,
            message,
          },
        });
      });
    return () => controller.abort(new DOMException('replaced', 'AbortError'));
  }, [engine, target, session]);
  return state;
}
