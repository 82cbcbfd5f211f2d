import { hostname } from 'node:os';
import type { FeedAnswer, Lang } from '@qcdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/server-config.js';
import type { Database } from '../db/connect.js';
import { queuePrefix } from '../queue/queue-prefix.js';
import { type AcceptOptions, type AppliedBatch, acceptEvents } from './accept-events.js';
import { type FeedConsumer, startFeedConsumer } from './redis-feed/feed-consumer.js';
import { FeedFront } from './redis-feed/feed-front.js';
import { forgetOldBatches } from './redis-feed/old-batches.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the live feed of this process (issue 20) */
    liveFeed: LiveFeed;
  }
}

/** Someone following the desk as it changes: called after each batch commits, never inside it. */
export type LiveListener = (batch: AppliedBatch) => void | Promise<void>;

/**
 * The live feed of one process. `accept` is how a batch enters: straight into the pipeline here (accept-events.ts),
 * or, with a front (the Redis feed queue), onto the queue for whichever consumer takes it. `apply` runs the pipeline
 * in this process and then tells every listener what it changed: the monitors' change notices and real-time QC
 * follow the batches applied where they run.
 */
export class LiveFeed {
  private readonly listeners = new Set<LiveListener>();
  private queue: FeedFront | null = null;

  constructor(
    private readonly db: Database,
    private readonly options: Omit<AcceptOptions, 'lang' | 'batchId'>,
    /** where a failing listener is reported (it never fails the batch, which is committed by then) */
    private readonly onListenerError: (error: unknown) => void = (error) =>
      console.error(`live feed listener: ${error instanceof Error ? error.message : String(error)}`),
  ) {}

  /** The Redis feed queue batches go through, or null when they run in this process. */
  get front(): FeedFront | null {
    return this.queue;
  }

  /** From now on, batches go through the queue. */
  sendThrough(front: FeedFront): void {
    this.queue = front;
  }

  accept(organizationId: number, events: readonly unknown[], lang: Lang = 'zh'): Promise<FeedAnswer> {
    return this.queue === null
      ? this.apply(organizationId, events, lang)
      : this.queue.accept(organizationId, events, lang);
  }

  /** Runs a batch through the pipeline here (`batchId`: its id on the queue), then tells the listeners. */
  async apply(organizationId: number, events: readonly unknown[], lang: Lang, batchId?: string): Promise<FeedAnswer> {
    const { answer, applied } = await acceptEvents(this.db, organizationId, events, {
      ...this.options,
      lang,
      ...(batchId === undefined ? {} : { batchId }),
    });
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

  /** Follows every batch applied in this process; answers the way to stop. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * Whether the feed goes through Redis: only with REDIS_URL and a shared PostgreSQL (DATABASE_URL), since the
 * consumers apply batches to the database from their own processes; PGlite belongs to one process.
 */
export function queuesLiveFeed(config: Pick<ServerConfig, 'redisUrl' | 'databaseUrl'>): boolean {
  return config.redisUrl !== null && config.databaseUrl !== null;
}

/**
 * Takes batches off the Redis feed queue into `feed` (whose listeners hear them) until closed, and forgets the
 * answers of batches older than a day now and then.
 */
export function consumeLiveQueue(
  db: Database,
  feed: LiveFeed,
  redisUrl: string,
  onError: (error: unknown) => void,
): FeedConsumer {
  const consumer = startFeedConsumer({
    redisUrl,
    prefix: queuePrefix(),
    name: `${hostname()}:${process.pid}`,
    apply: (batch, batchId) => feed.apply(batch.organizationId, batch.events, batch.lang, batchId),
    onError,
  });
  const sweep = setInterval(() => void forgetOldBatches(db).catch(onError), 10 * 60_000);
  sweep.unref();
  return {
    answered: consumer.answered,
    async close() {
      clearInterval(sweep);
      await consumer.close();
    },
  };
}

/**
 * Gives the app its live feed. With the feed queue (queuesLiveFeed), batches go through Redis and the app also
 * consumes the queue itself unless QCDESK_LIVE_CONSUMER=0 (then only `qcdesk worker` processes apply them).
 */
export function attachLiveFeed(app: FastifyInstance): LiveFeed {
  const { config, db } = app.deps;
  const onError = (error: unknown) => app.log.error({ err: error }, 'live feed listener failed');
  const feed = new LiveFeed(db, { timeZone: config.timeZone }, onError);
  app.decorate('liveFeed', feed);
  if (queuesLiveFeed(config)) {
    const front = new FeedFront({ redisUrl: config.redisUrl!, prefix: queuePrefix() });
    feed.sendThrough(front);
    const consumer = config.liveConsumer
      ? consumeLiveQueue(db, feed, config.redisUrl!, (error) => app.log.error({ err: error }, 'live feed queue'))
      : null;
    // listeners (real-time QC) finish their batches in their own preClose hooks, after this one stops new ones
    app.addHook('preClose', async () => {
      await consumer?.close();
    });
    app.addHook('onClose', async () => {
      await front.close();
    });
  }
  return feed;
}
