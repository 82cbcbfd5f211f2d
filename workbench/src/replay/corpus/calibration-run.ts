/**
 * The calibration tab's run, outside the screen (like the corpus run, it outlives a visit to the single replay):
 * reads the corpus again for the sessions that carry the chosen judgement, calibrates the run's target against them
 * off the page's thread, and turns the result into the replay tester's draft.
 */
import type { CalibrationProgress, CalibrationReport, QcRule, QcScheme } from '@qcdesk/engine';
import { create } from 'zustand';
import { type ApiClient, errorText } from '../../api/client';
import type { ReplayQuery } from '../replay-query';
import type { CalibratedDraft } from '../target/draft-store';
import type { ReplayTarget } from '../target/replay-target';
import {
  type CalibrationJob,
  type CalibrationOutcome,
  type CalibrationSettings,
  runCalibrationJob,
} from './calibration-job';
import { type JudgementKind, judgementValue } from './corpus-session';
import type { CorpusSource } from './corpus-source';
import type { SampleSession } from './corpus-tally';
import { manualAssessmentLabels } from './manual-labels';
import { PageTurns } from './page-turns';

/** Runs a job somewhere; aborting `signal` stops it (the promise rejects with the signal's reason). */
export interface CalibrationEngine {
  run(
    job: CalibrationJob,
    onProgress: (progress: CalibrationProgress) => void,
    signal: AbortSignal,
  ): Promise<CalibrationOutcome>;
}

/** In a Web Worker of its own, ended when the job ends or is cancelled. */
export const workerCalibrationEngine: CalibrationEngine = {
  run(job, onProgress, signal) {
    return new Promise((resolve, reject) => {
      signal.throwIfAborted();
      const worker = new Worker(new URL('./calibration-worker.ts', import.meta.url), { type: 'module' });
      const end = () => {
        worker.terminate();
        signal.removeEventListener('abort', abort);
      };
      const abort = () => {
        end();
        reject(signal.reason);
      };
      signal.addEventListener('abort', abort);
      worker.onmessage = (event: MessageEvent) => {
        const message = event.data as
          | { type: 'progress'; stage: CalibrationProgress['stage']; done: number; total: number }
          | { type: 'done'; outcome: CalibrationOutcome }
          | { type: 'failed'; message: string };
        if (message.type === 'progress') onProgress(message);
        else {
          end();
          if (message.type === 'done') resolve(message.outcome);
          else reject(new Error(message.message));
        }
      };
      worker.onerror = (event) => {
        end();
        reject(new Error(event.message || 'the calibration worker failed'));
      };
      worker.postMessage(job);
    });
  },
};

/**
 * On the page's thread, where there are no workers (jsdom): the job is one synchronous call, so the page waits for
 * it; the browser always takes the worker.
 */
export const inThreadCalibrationEngine: CalibrationEngine = {
  async run(job, onProgress, signal) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    signal.throwIfAborted();
    return runCalibrationJob(job, onProgress);
  },
};

export function defaultCalibrationEngine(): CalibrationEngine {
  return typeof Worker === 'undefined' ? inThreadCalibrationEngine : workerCalibrationEngine;
}

/** What a calibration works on: the corpus run's source, target and address, captured when the run starts. */
export interface CalibrationBasis {
  readonly source: CorpusSource;
  readonly target: ReplayTarget;
  readonly query: ReplayQuery;
}

/**
 * Where the labels come from: a judgement the sessions carry, a label file (`sessionId, score`, read with the
 * engine's `parseLabelFile`), or the console's manual assessments (server corpora: the newest checked result of each
 * session, see manual-labels.ts); the last two matched to the corpus's sessions by id.
 */
export type LabelSource =
  | { readonly kind: 'judgement'; readonly judgement: JudgementKind }
  | { readonly kind: 'file'; readonly name: string; readonly labels: ReadonlyMap<string, number> }
  | { readonly kind: 'manual'; readonly client: ApiClient };

/** How a label file met the corpus: sessions that got a label, and labels whose id is no session of the corpus. */
export interface LabelMatch {
  readonly name: string;
  readonly matched: number;
  readonly unmatched: number;
}

export type CalibrationStage = 'read' | CalibrationProgress['stage'];

export interface CalibrationRunProgress {
  readonly stage: CalibrationStage;
  /** of the whole calibration, 0…1 */
  readonly fraction: number;
  /** sessions read with the judgement so far (stage `read`), or the engine's done / total */
  readonly done: number;
  readonly total: number;
}

export interface CalibrationResult {
  readonly report: CalibrationReport;
  readonly labels: LabelSource;
  readonly settings: CalibrationSettings;
  readonly basis: CalibrationBasis;
  readonly unreadable: number;
  /**
   * The sessions the tab lists, as the single replay opens them (uploads carry their text): the disagreeing ones, and
   * the first `SESSION_LIST_CAP` behind each evidence and suggestion count.
   */
  readonly links: ReadonlyMap<string, SampleSession>;
}

/**
 * How many sessions a count's list shows (the rest are counted, not listed): only those are kept openable, so an
 * uploaded corpus's texts are not all held after the run.
 */
export const SESSION_LIST_CAP = 100;

/** The openable sessions of a report: the disagreements (with their AI score) and the lists behind its counts. */
function sessionLinks(
  report: CalibrationReport,
  sampleOf: ReadonlyMap<string, SampleSession>,
): Map<string, SampleSession> {
  const links = new Map<string, SampleSession>();
  const add = (ids: readonly string[]) => {
    for (const id of ids.slice(0, SESSION_LIST_CAP)) {
      const sample = sampleOf.get(id);
      if (sample !== undefined && !links.has(id)) links.set(id, sample);
    }
  };
  for (const e of report.evidence) add(e.hitSessionIds);
  for (const s of report.suggestions) {
    add(s.lowSessionIds);
    add(s.highSessionIds);
  }
  for (const d of report.disagreements) {
    const sample = sampleOf.get(d.sessionId);
    if (sample !== undefined) links.set(d.sessionId, { ...sample, aiScore: d.aiScore });
  }
  return links;
}

export type CalibrationStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

export interface CalibrationState {
  basis: CalibrationBasis | null;
  status: CalibrationStatus;
  progress: CalibrationRunProgress | null;
  result: CalibrationResult | null;
  error: string | null;
  /** the label file's match against the corpus, once the corpus is read (shown even when the calibration fails) */
  match: LabelMatch | null;
  /** a new corpus run: what a calibration works on from now; the last calibration's result goes */
  setBasis(basis: CalibrationBasis | null): void;
  start(labels: LabelSource, settings: CalibrationSettings, engine?: CalibrationEngine): Promise<void>;
  cancel(): void;
}

// Share of the bar each stage fills: reading the corpus again, inspecting, then the folds and the final fit.
const STAGE_SPAN: Record<CalibrationStage, readonly [number, number]> = {
  read: [0, 0.15],
  inspect: [0.15, 0.45],
  phrases: [0.45, 0.5],
  fold: [0.5, 0.9],
  final: [0.9, 1],
};

function fractionOf(stage: CalibrationStage, done: number, total: number): number {
  const [from, to] = STAGE_SPAN[stage];
  return from + (to - from) * (total > 0 ? Math.min(1, done / total) : 0);
}

let controller: AbortController | null = null;

export const useCalibration = create<CalibrationState>((set, get) => ({
  basis: null,
  status: 'idle',
  progress: null,
  result: null,
  error: null,
  match: null,
  setBasis(basis) {
    controller?.abort();
    controller = null;
    set({ basis, status: 'idle', progress: null, result: null, error: null, match: null });
  },
  async start(labels, settings, engine = defaultCalibrationEngine()) {
    const basis = get().basis;
    if (basis === null) return;
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    const live = () => controller === mine;
    set({
      status: 'running',
      progress: { stage: 'read', fraction: 0, done: 0, total: 0 },
      result: null,
      error: null,
      match: null,
    });
    try {
      const sessions: { payload: string | object; label: number }[] = [];
      const sampleOf = new Map<string, SampleSession>();
      const turns = new PageTurns();
      // labels by session id: the file's, or the manual assessments' (read before the corpus)
      const byId: ReadonlyMap<string, number> | null =
        labels.kind === 'file'
          ? labels.labels
          : labels.kind === 'manual'
            ? await manualAssessmentLabels(labels.client, { signal: mine.signal })
            : null;
      // the file's ids seen in the corpus (a session id met twice still uses one label)
      const labelled = new Set<string>();
      let lastUpdate = performance.now();
      for await (const outcome of basis.source.read()) {
        mine.signal.throwIfAborted();
        if (!outcome.ok) continue;
        const { session } = outcome;
        const label =
          labels.kind === 'judgement'
            ? judgementValue(session.judgement, labels.judgement)
            : (byId?.get(session.sessionId) ?? null);
        if (byId !== null && label !== null) labelled.add(session.sessionId);
        if (label !== null) {
          sessions.push({ payload: session.payload, label });
          sampleOf.set(session.sessionId, {
            index: session.index,
            sessionId: session.sessionId,
            lineNumber: session.lineNumber,
            payload: basis.source.kind === 'file' ? session.payload : null,
            aiScore: null,
            nearness: 1,
          });
        }
        if (performance.now() - lastUpdate >= 250 && live()) {
          lastUpdate = performance.now();
          const fraction = fractionOf('read', session.progressAt, 1);
          set({ progress: { stage: 'read', fraction, done: sessions.length, total: 0 } });
        }
        await turns.maybeYield();
      }
      if (labels.kind === 'file' && live()) {
        set({ match: { name: labels.name, matched: sessions.length, unmatched: labels.labels.size - labelled.size } });
      }
      const job: CalibrationJob = {
        rules: basis.target.rules,
        scheme: withoutEchoedScores(basis.target.rules, basis.target.scheme),
        sessions,
        settings,
      };
      const outcome = await engine.run(
        job,
        ({ stage, done, total }) =>
          live() && set({ progress: { stage, done, total, fraction: fractionOf(stage, done, total) } }),
        mine.signal,
      );
      if (!live()) return;
      const links = sessionLinks(outcome.report, sampleOf);
      set({
        status: 'done',
        progress: { stage: 'final', fraction: 1, done: 1, total: 1 },
        result: { report: outcome.report, labels, settings, basis, unreadable: outcome.unreadable, links },
      });
    } catch (error) {
      if (!live()) return;
      set({ status: mine.signal.aborted ? 'cancelled' : 'failed', error: errorText(error) });
    } finally {
      if (live()) controller = null;
    }
  },
  cancel() {
    controller?.abort(new DOMException('cancelled by the inspector', 'AbortError'));
  },
}));

/**
 * The scheme without the link scores that only repeat their rule's own score. The server's scheme detail gives every
 * link its rule's whole config, which `schemeFromRecord` reads as a per-link score: left so, the calibration would
 * write each fitted score into the scheme's link, the draft's rules would look unchanged and the tester's per-rule diff
 * would show nothing. The same score either way, so the scheme scores the same.
 */
export function withoutEchoedScores(rules: readonly QcRule[], scheme: QcScheme): QcScheme {
  const own = new Map(rules.map((r) => [String(r.id), r.conditionConfig.ruleScore]));
  const same = (a: QcRule['conditionConfig']['ruleScore'], b: QcRule['conditionConfig']['ruleScore']) =>
    a !== undefined &&
    b !== undefined &&
    a !== null &&
    b !== null &&
    a.enable === b.enable &&
    a.ruleScoreType === b.ruleScoreType &&
    a.scoreNum === b.scoreNum;
  return {
    ...scheme,
    schemeAngles: scheme.schemeAngles.map((angle) => ({
      ...angle,
      angleRules: angle.angleRules.map((link) =>
        same(link.conditionConfig?.ruleScore, own.get(String(link.ruleId))) ? { ...link, conditionConfig: null } : link,
      ),
    })),
  };
}

/**
 * The calibrated target as the tester's draft: the fitted scores, and of the suggested rules only those accepted
 * (the others leave the rules and the scheme's angles). It is diffed against the target's saved version, or, for a
 * target never saved, against the target as it was calibrated.
 */
export function calibratedDraft(result: CalibrationResult, accepted: ReadonlySet<string>): CalibratedDraft {
  const { report, basis } = result;
  const dropped = new Set(report.suggestions.map((s) => s.ruleId).filter((id) => !accepted.has(id)));
  const rules = (report.rules as QcRule[]).filter((r) => !dropped.has(String(r.id)));
  const written = report.scheme as QcScheme;
  const scheme: QcScheme = {
    ...written,
    schemeAngles: written.schemeAngles.map((angle) => ({
      ...angle,
      angleRules: angle.angleRules.filter((link) => !dropped.has(String(link.ruleId))),
    })),
  };
  const target = basis.target;
  return {
    label: target.label,
    rules,
    scheme,
    saved: target.saved ?? { rules: target.rules, scheme: target.scheme },
  };
}
