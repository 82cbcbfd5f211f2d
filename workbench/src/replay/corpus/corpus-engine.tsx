/**
 * The engine a corpus run uses: by default the console's shared pool of Web Workers, loaded on first use and taken in
 * turn with the other screens that load rules into it. Tests provide another engine.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { CorpusEngine } from './corpus-run';

export const poolCorpusEngine: CorpusEngine = {
  async withPool(job) {
    const { withEnginePool } = await import('../engine-pool');
    return withEnginePool((pool) =>
      job({
        load: (rules, scheme) => pool.load(rules, scheme),
        inspectSummaries: (sessions, input, signal) => pool.inspect(sessions, { input, output: 'summary', signal }),
      }),
    );
  },
};

const CorpusEngineContext = createContext<CorpusEngine>(poolCorpusEngine);

export function CorpusEngineProvider({ engine, children }: { engine: CorpusEngine; children: ReactNode }) {
  return <CorpusEngineContext.Provider value={engine}>{children}</CorpusEngineContext.Provider>;
}

export function useCorpusEngine(): CorpusEngine {
  return useContext(CorpusEngineContext);
}
