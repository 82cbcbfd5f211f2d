import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, importJsonLines, ok, stc3Sessions } from '../tasks/fixtures.js';

let t: TestApp;
let importer: Caller;
let reader: Caller;
let outsider: Caller;
let admin: Caller;

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  ({ importer, reader, admin } = await organisationWith(t, 'imp-home', {
    importer: ['chat-session.import'],
    reader: ['qc-ai-result.view'],
    // a role of every key (`*`), as the first start's administrator holds: no extra key for importing
    admin: ['*'],
  }));
  ({ outsider } = await organisationWith(t, 'imp-away', { outsider: ['chat-session.import'] }));
  // a fresh database and app take long on a busy machine (PGlite compiles and migrates in this process)
}, 60_000);
afterAll(async () => {
  await t.close();
});

const jsonl = (items: unknown[]) => items.map((i) => (typeof i === 'string' ? i : JSON.stringify(i))).join('\n');

describe('session import', () => {
  it('imports JSON Lines, reporting each bad line with its number and field path', async () => {
    const [a, b, c] = stc3Sessions(3);
    const noRole = { ...c, messages: [{ ...c!.messages[0], senderRole: '' }] };
    const text = jsonl([a, '{"sessionId": "broken', b, '', { messages: [] }, noRole]);
    const res = await importJsonLines(t, importer, text);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary).toMatchObject({ total: 5, created: 2, updated: 0, unchanged: 0, failed: 3 });
    expect(summary.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [2, ''],
      [5, 'sessionId'],
      [6, 'messages[0].senderRole'],
    ]);
    expect(summary.errors[0].message).toContain('not valid JSON');
    expect(summary.errors[2].sessionId).toBe(c!.sessionId);
  });

  it('is idempotent on sessionId: the same content changes nothing, new content replaces the session', async () => {
    const sessions = stc3Sessions(5).slice(3);
    const first = await ok(importer.post('/v3/chats/session/import', sessions));
    expect(first).toMatchObject({ total: 2, created: 2, updated: 0, unchanged: 0, failed: 0, errors: [] });
    const again = await ok(importer.post('/v3/chats/session/import', { sessions }));
    expect(again).toMatchObject({ total: 2, created: 0, updated: 0, unchanged: 2 });

    const changed = { ...sessions[0]!, messages: sessions[0]!.messages.slice(0, 1) };
    const third = await ok(importer.post('/v3/chats/session/import', [changed, sessions[1]]));
    expect(third).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const listed = await ok(reader.post('/v3/chats/session/list', { sessionId: changed.sessionId }));
    expect(listed).toHaveLength(1);
    expect(listed[0].messageCount).toBe(1);
    const messages = await ok(
      reader.post('/v3/chats/message/query', { sessionId: changed.sessionId }, { query: { page: '1', size: '50' } }),
    );
    expect(messages.total).toBe(1);
  });

  it('keeps the last of a session repeated within one import', async () => {
    const [s] = stc3Sessions(6).slice(5);
    const shorter = { ...s!, messages: s!.messages.slice(0, 1) };
    const res = await ok(importer.post('/v3/chats/session/import', [s, shorter]));
    expect(res).toMatchObject({ total: 2, created: 1, updated: 1 });
    const detail = await ok(reader.post('/v3/chats/session/detail', {}, { query: { sessionId: s!.sessionId } }));
    expect(detail.messageCount).toBe(1);
  });

  it('reads the desk fields: line, agent, groups, rating, times and duration', async () => {
    const [s] = deskSessions(1, Date.parse('2026-01-02T03:00:00Z'));
    await ok(importer.post('/v3/chats/session/import', [{ ...s, sessionId: 'desk-1', status: 'CLOSED' }]));
    const detail = await ok(reader.post('/v3/chats/session/detail', {}, { query: { sessionId: 'desk-1' } }));
    const count = s!.messages.length;
    expect(detail).toMatchObject({
      sessionId: 'desk-1',
      status: 'CLOSED',
      lineId: '1',
      lineName: '支付微博',
      agentId: '101',
      name: '张三',
      groups: [{ groupId: '11', groupName: '售后组' }],
      trackClient: 'WEIBO',
      scoreResult: { score: 1, resolved: false },
      satisfaction: 1,
      // 2026-01-02 02:00 UTC is 10:00 in Asia/Shanghai
      createTime: '2026-01-02 10:00:00',
      duration: (count - 1) * 20,
    });
  });

  it('answers 400 for a body that is no list of sessions, 401 signed out, 403 without the import key', async () => {
    const bad = await importer.post('/v3/chats/session/import', { records: [] });
    expect(bad.statusCode).toBe(400);
    expect((await anonymous(t).post('/v3/chats/session/import', [])).statusCode).toBe(401);
    const denied = await reader.post('/v3/chats/session/import', []);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('chat-session.import');
  });

  it('lets the administrator (role *) import, and lists the import key among his permissions', async () => {
    const [s] = stc3Sessions(1);
    const res = await admin.post('/v3/chats/session/import', [{ ...s, sessionId: 'by-admin' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, created: 1, failed: 0 });
    expect((await ok(admin.post('/v3/auth/me'))).permissions).toContain('chat-session.import');
  });
});

describe('sessions and messages', () => {
  it('pages messages in send order and fetches them by cursor', async () => {
    const [s] = stc3Sessions(30).filter((x) => x.messages.length >= 5);
    await ok(importer.post('/v3/chats/session/import', [{ ...s, sessionId: 'paged', chatId: 'paged-chat' }]));
    const all = s!.messages.map((m) => m.content);
    const page2 = await ok(
      reader.post('/v3/chats/message/query', { sessionId: 'paged' }, { query: { page: '2', size: '2' } }),
    );
    expect(page2).toMatchObject({ total: all.length, page: 2, size: 2 });
    expect(page2.records.map((m: { content: string }) => m.content)).toEqual(all.slice(2, 4));
    expect(page2.records[0]).toMatchObject({
      sessionId: 'paged',
      chatId: 'paged-chat',
      senderRole: expect.any(String),
    });

    const first = await ok(reader.post('/v3/chats/message/fetch', { chatId: 'paged-chat' }));
    expect(first.records.map((m: { content: string }) => m.content)).toEqual(all.slice(0, 50));
    expect(first.nextCursor).toBe(null);
    const badCursor = await reader.post('/v3/chats/message/fetch', { chatId: 'paged-chat', cursor: 'x' });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().field).toBe('cursor');
  });

  it('needs a sessionId or chatId for the message page', async () => {
    const res = await reader.post('/v3/chats/message/query', {}, { query: { page: '1', size: '30' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('sessionId');
  });

  it("does not show another organisation's sessions", async () => {
    const [s] = stc3Sessions(1);
    await ok(outsider.post('/v3/chats/session/import', [{ ...s, sessionId: 'theirs' }]));
    const res = await reader.post('/v3/chats/session/detail', {}, { query: { sessionId: 'theirs' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: '会话 theirs 不存在' });
    const messages = await ok(reader.post('/v3/chats/message/query', { sessionId: 'theirs' }, { query: {} }));
    expect(messages.total).toBe(0);
  });
});
