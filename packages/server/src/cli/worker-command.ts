import type { ServerConfig } from '../config/server-config.js';
import { queuesLiveFeed } from '../live/live-feed.js';
import { type LiveWorker, startLiveWorker } from '../live/redis-feed/live-worker.js';
import { startEvaluationWorker } from '../queue/redis-queue.js';

/**
 * `qcdesk worker`: evaluates chunks from the Redis queue until stopped (SIGINT/SIGTERM finish the job in hand); with
 * DATABASE_URL as well, it also applies the live feed's batches and runs real-time QC on them.
 */
export async function workerCommand(config: ServerConfig, size: number | undefined): Promise<number> {
  if (config.redisUrl === null) {
    console.error('qcdesk worker 需要 REDIS_URL / qcdesk worker needs REDIS_URL');
    return 2;
  }
  const worker = startEvaluationWorker({
    redisUrl: config.redisUrl,
    ...(size === undefined ? {} : { poolSize: size }),
    onStart: (sessions) => console.log(`${new Date().toISOString()} evaluating ${sessions} sessions`),
    onJob: (sessions, ms) => console.log(`${new Date().toISOString()} ${sessions} sessions in ${ms} ms`),
  });
  const live: LiveWorker | null = queuesLiveFeed(config)
    ? await startLiveWorker(config, (line) => console.error(`${new Date().toISOString()} ${line}`))
    : null;
  console.log(
    live === null
      ? 'qcdesk worker: 等待评估任务 waiting for evaluation jobs'
      : 'qcdesk worker: 等待评估任务和实时接入批次 waiting for evaluation jobs and live feed batches',
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await live?.close();
  await worker.close();
  if (live !== null) console.log(`qcdesk worker: ${live.answered()} live batches applied`);
  return 0;
}
