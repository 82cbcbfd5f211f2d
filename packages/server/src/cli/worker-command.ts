import type { ServerConfig } from '../config/server-config.js';
import { startEvaluationWorker } from '../queue/redis-queue.js';

/** `qcdesk worker`: evaluates chunks from the Redis queue until stopped (SIGINT/SIGTERM finish the job in hand). */
export async function workerCommand(config: ServerConfig, size: number | undefined): Promise<number> {
  if (config.redisUrl === null) {
    console.error('qcdesk worker 需要 REDIS_URL / qcdesk worker needs REDIS_URL');
    return 2;
  }
  const worker = startEvaluationWorker({
    redisUrl: config.redisUrl,
    ...(size === undefined ? {} : { poolSize: size }),
    onJob: (sessions, ms) => console.log(`${new Date().toISOString()} ${sessions} sessions in ${ms} ms`),
  });
  console.log('qcdesk worker: 等待评估任务 waiting for evaluation jobs');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await worker.close();
  return 0;
}
