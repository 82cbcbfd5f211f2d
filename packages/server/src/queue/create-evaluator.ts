import type { Evaluator } from './evaluation.js';
import { createPoolEvaluator } from './pool-evaluator.js';
import { createRedisEvaluator } from './redis-queue.js';

/** With REDIS_URL the evaluation jobs go to BullMQ workers; without it they run on the in-process pool. */
export function createEvaluator(config: { readonly redisUrl: string | null }): Evaluator {
  return config.redisUrl === null ? createPoolEvaluator() : createRedisEvaluator({ redisUrl: config.redisUrl });
}
