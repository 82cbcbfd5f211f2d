/**
 * The server's dependencies must leave `String.prototype` with fast properties. ioredis 6 declares
 * `class VerbatimString extends String`; loading it turned `String.prototype` into a dictionary, after which every
 * `charCodeAt` in the process (the engine's automaton, the censor scan, the rules) ran about 4× slower in the server
 * and in `qcdesk worker` processes: ioredis is held at 5.x for that. A child process is asked, with V8's natives
 * syntax, after loading the app, the queue, the Redis feed and ioredis itself.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

describe('String.prototype stays fast', () => {
  it('after the app, the Redis queue, the Redis feed, bullmq and ioredis are loaded', () => {
    const script = `
      const fast = () => %HasFastProperties(String.prototype);
      const before = fast();
      await import(${JSON.stringify(src('http/build-app.ts'))});
      await import(${JSON.stringify(src('queue/redis-queue.ts'))});
      await import(${JSON.stringify(src('live/redis-feed/feed-consumer.ts'))});
      await import('bullmq');
      await import('ioredis');
      console.log(JSON.stringify({ before, after: fast() }));
    `;
    const run = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout.trim().split('\n').pop()!)).toEqual({ before: true, after: true });
  }, 90_000);
});
