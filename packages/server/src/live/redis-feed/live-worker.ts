import type { ServerConfig } from '../../config/server-config.js';
import { openDatabase } from '../../db/connect.js';
import { createPoolEvaluator } from '../../queue/pool-evaluator.js';
import { queuePrefix } from '../../queue/queue-prefix.js';
import { RealtimeQc } from '../../tasks/realtime-qc.js';
import { consumeLiveQueue, LiveFeed } from '../live-feed.js';
import { changesOfBatch } from '../live-updates.js';
import { FeedFront } from './feed-front.js';

export interface LiveWorker {
  /** batches this worker applied */
  readonly answered: () => number;
  close(): Promise<void>;
}

/**
 * The live half of `qcdesk worker` (with REDIS_URL and DATABASE_URL): applies batches from the Redis feed queue to
 * the shared database, runs real-time QC on the sessions they touched (final results evaluated on a pool of its
 * own), and announces the changes and alarms on Redis for every server's monitors.
 */
export async function startLiveWorker(
  config: Pick<ServerConfig, 'redisUrl' | 'databaseUrl' | 'timeZone'>,
  log: (line: string) => void,
): Promise<LiveWorker> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
  const onError = (error: unknown) => log(`live feed: ${error instanceof Error ? error.message : String(error)}`);
  const feed = new LiveFeed(database.db, { timeZone: config.timeZone }, onError);
  const announcer = new FeedFront({ redisUrl: config.redisUrl!, prefix: queuePrefix() });
  const evaluator = createPoolEvaluator({ size: 1 });
  const qc = new RealtimeQc(database.db, evaluator, {
    publish: (org, changes) => announcer.publishChanges(org, changes),
    onError,
  });
  feed.subscribe((batch) => announcer.publishChanges(batch.organizationId, changesOfBatch(batch)));
  feed.subscribe((batch) => qc.take(batch));
  const consumer = consumeLiveQueue(database.db, feed, config.redisUrl!, onError);
  return {
    answered: consumer.answered,
    async close() {
      await consumer.close();
      await qc.whenIdle();
      await evaluator.close();
      await announcer.close();
      await database.close();
    },
  };
}
