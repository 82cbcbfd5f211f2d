/**
 * The corpus run of this tab, outside the screen: a run goes on while the inspector opens one of its sample sessions
 * in the single replay, and its figures are still there when he comes back. One run at a time; a new one cancels the
 * one before.
 */
import type { LoadError } from '@qcdesk/engine';
import { create } from 'zustand';
import { errorText } from '../../api/client';
import type { ReplayQuery } from '../replay-query';
import type { ReplayTarget } from '../target/replay-target';
import { type CorpusEngine, CorpusLoadError, type CorpusProgress, runCorpus } from './corpus-run';
import type { CorpusSource } from './corpus-source';
import type { CorpusReport } from './corpus-tally';

export type CorpusRunStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

export interface CorpusRunState {
  status: CorpusRunStatus;
  /** what was run over what, as the report's header names them */
  targetLabel: string | null;
  sourceLabel: string | null;
  sourceKind: CorpusSource['kind'] | null;
  /** the address of the target run, for its sample links (the page may have moved on to another target) */
  query: ReplayQuery | null;
  progress: CorpusProgress | null;
  report: CorpusReport | null;
  /** the target did not compile */
  loadError: LoadError | null;
  /** anything else that ended the run */
  error: string | null;
  start(options: {
    engine: CorpusEngine;
    target: ReplayTarget;
    source: CorpusSource;
    query: ReplayQuery;
  }): Promise<void>;
  cancel(): void;
  clear(): void;
}

let controller: AbortController | null = null;

const blank = {
  status: 'idle' as const,
  targetLabel: null,
  sourceLabel: null,
  sourceKind: null,
  query: null,
  progress: null,
  report: null,
  loadError: null,
  error: null,
};

export const useCorpusRun = create<CorpusRunState>((set) => ({
  ...blank,
  async start({ engine, target, source, query }) {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    const live = () => controller === mine;
    set({
      ...blank,
      status: 'running',
      targetLabel: target.label,
      sourceLabel: source.label,
      sourceKind: source.kind,
      query,
      progress: { done: 0, fraction: 0, elapsedMs: 0 },
    });
    try {
      const result = await runCorpus({
        engine,
        target,
        source,
        signal: mine.signal,
        onUpdate: (progress, report) => live() && set({ progress, report }),
      });
      if (live()) set({ status: result.end, progress: result.progress, report: result.report });
    } catch (error) {
      if (!live()) return;
      if (error instanceof CorpusLoadError) set({ status: 'failed', loadError: error.problem });
      else set({ status: mine.signal.aborted ? 'cancelled' : 'failed', error: errorText(error) });
    } finally {
      if (live()) controller = null;
    }
  },
  cancel() {
    controller?.abort(new DOMException('cancelled by the inspector', 'AbortError'));
  },
  clear() {
    controller?.abort();
    controller = null;
    set(blank);
  },
}));
