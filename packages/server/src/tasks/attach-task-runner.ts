import type { FastifyInstance } from 'fastify';
import { createEvaluator } from '../queue/create-evaluator.js';
import type { Evaluator } from '../queue/evaluation.js';
import { TaskScheduler } from './task-scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the QC task runner of this process */
    tasks: TaskScheduler;
  }
}

/**
 * Gives the app its task runner: evaluation on the in-process pool, or on BullMQ workers when REDIS_URL is set.
 * When the app is ready every active task resumes from its checkpoint; closing the app stops the runs.
 */
export function attachTaskRunner(
  app: FastifyInstance,
  evaluator: Evaluator = createEvaluator(app.deps.config),
): TaskScheduler {
  const scheduler = new TaskScheduler(app.deps.db, evaluator);
  app.decorate('tasks', scheduler);
  app.addHook('onReady', async () => {
    await scheduler.kickActive();
  });
  app.addHook('onClose', async () => {
    await scheduler.close();
  });
  return scheduler;
}
