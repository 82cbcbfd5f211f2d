import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../src/config/server-config.js';
import { openDatabase } from '../../src/db/connect.js';
import { chatSessions } from '../../src/db/schema/sessions.js';
import { seedStore } from '../../src/seed/seed-store.js';
import { stc3Sessions } from '../tasks/fixtures.js';

// `qcdesk import` as a user types it: the real bin, its own process, a PGlite folder (the CLI's default store).
const BIN = fileURLToPath(new URL('../../bin/qcdesk.js', import.meta.url));

let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qcdesk-import-cli-'));
  env = { ...process.env, QCDESK_DATA: join(dir, 'data'), QCDESK_DEMO: '0', QCDESK_ADMIN_PASSWORD: 'cli-admin' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // The organisation the command imports into is made by a first start; PGlite allows one process at a time, so close.
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dir, 'data') });
  await seedStore(database.db, readServerConfig(env));
  await database.close();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runImport(file: string) {
  return spawnSync(process.execPath, [BIN, 'import', file], { env, encoding: 'utf8', timeout: 120_000 });
}

async function storedSessions(): Promise<number> {
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dir, 'data') });
  try {
    const [row] = await database.db.select({ n: count() }).from(chatSessions);
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

describe('qcdesk import <file.jsonl>', () => {
  it('imports a file with a progress bar, names a bad line by number, and is idempotent on a second run', async () => {
    const sessions = stc3Sessions(12);
    const lines = sessions.map((s) => JSON.stringify(s));
    lines.splice(5, 0, '{"sessionId": "broken');
    const file = join(dir, 'sessions.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);

    const first = runImport(file);
    expect(first.status, first.stderr).toBe(1);
    expect(first.stdout).toContain('13 条 records: 新建 created 12, 更新 updated 0, 未变 unchanged 0, 失败 failed 1');
    expect(first.stderr).toContain('导入 import |');
    expect(first.stderr).toContain('100%');
    expect(first.stderr).toMatch(/第 6 行 line 6/);
    expect(await storedSessions()).toBe(12);

    writeFileSync(file, `${sessions.map((s) => JSON.stringify(s)).join('\n')}\n`);
    const second = runImport(file);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain('12 条 records: 新建 created 0, 更新 updated 0, 未变 unchanged 12, 失败 failed 0');
    expect(await storedSessions()).toBe(12);
  }, 240_000);

  it('refuses a missing file argument with the usage and exit code 2', () => {
    const res = spawnSync(process.execPath, [BIN, 'import'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('import 需要一个文件 / import needs one file');
    expect(res.stdout).toContain('qcdesk import <file.jsonl>');
  });
});
