import { count, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect.js';
import { chatSessions } from '../../src/db/schema/sessions.js';
import { importSessions } from '../../src/ingest/import-sessions.js';
import { recordsOfArray } from '../../src/ingest/read-records.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { refuseSessionsAsShutDown, SHUTDOWN_MESSAGE } from '../helpers/database-shutdown.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { importJsonLines, type StcSession, stc3Sessions } from '../tasks/fixtures.js';

// Records the database cannot store (NUL, a lone surrogate, nesting 5,000 deep, or anything else it refuses) are
// reported one by one; they never cost the other records of their batch, nor those after it.

let t: TestApp;
let importer: Caller;
let organizationId: number;

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  ({ importer, organizationId } = await organisationWith(t, 'bad-records', { importer: ['chat-session.import'] }));
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** 450 real STC-3 sessions under ids of their own (`<prefix>-1` …): line 300 has a NUL, line 420 a lone surrogate. */
function sessionsWithBadText(prefix: string): StcSession[] {
  const sessions: StcSession[] = stc3Sessions(450).map((s, i) => ({
    ...s,
    sessionId: `${prefix}-${i + 1}`,
    chatId: `${prefix}-${i + 1}`,
  }));
  const nul = sessions[299]!;
  nul.messages = nul.messages.map((m, k) => (k === 1 ? { ...m, content: `${m.content}\u0000` } : m));
  sessions[419] = { ...sessions[419]!, agentName: 'broken \ud800 name' };
  return sessions;
}

async function stored(prefix: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(chatSessions)
    .where(like(chatSessions.sessionId, `${prefix}-%`));
  return row?.n ?? 0;
}

const UNSTORABLE = '含有无法保存的字符';

function expectBadTextReported(summary: { errors: { line: number; field: string; message: string }[] }) {
  expect(summary).toMatchObject({ total: 450, created: 448, updated: 0, unchanged: 0, failed: 2 });
  expect(summary.errors.map((e) => [e.line, e.field])).toEqual([
    [300, 'messages[1].content'],
    [420, 'agentName'],
  ]);
  expect(summary.errors[0]!.message).toContain(`${UNSTORABLE}（U+0000）`);
  expect(summary.errors[1]!.message).toContain(`${UNSTORABLE}（U+D800）`);
}

describe('records the database cannot store', () => {
  it('reports a NUL and a lone surrogate by line and field in JSON Lines, and keeps the other 448', async () => {
    const text = sessionsWithBadText('jl')
      .map((s) => JSON.stringify(s))
      .join('\n');
    // the JSON text carries the escapes, as a desk would send them
    expect(text).toContain('\\u0000');
    expect(text).toContain('\\ud800');
    const res = await importJsonLines(t, importer, text);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expectBadTextReported(summary);
    expect(summary.errors[0].sessionId).toBe('jl-300');
    expect(await stored('jl')).toBe(448);
  });

  it('does the same for a JSON array body', async () => {
    const res = await importer.post('/v3/chats/session/import', sessionsWithBadText('arr'));
    expect(res.statusCode, res.body).toBe(200);
    expectBadTextReported(res.json());
    expect(await stored('arr')).toBe(448);
  });

  it('reports a summaryDetail nested 5,000 deep as too deep, and keeps the records around it', async () => {
    const [a, b, c] = stc3Sessions(3).map((s, i) => ({ ...s, sessionId: `deep-${i + 1}`, chatId: `deep-${i + 1}` }));
    // as JSON text: JSON.stringify itself gives up long before 5,000 levels
    const nested = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const deep = JSON.stringify({ ...b, summary: true, summaryDetail: 'HERE' }).replace('"HERE"', nested);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/chats/session/import',
      payload: `[${JSON.stringify(a)},${deep},${JSON.stringify(c)}]`,
      headers: { cookie: importer.cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary).toMatchObject({ total: 3, created: 2, failed: 1 });
    expect(summary.errors).toHaveLength(1);
    expect(summary.errors[0]).toMatchObject({ line: 2, sessionId: 'deep-2' });
    expect(summary.errors[0].field).toMatch(/^summaryDetail(\.a)+$/);
    expect(summary.errors[0].message).toContain('嵌套不能超过 32 层');
    expect(await stored('deep')).toBe(2);
  });

  it('keeps the rest of a batch the database refuses for a reason no check foresaw, naming the refused record', async () => {
    // a refusal no check of ours can know: the database itself says no to some sessions
    const db = t.database.db;
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_marked_session() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.session_id LIKE 'refused-%' THEN
            RAISE EXCEPTION 'session % is refused here', NEW.session_id USING ERRCODE = 'check_violation';
          END IF;
          RETURN NEW;
        END $$`),
    );
    await db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_marked BEFORE INSERT ON chat_sessions FOR EACH ROW EXECUTE FUNCTION refuse_marked_session()',
      ),
    );
    try {
      const sessions = stc3Sessions(10).map((s, i) => ({ ...s, sessionId: `kept-${i + 1}`, chatId: `kept-${i + 1}` }));
      sessions[3] = { ...sessions[3]!, sessionId: 'refused-4' };
      sessions[7] = { ...sessions[7]!, sessionId: 'refused-8' };
      const res = await importer.post('/v3/chats/session/import', sessions);
      expect(res.statusCode, res.body).toBe(200);
      const summary = res.json();
      expect(summary).toMatchObject({ total: 10, created: 8, failed: 2 });
      expect(summary.errors.map((e: { line: number; sessionId: string }) => [e.line, e.sessionId])).toEqual([
        [4, 'refused-4'],
        [8, 'refused-8'],
      ]);
      expect(summary.errors[0].message).toContain('数据库拒绝保存 / the database refused the record');
      expect(summary.errors[0].message).toContain('session refused-4 is refused here');
      expect(summary.errors[0].message.toLowerCase()).not.toContain('insert into');
      expect(await stored('kept')).toBe(8);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_marked ON chat_sessions'));
    }
  });

  it('answers 503 naming the database (no SQL, no per-record failures) when it can take no writes', async () => {
    const db = t.database.db;
    const undo = await refuseSessionsAsShutDown(db);
    try {
      const sessions = stc3Sessions(3).map((s, i) => ({ ...s, sessionId: `down-${i + 1}` }));
      const res = await importer.post('/v3/chats/session/import', sessions);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(res.json().message).toContain('导入中止，数据库不可用（已读 3 条，已保存 0 条）');
      expect(res.json().message).toContain(SHUTDOWN_MESSAGE);
      expect(res.body.toLowerCase()).not.toContain('insert into');
      expect(await stored('down')).toBe(0);
    } finally {
      await undo(db);
    }
  });

  it('stops with one clear error, no SQL, when the database is gone, instead of failing every record', async () => {
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: null });
    await database.close();
    const sessions = stc3Sessions(5).map((s, i) => ({ ...s, sessionId: `gone-${i + 1}` }));
    const error = await importSessions(database.db, organizationId, recordsOfArray(sessions)).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toContain('数据库不可用');
    expect(error!.message.toLowerCase()).not.toContain('insert into');
  });
});
