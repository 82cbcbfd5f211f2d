import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, ok } from '../tasks/fixtures.js';
import { createTime, createUsers } from './helpers.js';

let t: TestApp;
let admin: Caller;
let organizationId: number;

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, admin } = await organisationWith(t, 'desk-ids', { admin: ['*'] }));
}, 60_000);
afterAll(async () => t?.close());

describe('records made after an import that took the very first ids', () => {
  it('get the next ids, not the ones the desk’s sessions named', async () => {
    const [session] = deskSessions(1);
    await ok(
      admin.post('/v3/chats/session/import', [
        { ...session, agentId: 1, agentNick: '一号', groups: [{ groupId: 1, groupName: '一组' }] },
      ]),
    );
    const [userId] = await createUsers(t, organizationId, ['二号']);
    const { id: agentId } = await ok(admin.post('/v3/chats/cs-agent/create', { userId, nick: '二号' }));
    expect(agentId).toBe('2');
    const timeId = await createTime(admin);
    const { id: groupId } = await ok(
      admin.post('/v3/chats/cs-group/create', { name: '二组', type: 'ONLINE', timeId, agentIds: ['1', agentId] }),
    );
    expect(groupId).toBe('2');
  });
});
