import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, ok } from '../tasks/fixtures.js';

let t: TestApp;
let inspector: Caller;
let outsider: Caller;
const sessions = deskSessions(30);

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  let admin: Caller;
  ({ admin, inspector } = await organisationWith(t, 'list-home', { admin: ['*'], inspector: ['*'] }));
  ({ outsider } = await organisationWith(t, 'list-away', { outsider: ['*'] }));
  // the oldest session gets a customer of its own, to be found by nick
  sessions[29] = { ...sessions[29]!, customerNick: 'Zhou_Wei 周伟', customerId: 'cust-zw-1' };
  await ok(admin.post('/v3/chats/session/import', sessions));
}, 60_000);
afterAll(async () => {
  await t.close();
});

const list = (who: Caller, body: Record<string, unknown>) =>
  ok(who.post('/v3/chats/session/list', { fields: ['sessionId', 'customerNick', 'nick'], ...body }));

describe('POST /v3/chats/session/list keyword', () => {
  it('finds a session beyond the newest `limit` by part of its id, in any case', async () => {
    const oldest = sessions[29]!.sessionId;
    const newest = await list(inspector, { limit: 10 });
    expect(newest.map((s: { sessionId: string }) => s.sessionId)).not.toContain(oldest);
    const part = oldest.slice(2, -2);
    const found = await list(inspector, { keyword: part.toUpperCase(), limit: 10 });
    expect(found.map((s: { sessionId: string }) => s.sessionId)).toContain(oldest);
    for (const s of found) expect(s.sessionId.toLowerCase()).toContain(part.toLowerCase());
  });

  it('finds sessions by customer nick or id and by agent nick', async () => {
    expect(await list(inspector, { keyword: '周伟' })).toEqual([
      { sessionId: sessions[29]!.sessionId, customerNick: 'Zhou_Wei 周伟', nick: '小王' },
    ]);
    expect((await list(inspector, { keyword: 'CUST-ZW' })).map((s: { sessionId: string }) => s.sessionId)).toEqual([
      sessions[29]!.sessionId,
    ]);
    const byAgent = await list(inspector, { keyword: '小李' });
    expect(byAgent).toHaveLength(10);
    for (const s of byAgent) expect(s.nick).toBe('小李');
  });

  it('takes % and _ literally, finds nothing for an unknown keyword, and shows no other organisation', async () => {
    // "Zhou_Wei": the underscore matches itself only, so "Zhou%Wei" finds nothing
    expect(await list(inspector, { keyword: 'Zhou%Wei' })).toEqual([]);
    expect(await list(inspector, { keyword: 'u_W' })).toHaveLength(1);
    expect(await list(inspector, { keyword: 'no-such-session-anywhere' })).toEqual([]);
    expect(await list(outsider, { keyword: sessions[0]!.sessionId })).toEqual([]);
  });

  it('combines the keyword with the other filters', async () => {
    const onLine2 = await ok(
      inspector.post('/v3/chats/session/list', { fields: ['sessionId', 'lineId'], keyword: '小王', lineId: '2' }),
    );
    expect(onLine2).toHaveLength(10);
    for (const s of onLine2) expect(s.lineId).toBe('2');
    expect(await list(inspector, { keyword: '小王', lineId: '1' })).toEqual([]);
  });
});
