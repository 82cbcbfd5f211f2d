import type { CensorJobProgress } from '@qcdesk/contracts';
import { useEffect, useState } from 'react';
import { call } from '../../api/calls';
import type { ApiClient } from '../../api/client';
import { errorText } from '../../api/client';

/** How often a running job is asked how far it is (ms). */
export const JOB_POLL_MS = 500;

type ProgressPath = '/v3/system/censor-log/rescan/progress' | '/v3/system/censor-log/export/progress';

/**
 * Where a background job of the log (rescan, export) is: asked at once and then every JOB_POLL_MS while it is
 * RUNNING, until it is DONE or FAILED (the server reports a job whose process stopped as FAILED). A failed call is
 * the `error`; polling stops there (the dialog offers to start again).
 */
export function useJobProgress(
  client: ApiClient,
  path: ProgressPath,
  jobId: string | null,
): { progress: CensorJobProgress | null; error: string | null } {
  const [progress, setProgress] = useState<CensorJobProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setProgress(null);
    setError(null);
    if (jobId === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await call(client, path, { query: { jobId } });
        if (!live) return;
        setProgress(answer);
        if (answer.state === 'RUNNING') timer = setTimeout(() => void poll(), JOB_POLL_MS);
      } catch (e) {
        if (live) setError(errorText(e));
      }
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, path, jobId]);
  return { progress, error };
}
