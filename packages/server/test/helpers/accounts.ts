import type { LightMyRequestResponse } from 'fastify';
import { createSystemStates } from '../../src/routes/task-state/system-states.js';
import { createOrganization, createRole, createUser } from '../../src/seed/accounts.js';
import { DEMO_ROLES } from '../../src/seed/seed-store.js';
import type { TestApp } from './test-app.js';

export interface Caller {
  readonly cookie: string;
  /** POST a JSON body (with `?query`), optionally asking for English answers */
  post(
    path: string,
    body?: unknown,
    options?: { query?: Record<string, string>; lang?: 'en' },
  ): Promise<LightMyRequestResponse>;
}

const PASSWORD = 'test-password-1';

/**
 * An organisation with one user per entry, each holding exactly the given permission keys, signed in.
 * `{admin: ['*'], reader: ['qc-scheme.view']}` → `{admin: Caller, reader: Caller}`.
 */
export async function organisationWith<K extends string>(
  t: TestApp,
  name: string,
  people: Record<K, readonly string[]>,
): Promise<{ organizationId: number } & Record<K, Caller>> {
  const db = t.database.db;
  const organizationId = await createOrganization(db, name);
  // as every organisation starts (setUpOrganization): its system ticket states
  await createSystemStates(db, organizationId);
  const out: Record<string, unknown> = { organizationId };
  for (const [who, permissions] of Object.entries(people) as [K, readonly string[]][]) {
    const roleId = await createRole(db, organizationId, { code: `${who}-role`, name: who, permissions });
    const username = `${name}-${who}`;
    await createUser(db, organizationId, { username, name: who, password: PASSWORD, roleIds: [roleId] });
    out[who] = await signIn(t, username, PASSWORD);
  }
  return out as { organizationId: number } & Record<K, Caller>;
}

/**
 * A user of the organisation bound to the desk's agent `agentId` (agents see their own results and file complaints),
 * holding the demo agent's keys or `permissions`, signed in.
 */
export async function signedInAgent(
  t: TestApp,
  organizationId: number,
  agent: { username: string; name: string; agentId: number; permissions?: readonly string[] },
): Promise<Caller> {
  const roleId = await createRole(t.database.db, organizationId, {
    code: `agent-${agent.username}`,
    name: '坐席',
    permissions: agent.permissions ?? [...DEMO_ROLES.agent.permissions],
  });
  await createUser(t.database.db, organizationId, {
    username: agent.username,
    name: agent.name,
    password: PASSWORD,
    roleIds: [roleId],
    agentId: agent.agentId,
  });
  return signIn(t, agent.username, PASSWORD);
}

export async function signIn(t: TestApp, username: string, password: string): Promise<Caller> {
  const res = await t.app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  const setCookie = res.headers['set-cookie'];
  const line = Array.isArray(setCookie) ? setCookie[0]! : setCookie!;
  return callerWith(t, line.split(';')[0]!);
}

export function callerWith(t: TestApp, cookie: string): Caller {
  return {
    cookie,
    post: (path, body = {}, options = {}) =>
      t.app.inject({
        method: 'POST',
        url: path,
        query: options.query,
        payload: body as object,
        headers: { cookie, ...(options.lang === 'en' ? { 'accept-language': 'en' } : {}) },
      }),
  };
}

/** No cookie at all. */
export function anonymous(t: TestApp): Caller {
  return {
    cookie: '',
    post: (path, body = {}, options = {}) =>
      t.app.inject({
        method: 'POST',
        url: path,
        query: options.query,
        payload: body as object,
        headers: options.lang === 'en' ? { 'accept-language': 'en' } : {},
      }),
  };
}
