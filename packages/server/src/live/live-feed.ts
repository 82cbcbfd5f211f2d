import type { FeedAnswer, Lang } from '@qcdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect.js';
import { type AcceptOptions, type AppliedBatch, acceptEvents } from './accept-events.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the live feed of this process (issue 20) */
    liveFeed: LiveFeed;
  }
}

/** Someone following the desk as it changes: called after each batch commits, never inside it. */
export type LiveListener = (batch: AppliedBatch) => void | Promise<void>;

/**
 * The live feed of one process: `accept` runs a batch through the pipeline (accept-events.ts) and then tells every
 * listener what it changed. Later stages hang here without touching the pipeline: the monitors' server-sent events
 * and real-time QC subscribe; spreading over machines replaces how `accept` reaches the pipeline (a queue in front
 * of it) while listeners hear the applied batches from wherever they ran.
 */
export class LiveFeed {
  private readonly listeners = new Set<LiveListener>();

  constructor(
    private readonly db: Database,
    private readonly options: Omit<AcceptOptions, 'lang'>,
    /** where a failing listener is reported (it never fails the batch, which is committed by then) */
    private readonly onListenerError: (error: unknown) => void = (error) =>
      console.error(`live feed listener: ${error instanceof Error ? error.message : String(error)}`),
  ) {}

  async accept(organizationId: number, events: readonly unknown[], lang: Lang = 'zh'): Promise<FeedAnswer> {
    const { answer, applied } = await acceptEvents(this.db, organizationId, events, { ...this.options, lang });
    if (applied !== null)
      for (const listener of this.listeners) {
        try {
          await listener(applied);
        } catch (error) {
          this.onListenerError(error);
        }
      }
    return answer;
  }

  /** Follows every applied batch; answers the way to stop. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Gives the app its live feed. */
export function attachLiveFeed(app: FastifyInstance): LiveFeed {
  const feed = new LiveFeed(app.deps.db, { timeZone: app.deps.config.timeZone }, (error) =>
    app.log.error({ err: error }, 'live feed listener failed'),
  );
  app.decorate('liveFeed', feed);
  return feed;
}
