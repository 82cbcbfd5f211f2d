import { defaultLineAgentConfig } from '@qcdesk/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csLines } from '../../src/db/schema/lines.js';
import { type Caller, organisationWith, signedInAgent } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let agent102: Caller;
let outsider: Caller;
let organizationId: number;
let outsiderOrganizationId: number;

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, admin } = await organisationWith(t, 'imported-lines', { admin: ['*'] }));
  ({ organizationId: outsiderOrganizationId, outsider } = await organisationWith(t, 'imported-lines-away', {
    outsider: ['*'],
  }));
  agent102 = await signedInAgent(t, organizationId, { username: 'line-agent-102', name: '李四', agentId: 102 });
  // lines 1 支付微博 and 2 电信微博 (every third session); agent 102 serves only on line 1
  await ok(admin.post('/v3/chats/session/import', deskSessions(9)));
}, 60_000);
afterAll(async () => t?.close());

const linesOf = (orgId: number) =>
  t.database.db.select().from(csLines).where(eq(csLines.organizationId, orgId)).orderBy(asc(csLines.id));
const directory = (who: Caller, keyword?: string) =>
  ok(who.post('/v3/chats/session/directory', { kind: 'LINE', ...(keyword ? { keyword } : {}) }));
const setLine = (id: number, values: Partial<typeof csLines.$inferInsert>) =>
  t.database.db
    .update(csLines)
    .set(values)
    .where(and(eq(csLines.organizationId, organizationId), eq(csLines.id, id)));

describe('imported sessions name lines that exist as records', () => {
  it('creates the lines the sessions name, with the desk’s ids and names, online, active, default agent config', async () => {
    const lines = await linesOf(organizationId);
    expect(lines.map((l) => [l.id, l.name, l.type, l.status, l.deleted])).toEqual([
      [1, '支付微博', 'ONLINE', 'ACTIVE', 'NONE'],
      [2, '电信微博', 'ONLINE', 'ACTIVE', 'NONE'],
    ]);
    expect(lines[0]!.agentConfig).toEqual(defaultLineAgentConfig());
    expect(lines[0]!.agentConfig?.enterTimeoutRemind).toMatchObject({ minutes: 3 });
  });

  it('names a line without a name by its id', async () => {
    const [s] = deskSessions(1);
    await ok(admin.post('/v3/chats/session/import', [{ ...s, sessionId: 'no-line-name', lineId: 7, lineName: '' }]));
    expect((await linesOf(organizationId)).map((l) => [l.id, l.name])).toContainEqual([7, '7']);
  });

  it('leaves a line the console changed as it is on a re-import, and creates no second record', async () => {
    const line = await ok(admin.post('/v3/chats/cs-line/detail', {}, { query: { lineId: '1' } }));
    await ok(admin.post('/v3/chats/cs-line/change', { id: '1', version: line.version, name: '支付线路', code: 'pay' }));
    const again = deskSessions(9).map((s) => ({ ...s, lineName: '旧名字' }));
    await ok(admin.post('/v3/chats/session/import', again));
    const lines = await linesOf(organizationId);
    expect(lines.filter((l) => l.id === 1).map((l) => [l.name, l.code])).toEqual([['支付线路', 'pay']]);
    expect(lines).toHaveLength(3);
  });

  it('gives a line made later in the console an id past the desk’s, so an import never lands on one', async () => {
    const { id } = await ok(admin.post('/v3/chats/cs-line/create', { name: '新线路' }));
    expect(Number(id)).toBeGreaterThan(7);
  });

  it('keeps each organisation’s lines apart: the same desk ids make lines of its own', async () => {
    await ok(outsider.post('/v3/chats/session/import', deskSessions(3)));
    expect((await linesOf(outsiderOrganizationId)).map((l) => [l.id, l.name])).toEqual([
      [1, '支付微博'],
      [2, '电信微博'],
    ]);
    expect((await linesOf(organizationId)).find((l) => l.id === 1)?.name).toBe('支付线路');
  });
});

describe('the session directory answers lines from the records', () => {
  it('offers the organisation’s live lines by their record names, also lines no session names', async () => {
    expect(await directory(admin)).toEqual([
      { id: '7', name: '7' },
      { id: '2', name: '电信微博' },
      { id: expect.any(String), name: '新线路' },
      { id: '1', name: '支付线路' },
    ]);
    expect(await directory(admin, 'pay')).toEqual([]);
    expect(await directory(admin, '支付')).toEqual([{ id: '1', name: '支付线路' }]);
    expect(await directory(outsider, '支付')).toEqual([{ id: '1', name: '支付微博' }]);
  });

  it('leaves out lines in the trash', async () => {
    await setLine(7, { deleted: 'TRASH' });
    expect((await directory(admin)).map((l: Json) => l.id)).not.toContain('7');
    await setLine(7, { deleted: 'NONE' });
  });

  it('shows an agent only the lines his sessions name, by the record name', async () => {
    expect(await directory(agent102)).toEqual([{ id: '1', name: '支付线路' }]);
  });
});
