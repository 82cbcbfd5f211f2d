/**
 * The calibration's own Web Worker: a fit over thousands of sessions takes seconds of CPU, which must not be the
 * page's. One job per message; progress and the outcome go back as messages (the report is plain data).
 */
import { type CalibrationJob, runCalibrationJob } from './calibration-job';

export type CalibrationWorkerMessage =
  | { readonly type: 'progress'; readonly stage: string; readonly done: number; readonly total: number }
  | { readonly type: 'done'; readonly outcome: ReturnType<typeof runCalibrationJob> }
  | { readonly type: 'failed'; readonly message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CalibrationJob>) => void) | null;
  postMessage(message: CalibrationWorkerMessage): void;
};

scope.onmessage = (event) => {
  try {
    const outcome = runCalibrationJob(event.data, ({ stage, done, total }) =>
      scope.postMessage({ type: 'progress', stage, done, total }),
    );
    scope.postMessage({ type: 'done', outcome });
  } catch (error) {
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
