import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../../src/config/server-config.js';
import { type Database, openDatabase } from '../../src/db/connect.js';
import { chatSessions } from '../../src/db/schema/sessions.js';
import { seedStore } from '../../src/seed/seed-store.js';
import { refuseSessionsAsShutDown, SHUTDOWN_MESSAGE } from '../helpers/database-shutdown.js';
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

function runImport(file: string, timeout = 120_000) {
  return spawnSync(process.execPath, [BIN, 'import', file], { env, encoding: 'utf8', timeout });
}

/** Works in the command's PGlite folder (one process at a time: opened and closed around each use). */
async function inDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dir, 'data') });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function storedSessions(): Promise<number> {
  return inDatabase(async (db) => {
    const [row] = await db.select({ n: count() }).from(chatSessions);
    return row?.n ?? 0;
  });
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

  it('reports records the database cannot store by line, keeps the others, never prints SQL, and exits 1', async () => {
    const before = await storedSessions();
    const sessions = stc3Sessions(12).map((s, i) => ({
      ...s,
      sessionId: `cli-bad-${i + 1}`,
      chatId: `cli-bad-${i + 1}`,
    }));
    const lines = sessions.map((s) => JSON.stringify(s));
    lines[3] = JSON.stringify({ ...sessions[3], closeReason: 'NUL \u0000 here' });
    lines[7] = JSON.stringify({ ...sessions[7], agentName: 'lone \ud800 surrogate' });
    // more than the database's integer column holds: the contract refuses it by field (its batch is kept)
    lines[5] = JSON.stringify({ ...sessions[5], scoreProgress: 3_000_000_000 });
    lines[9] = JSON.stringify({ ...sessions[9], summaryDetail: 'HERE' }).replace(
      '"HERE"',
      `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    );
    const file = join(dir, 'bad-text.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);

    // a hang (a progress timer left running) ends in the timeout: status null
    const res = runImport(file, 90_000);
    expect(res.status, res.stderr.slice(-2000)).toBe(1);
    expect(res.stdout).toContain('12 条 records: 新建 created 8, 更新 updated 0, 未变 unchanged 0, 失败 failed 4');
    expect(res.stderr).toMatch(/第 4 行 line 4 closeReason: 含有无法保存的字符（U\+0000）/);
    expect(res.stderr).toMatch(/第 6 行 line 6 scoreProgress: /);
    expect(res.stderr).toMatch(/第 8 行 line 8 agentName: 含有无法保存的字符（U\+D800）/);
    expect(res.stderr).toMatch(/第 10 行 line 10 summaryDetail(\.a)+: 嵌套不能超过 32 层/);
    expect(`${res.stdout}${res.stderr}`.toLowerCase()).not.toMatch(/insert into|values \(|\$1/);
    expect(await storedSessions()).toBe(before + 8);
  }, 240_000);

  it('stops with one clear line, no SQL, and exits 1 when the database fails mid-import', async () => {
    // the database going away mid-import
    const undo = await inDatabase(refuseSessionsAsShutDown);
    try {
      const sessions = stc3Sessions(5).map((s, i) => ({ ...s, sessionId: `cli-down-${i + 1}` }));
      const file = join(dir, 'down.jsonl');
      writeFileSync(file, `${sessions.map((s) => JSON.stringify(s)).join('\n')}\n`);
      // a hang (the progress timer left running after the error) ends in the timeout: status null
      const res = runImport(file, 90_000);
      expect(res.status, res.stderr.slice(-2000)).toBe(1);
      expect(res.stderr).toContain('导入中止，数据库不可用（已读 5 条，已保存 0 条）');
      expect(res.stderr).toContain(SHUTDOWN_MESSAGE);
      expect(`${res.stdout}${res.stderr}`.toLowerCase()).not.toMatch(/insert into|failed query/);
    } finally {
      await inDatabase(undo);
    }
  }, 240_000);

  it('refuses a missing file argument with the usage and exit code 2', () => {
    const res = spawnSync(process.execPath, [BIN, 'import'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('import 需要一个文件 / import needs one file');
    expect(res.stdout).toContain('qcdesk import <file.jsonl>');
  });
});
