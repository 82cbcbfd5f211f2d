import { SingleBar } from 'cli-progress';
import type { ServerConfig } from '../config/server-config.js';
import { openDatabase } from '../db/connect.js';
import { createEvaluator } from '../queue/create-evaluator.js';
import { taskCount } from '../tasks/task-progress.js';
import { TaskScheduler } from '../tasks/task-scheduler.js';

/**
 * `qcdesk run [--task <id>]`: runs the active tasks (or one) to the end in this process, with a progress bar, and
 * prints how each ended. Killed at any point, running it again continues where it stopped.
 */
export async function runCommand(config: ServerConfig, taskId: number | null): Promise<number> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const scheduler = new TaskScheduler(database.db, createEvaluator(config));
  const stop = () => void scheduler.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    let ids: number[];
    if (taskId === null) ids = await scheduler.kickActive();
    else {
      scheduler.kick(taskId);
      ids = [taskId];
    }
    if (ids.length === 0) {
      console.log('没有启用的质检任务 / no active QC task');
      return 0;
    }
    const bar = new SingleBar({
      format: '质检 inspect |{bar}| {value}/{total} · {failed} 失败 failed · {eta_formatted}',
      stream: process.stderr,
      hideCursor: true,
    });
    const started = Date.now();
    const counts = async () => {
      let total = 0;
      let done = 0;
      let failed = 0;
      for (const id of ids) {
        const c = await taskCount(database.db, id);
        total += c.total;
        done += c.done + c.failed;
        failed += c.failed;
      }
      return { total, done, failed };
    };
    // a terminal gets the bar; a log (or a parent process) gets a line per half second
    const tty = process.stderr.isTTY === true;
    if (tty) bar.start(1, 0, { failed: 0 });
    const timer = setInterval(() => {
      void counts().then((c) => {
        if (!tty) {
          process.stderr.write(`progress ${c.done}/${c.total} failed ${c.failed}\n`);
          return;
        }
        bar.setTotal(Math.max(1, c.total));
        bar.update(c.done, { failed: c.failed });
      });
    }, 500);
    await scheduler.whenIdle();
    clearInterval(timer);
    if (tty) {
      const c = await counts();
      bar.setTotal(Math.max(1, c.total));
      bar.update(c.done, { failed: c.failed });
      bar.stop();
    }
    let code = 0;
    for (const id of ids) {
      const outcome = scheduler.outcomes.get(id) ?? 'SKIPPED';
      const n = await taskCount(database.db, id);
      console.log(`任务 task ${id}: ${outcome} · ${n.done}/${n.total} done, ${n.failed} failed, ${n.pending} pending`);
      if (outcome === 'FAILED') code = 1;
    }
    console.log(`${((Date.now() - started) / 1000).toFixed(1)} s (${scheduler.evaluator.kind})`);
    return code;
  } finally {
    await scheduler.close();
    await database.close();
  }
}
