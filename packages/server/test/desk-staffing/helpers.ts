import { createRole, createUser } from '../../src/seed/accounts.js';
import type { Caller } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

/** A weekday period 09:00–18:00, Monday to Friday: the smallest complete service time. */
export const WORKDAYS = { daysOfWeek: [1, 2, 3, 4, 5], beginTime: '09:00', endTime: '18:00' };

export async function createTime(admin: Caller, name = '工作日', extra: Record<string, unknown> = {}): Promise<string> {
  const saved = await ok(
    admin.post('/v3/chats/cs-time/create', { name, config: { generalPeriods: [WORKDAYS] }, ...extra }),
  );
  return saved.id as string;
}

let users = 0;
/** Console users of the organisation (not signed in), for agents to be bound to; their ids. */
export async function createUsers(t: TestApp, organizationId: number, names: readonly string[]): Promise<string[]> {
  const roleId = await createRole(t.database.db, organizationId, {
    code: `staff-${++users}`,
    name: '员工',
    permissions: [],
  });
  const ids: string[] = [];
  for (const name of names) {
    const id = await createUser(t.database.db, organizationId, {
      username: `staff-${organizationId}-${++users}`,
      name,
      password: 'test-password-1',
      roleIds: [roleId],
    });
    ids.push(String(id));
  }
  return ids;
}

export async function createAgent(admin: Caller, userId: string, nick: string, extra: Record<string, unknown> = {}) {
  const saved = await ok(admin.post('/v3/chats/cs-agent/create', { userId, nick, ...extra }));
  return saved.id as string;
}

export async function detail(admin: Caller, kind: 'cs-time' | 'cs-group' | 'cs-agent', id: string): Promise<Json> {
  const param = { 'cs-time': 'timeId', 'cs-group': 'groupId', 'cs-agent': 'agentId' }[kind];
  return ok(admin.post(`/v3/chats/${kind}/detail`, {}, { query: { [param]: id } }));
}
