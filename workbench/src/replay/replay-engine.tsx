/**
 * Runs a replay off the page's thread: by default on the console's shared engine pool (Web Workers), loaded on first
 * use so the pool and its worker script stay out of screens that never replay. Tests provide another engine.
 */
import type { ReplayError, ReplayRequest, ReplayResult, Result } from '@qcdesk/engine';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useApi } from '../api/api-context';
import { replayModelFor } from './model-labels';
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
  /** `modelError`: the organisation's model could not be asked, and the built-in one answered */
  | { status: 'done'; result: ReplayResult; modelError: string | null }
  | { status: 'failed'; error: ReplayError };

/**
 * The replay of `session` against `target`, recomputed when either changes; a stale answer is dropped. With model
 * operators in the rules, the organisation's model is asked first (model-labels.ts).
 */
export function useReplay(target: ReplayTarget | null, session: ReplaySession | null): ReplayState {
  const engine = useContext(EngineContext);
  const client = useApi();
  const [state, setState] = useState<ReplayState>({ status: 'idle' });
  useEffect(() => {
    if (target === null || session === null) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'running' });
    const input = { sessionId: session.sessionId, messages: session.messages };
    let modelError: string | null = null;
    replayModelFor(client, target.rules, input)
      .then((model) => {
        controller.signal.throwIfAborted();
        if (model.kind === 'unavailable') modelError = model.message;
        const preset = model.kind === 'preset' ? { model: model.preset } : {};
        return engine.replay(
          { rules: target.rules, scheme: target.scheme, session: input, ...preset },
          { signal: controller.signal },
        );
      })
      .then((outcome) => {
        if (controller.signal.aborted) return;
        if (!outcome.ok) {
          setState({ status: 'failed', error: outcome.error });
          return;
        }
        setState({ status: 'done', result: outcome.value, modelError });
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
  }, [engine, client, target, session]);
  return state;
}
