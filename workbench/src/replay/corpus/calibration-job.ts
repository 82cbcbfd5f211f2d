/**
 * One calibration as data in and data out, so that it runs the same in a Web Worker (calibration-worker.ts) and, where
 * there are no workers (tests), on the page's thread: the labelled sessions' payloads are read with the engine's
 * `readSession` and handed to the engine's `calibrate`, the same function `qc-engine calibrate` calls.
 */
import {
  type CalibrationProgress,
  type CalibrationReport,
  calibrate,
  type LabelledSession,
  readSession,
} from '@qcdesk/engine';

export type CalibrationRole = 'AGENT' | 'CUSTOMER';

export interface CalibrationSettings {
  /** cross-validation folds */
  readonly folds: number;
  /** suggested phrase rules to add and fit (0: none) */
  readonly suggest: number;
  /** the roles whose phrases may be suggested */
  readonly roles: readonly CalibrationRole[];
  /** seeds the folds and the bootstrap intervals */
  readonly seed: number;
}

export const DEFAULT_CALIBRATION_SETTINGS: CalibrationSettings = {
  folds: 5,
  suggest: 20,
  roles: ['AGENT', 'CUSTOMER'],
  seed: 1,
};

export interface CalibrationJob {
  readonly rules: readonly unknown[];
  readonly scheme: unknown;
  /** a session's payload as the corpus source gives it (a JSON line's text, or the session object) and its label */
  readonly sessions: readonly { readonly payload: string | object; readonly label: number }[];
  readonly settings: CalibrationSettings;
}

export interface CalibrationOutcome {
  readonly report: CalibrationReport;
  /** payloads the engine could not read as a session (left out) */
  readonly unreadable: number;
}

/** Runs the calibration; throws what `calibrate` throws (e.g. too few sessions, a rule that does not compile). */
export function runCalibrationJob(
  job: CalibrationJob,
  onProgress?: (progress: CalibrationProgress) => void,
): CalibrationOutcome {
  const labelled: LabelledSession[] = [];
  let unreadable = 0;
  for (const { payload, label } of job.sessions) {
    try {
      const record = typeof payload === 'string' ? (JSON.parse(payload) as unknown) : payload;
      labelled.push({ transcript: readSession(record), label });
    } catch {
      unreadable++;
    }
  }
  const { folds, suggest, roles, seed } = job.settings;
  const report = calibrate(job.rules, job.scheme, labelled, {
    folds,
    suggest,
    seed,
    suggestOptions: { roles },
    onProgress,
  });
  return { report, unreadable };
}
