import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualResults } from '../../src/db/schema/qc-results.js';
import { chatSessions } from '../../src/db/schema/sessions.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, HOUR, type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let replayer: Caller;
let resultReader: Caller;
let outsider: Caller;
let organizationId: number;
const N = 9;
const now = Date.now();
/** sessions i+1 hours old, every third on line 2, the last still ACTIVE */
const sessions = deskSessions(N, now);

interface Transcript {
  sessionId: string;
  lineId: string | null;
  beginTime: number;
  humanQuality: { A: number; S: number; E: number } | null;
  manualScore: number | null;
  messages: { messageId: string; senderRole: string; content: string }[];
}

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  ({ organizationId, admin, replayer, resultReader } = await organisationWith(t, 'tr-home', {
    admin: ['*'],
    replayer: ['qc-rule.view'],
    resultReader: ['qc-ai-result.view'],
  }));
  ({ outsider } = await organisationWith(t, 'tr-away', { outsider: ['*'] }));
  await ok(admin.post('/v3/chats/session/import', sessions));
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Every page of a range, following the cursor. */
async function allPages(
  caller: Caller,
  body: Record<string, unknown>,
): Promise<{ pages: Json[]; records: Transcript[] }> {
  const pages: Json[] = [];
  let cursor: string | null = null;
  do {
    const page: Json = await ok(caller.post('/v3/chats/session/transcripts', { ...body, cursor }));
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 50);
  return { pages, records: pages.flatMap((p) => p.records) };
}

describe('POST /v3/chats/session/transcripts', () => {
  it('pages the closed sessions oldest first with their messages in order, total from the first page', async () => {
    const { pages, records } = await allPages(replayer, { limit: 3 });
    const closed = sessions.filter((s) => s.status === 'CLOSED');
    expect(pages).toHaveLength(3);
    expect(pages.every((p) => p.total === closed.length)).toBe(true);
    // deskSessions makes session i (i + 1) hours old: oldest first is the reverse order
    expect(records.map((r) => r.sessionId)).toEqual(closed.map((s) => s.sessionId).reverse());
    const first = sessions[0]!;
    const mine = records.find((r) => r.sessionId === first.sessionId)!;
    expect(mine.messages.map((m) => [m.messageId, m.senderRole, m.content])).toEqual(
      first.messages.map((m) => [m.messageId, m.senderRole, m.content]),
    );
    expect(mine.humanQuality).toEqual(first.humanQuality ?? null);
    expect(mine.manualScore).toBeNull();
  });

  it('filters by line and session start, and answers ALL statuses when asked', async () => {
    const line2 = await allPages(replayer, { lineId: '2', status: 'ALL', limit: 500 });
    expect(line2.records.map((r) => r.sessionId).sort()).toEqual(
      sessions
        .filter((s) => s.lineId === 2)
        .map((s) => s.sessionId)
        .sort(),
    );
    // sessions 1..4 hours old: started from 4.5 hours ago up to 0.5 hours ago
    const recent = await ok(
      replayer.post('/v3/chats/session/transcripts', {
        timeFrom: formatLocal(now - 4.5 * HOUR),
        timeTo: formatLocal(now - 0.5 * HOUR),
        status: 'ALL',
      }),
    );
    expect(recent.records.map((r: Transcript) => r.sessionId).sort()).toEqual(
      sessions
        .slice(0, 4)
        .map((s) => s.sessionId)
        .sort(),
    );
  });

  it('carries the newest assessed manual score of a session', async () => {
    const target = sessions[1]!;
    const { id: schemeId } = await ok(
      admin.post('/v3/chats/qc-scheme/create', {
        name: '人工方案',
        type: 'TEXT',
        targetType: 'PERSON',
        style: 'SCORE',
      }),
    );
    const [row] = await t.database.db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.organizationId, organizationId), eq(chatSessions.sessionId, target.sessionId)));
    await t.database.db.insert(manualResults).values({
      organizationId,
      sessionRef: row!.id,
      sessionId: row!.sessionId,
      chatId: row!.chatId,
      sessionBeginTime: row!.beginTime,
      schemeId: Number(schemeId),
      schemeName: '人工方案',
      manualStatus: 'CHECKED',
      manualScore: 87.5,
      resultTime: new Date(),
    });
    const { records } = await allPages(replayer, { status: 'ALL', limit: 500 });
    expect(records.find((r) => r.sessionId === target.sessionId)?.manualScore).toBe(87.5);
    expect(records.filter((r) => r.manualScore !== null)).toHaveLength(1);
  });

  it('needs qc-rule.view, keeps to the organisation, and refuses a bad cursor', async () => {
    const refused = await resultReader.post('/v3/chats/session/transcripts', {});
    expect(refused.statusCode).toBe(403);
    const away = await ok(outsider.post('/v3/chats/session/transcripts', { status: 'ALL' }));
    expect(away).toEqual({ records: [], total: 0, nextCursor: null });
    const bad = await replayer.post('/v3/chats/session/transcripts', { cursor: 'nope' });
    expect(bad.statusCode).toBe(400);
  });
});

/** `YYYY-MM-DD HH:mm:ss` in the console's time zone (QCDESK_TIME_ZONE, else Asia/Shanghai, as the server reads it). */
function formatLocal(ms: number): string {
  const zone = process.env.QCDESK_TIME_ZONE || 'Asia/Shanghai';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}
