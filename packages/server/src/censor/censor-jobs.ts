import type { CensorJobKind, CensorJobProgress } from '@qcdesk/contracts';
import { formatMessage } from '@qcdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { censorJobs } from '../db/schema/censor-log.js';
import { formatTime } from '../http/time-zone.js';
import { databaseReason } from '../ingest/database-refusal.js';

export type CensorJobRow = typeof censorJobs.$inferSelect;

/** A job that has not moved for this long is taken as stopped (its process ended): each batch moves it. */
export const STALE_JOB_MS = 2 * 60 * 1000;

/** What a job's work sees: its id, a way to say how far it got, and whether the server is stopping. */
export interface JobHandle {
  readonly id: number;
  /** sets `done` and the heartbeat; call after each batch */
  advance(done: number): Promise<void>;
  /** the server is closing: stop after the batch in hand (the job then ends FAILED, its batches kept) */
  readonly stopping: boolean;
}

/** What a finished job leaves besides its counts (an export's file). */
export interface JobOutcome {
  readonly filePath?: string;
  readonly fileName?: string;
}

/** The server is closing: the job stops between two batches. */
export class JobStopped extends Error {
  constructor() {
    super('the server is stopping');
    this.name = 'JobStopped';
  }
}

/**
 * Runs the log's background jobs (rescan, export) in this process, recording their progress in `censor_jobs` so the
 * progress call can answer from any process. Closing waits for the jobs under way, which stop after their batch.
 */
export class CensorJobRunner {
  private readonly running = new Set<Promise<void>>();
  private closing = false;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown, jobId: number) => void = () => {},
  ) {}

  /** Records a RUNNING job and starts `work` in the background; answers the job's id at once. */
  async start(
    job: { organizationId: number; creatorId: number; kind: CensorJobKind; total: number; params: object },
    work: (handle: JobHandle) => Promise<JobOutcome | undefined>,
  ): Promise<number> {
    const [row] = await this.db
      .insert(censorJobs)
      .values({ ...job, params: job.params as Record<string, unknown> })
      .returning({ id: censorJobs.id });
    const id = row!.id;
    const runner = this;
    const handle: JobHandle = {
      id,
      advance: async (done) => {
        await this.db.update(censorJobs).set({ done, heartbeatTime: sql`now()` }).where(eq(censorJobs.id, id));
      },
      get stopping() {
        return runner.closing;
      },
    };
    const run = this.run(handle, work).finally(() => this.running.delete(run));
    this.running.add(run);
    return id;
  }

  private async run(handle: JobHandle, work: (handle: JobHandle) => Promise<JobOutcome | undefined>): Promise<void> {
    try {
      const outcome = await work(handle);
      await this.db
        .update(censorJobs)
        .set({
          state: 'DONE',
          // done reaches total: 100 % once finished, even if rows changed under the count
          done: sql`greatest(${censorJobs.done}, ${censorJobs.total})`,
          filePath: outcome?.filePath ?? null,
          fileName: outcome?.fileName ?? null,
          endTime: sql`now()`,
          heartbeatTime: sql`now()`,
        })
        .where(eq(censorJobs.id, handle.id));
    } catch (error) {
      if (!(error instanceof JobStopped)) this.onError(error, handle.id);
      const reason = error instanceof JobStopped ? stoppedText() : databaseReason(error);
      await this.db
        .update(censorJobs)
        .set({ state: 'FAILED', error: reason, endTime: sql`now()`, heartbeatTime: sql`now()` })
        .where(eq(censorJobs.id, handle.id))
        .catch((e: unknown) => this.onError(e, handle.id));
    }
  }

  /** Resolves once no job of this process is running (tests, and closing). */
  async whenIdle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Stops taking the next batch and waits for the jobs under way. */
  async close(): Promise<void> {
    this.closing = true;
    await this.whenIdle();
  }
}

/** A job of the organisation of the given kind (an export: only its creator's), or undefined. */
export async function findJob(
  db: Pick<Database, 'select'>,
  who: { organizationId: number; userId: number },
  kind: CensorJobKind,
  jobId: number,
): Promise<CensorJobRow | undefined> {
  const [row] = await db
    .select()
    .from(censorJobs)
    .where(
      and(
        eq(censorJobs.id, jobId),
        eq(censorJobs.organizationId, who.organizationId),
        eq(censorJobs.kind, kind),
        kind === 'EXPORT' ? eq(censorJobs.creatorId, who.userId) : undefined,
      ),
    );
  return row;
}

/** The progress answer; a RUNNING job whose heartbeat stopped is reported FAILED (its process is gone). */
export function jobProgress(row: CensorJobRow, timeZone: string, now = Date.now()): CensorJobProgress {
  const stale = row.state === 'RUNNING' && now - row.heartbeatTime.getTime() > STALE_JOB_MS;
  const state = stale ? 'FAILED' : row.state;
  const percent = state === 'DONE' ? 100 : row.total === 0 ? 0 : Math.min(99, Math.floor((row.done * 100) / row.total));
  return {
    jobId: String(row.id),
    kind: row.kind,
    state,
    total: row.total,
    done: row.done,
    percent,
    error: stale ? stoppedText() : row.error,
    fileName: state === 'DONE' ? row.fileName : null,
    startTime: formatTime(row.startTime, timeZone)!,
    endTime: formatTime(row.endTime, timeZone),
  };
}

/** Both languages, as import errors are kept: the job's row does not know who will read it. */
function stoppedText(): string {
  return `${formatMessage('censor.jobStopped', 'zh')} / ${formatMessage('censor.jobStopped', 'en')}`;
}
