import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsers } from '../desk-staffing/helpers.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

/**
 * The authorisation panels of a line (spec §2.1 "/online/csLine/auth", §6): staff and organisations, 10 a page; the
 * organisation panel only for the line's own organisation; a line granted to another organisation is readable there.
 */
let t: TestApp;
/** organisation A owns the lines; B is granted one; C never is */
let a: { organizationId: number; admin: Caller; reader: Caller };
let b: { organizationId: number; admin: Caller };
let c: { organizationId: number; admin: Caller };
let staffA: string[];
let staffB: string[];
let lineId: string;

beforeAll(async () => {
  t = await startTestApp();
  a = await organisationWith(t, 'grants-a', { admin: ['*'], reader: ['csLine.view'] });
  b = await organisationWith(t, 'grants-b', { admin: ['*'] });
  c = await organisationWith(t, 'grants-c', { admin: ['*'] });
  staffA = await createUsers(t, a.organizationId, ['甲一', '甲二', '甲三']);
  staffB = await createUsers(t, b.organizationId, ['乙一', '乙二']);
  lineId = (await ok(a.admin.post('/v3/chats/cs-line/create', { name: '共享线路' }))).id;
}, 60_000);
afterAll(async () => t?.close());

const page = (who: Caller, body: Json, query: Record<string, string> = {}) =>
  ok(who.post('/v3/chats/cs-line/auth/page', { targetId: lineId, ...body }, { query }));
const apply = (who: Caller, body: Json, lang?: 'en') =>
  who.post('/v3/chats/cs-line/auth/apply', { targetId: lineId, ...body }, lang ? { lang } : {});
const granted = (answer: Json) => answer.records.filter((r: Json) => r.granted).map((r: Json) => r.memberId);
const detail = (who: Caller, id = lineId) => who.post('/v3/chats/cs-line/detail', {}, { query: { lineId: id } });

describe('line authorisation: the staff panel', () => {
  it('lists the organisation’s users 10 a page, each with whether it is granted', async () => {
    const answer = await page(a.admin, { memberType: 'STAFF' });
    expect(answer).toMatchObject({ page: 1, size: 10, editable: true });
    // the three staff and the two signed-in users of organisation A, none of B
    expect(answer.total).toBe(5);
    expect(answer.records.map((r: Json) => r.memberId)).toEqual(expect.arrayContaining(staffA));
    expect(answer.records.map((r: Json) => r.memberId)).not.toContain(staffB[0]);
    expect(answer.records.find((r: Json) => r.memberId === staffA[0])).toMatchObject({
      memberName: '甲一',
      memberCode: expect.stringContaining('staff-'),
      granted: false,
    });
  });

  it('grants and withdraws staff, and filters by granted and keyword', async () => {
    expect(await ok(apply(a.admin, { memberType: 'STAFF', add: [staffA[0], staffA[1], staffA[0]] }))).toEqual({
      added: 2,
      removed: 0,
    });
    expect(granted(await page(a.admin, { memberType: 'STAFF' })).sort()).toEqual([staffA[0], staffA[1]].sort());
    const onlyGranted = await page(a.admin, { memberType: 'STAFF', granted: true });
    expect(onlyGranted.records.map((r: Json) => r.memberId).sort()).toEqual([staffA[0], staffA[1]].sort());
    const notGranted = await page(a.admin, { memberType: 'STAFF', granted: false, keyword: '甲' });
    expect(notGranted.records.map((r: Json) => r.memberId)).toEqual([staffA[2]]);
    // granting again changes nothing; withdrawing counts what went
    expect(await ok(apply(a.admin, { memberType: 'STAFF', add: [staffA[0]], remove: [staffA[1]] }))).toEqual({
      added: 0,
      removed: 1,
    });
    expect(granted(await page(a.admin, { memberType: 'STAFF' }))).toEqual([staffA[0]]);
  });

  it('pages with the size asked for', async () => {
    const second = await page(a.admin, { memberType: 'STAFF' }, { page: '2', size: '2' });
    expect(second).toMatchObject({ page: 2, size: 2, total: 5 });
    expect(second.records).toHaveLength(2);
  });

  it('refuses a user of another organisation, naming add[i]', async () => {
    const res = await apply(a.admin, { memberType: 'STAFF', add: [staffA[2], staffB[0]] }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'add[1]',
      message: `User ${staffB[0]} is not staff of your organisation`,
    });
    expect(granted(await page(a.admin, { memberType: 'STAFF' }))).toEqual([staffA[0]]);
  });

  it('is read-only without csLine.edit: editable false, and apply is 403', async () => {
    expect((await page(a.reader, { memberType: 'STAFF' })).editable).toBe(false);
    expect((await page(a.reader, { memberType: 'ORG' })).editable).toBe(false);
    const res = await apply(a.reader, { memberType: 'STAFF', add: [staffA[2]] });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for a line of another organisation that was not granted', async () => {
    const res = await c.admin.post('/v3/chats/cs-line/auth/page', { targetId: lineId, memberType: 'STAFF' });
    expect(res.statusCode).toBe(404);
    expect((await apply(c.admin, { memberType: 'STAFF', add: [] })).statusCode).toBe(404);
  });
});

describe('line authorisation: the organisation panel (O-B18)', () => {
  it('lists the other organisations, editable by the line’s own organisation', async () => {
    const answer = await page(a.admin, { memberType: 'ORG', keyword: 'grants-' });
    expect(answer).toMatchObject({ size: 10, editable: true, total: 2 });
    expect(answer.records).toEqual([
      { memberId: String(b.organizationId), memberName: 'grants-b', memberCode: null, granted: false },
      { memberId: String(c.organizationId), memberName: 'grants-c', memberCode: null, granted: false },
    ]);
  });

  it('refuses the owner itself and an unknown organisation, naming add[i]', async () => {
    const owner = await apply(a.admin, { memberType: 'ORG', add: [String(a.organizationId)] });
    expect(owner.statusCode).toBe(400);
    expect(owner.json().field).toBe('add[0]');
    const unknown = await apply(a.admin, { memberType: 'ORG', add: [String(b.organizationId), '999999'] }, 'en');
    expect(unknown.json()).toMatchObject({ field: 'add[1]', message: 'Organisation 999999 not found' });
  });

  it('grants the line to organisation B, which then reads it but never changes it', async () => {
    expect(await ok(apply(a.admin, { memberType: 'ORG', add: [String(b.organizationId)] }))).toEqual({
      added: 1,
      removed: 0,
    });
    expect(granted(await page(a.admin, { memberType: 'ORG', keyword: 'grants-' }))).toEqual([String(b.organizationId)]);

    const shown = await ok(detail(b.admin));
    expect(shown).toMatchObject({ id: lineId, name: '共享线路', tenantId: String(a.organizationId) });
    const theirPage = await ok(b.admin.post('/v3/chats/cs-line/page', { keyword: '共享线路' }));
    expect(theirPage.records.map((r: Json) => r.id)).toEqual([lineId]);
    const theirList = await ok(b.admin.post('/v3/chats/cs-line/list', {}));
    expect(theirList.map((r: Json) => r.id)).toContain(lineId);
    // C was not granted
    expect((await detail(c.admin)).statusCode).toBe(404);
    expect((await ok(c.admin.post('/v3/chats/cs-line/page', {}))).total).toBe(0);

    const change = await b.admin.post('/v3/chats/cs-line/change', { id: lineId, name: '改名', version: shown.version });
    expect(change.statusCode).toBe(404);
    expect((await b.admin.post('/v3/chats/cs-line/status', { ids: [lineId], status: 'INACTIVE' })).statusCode).toBe(
      404,
    );
    expect((await b.admin.post('/v3/chats/cs-line/delete', { ids: [lineId], deleted: 'TRASH' })).statusCode).toBe(404);
    expect(await ok(detail(a.admin))).toMatchObject({ name: '共享线路', status: 'ACTIVE', deleted: 'NONE' });
  });

  it('shows B the organisation panel read-only and refuses B’s organisation grants with 403', async () => {
    const panel = await page(b.admin, { memberType: 'ORG' });
    expect(panel.editable).toBe(false);
    for (const lang of [undefined, 'en'] as const) {
      const res = await apply(b.admin, { memberType: 'ORG', add: [String(c.organizationId)] }, lang);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        lang === 'en'
          ? "Only the line's own organisation can change its organisation grants"
          : '只有线路所属组织可以修改组织授权',
      );
    }
    expect(granted(await page(a.admin, { memberType: 'ORG', keyword: 'grants-' }))).toEqual([String(b.organizationId)]);
  });

  it('lets B grant its own staff on the line, kept apart from A’s staff', async () => {
    const bStaff = await page(b.admin, { memberType: 'STAFF' });
    expect(bStaff.editable).toBe(true);
    expect(bStaff.records.map((r: Json) => r.memberId)).toEqual(expect.arrayContaining(staffB));
    expect(bStaff.records.map((r: Json) => r.memberId)).not.toContain(staffA[0]);
    await ok(apply(b.admin, { memberType: 'STAFF', add: [staffB[0]] }));
    expect(granted(await page(b.admin, { memberType: 'STAFF' }))).toEqual([staffB[0]]);
    // A's panel lists A's staff only, its grants unchanged
    expect(granted(await page(a.admin, { memberType: 'STAFF' }))).toEqual([staffA[0]]);
    // B can neither grant nor withdraw A's staff
    const theirs = await apply(b.admin, { memberType: 'STAFF', remove: [staffA[0]] });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().field).toBe('remove[0]');
  });

  it('withdrawing B hides the line from B again and withdraws B’s staff grants with it', async () => {
    expect(await ok(apply(a.admin, { memberType: 'ORG', remove: [String(b.organizationId)] }))).toEqual({
      added: 0,
      removed: 1,
    });
    expect((await detail(b.admin)).statusCode).toBe(404);
    await ok(apply(a.admin, { memberType: 'ORG', add: [String(b.organizationId)] }));
    expect(granted(await page(b.admin, { memberType: 'STAFF' }))).toEqual([]);
    expect(granted(await page(a.admin, { memberType: 'STAFF' }))).toEqual([staffA[0]]);
  });

  it('hides a granted line from B while it is in A’s trash', async () => {
    await ok(a.admin.post('/v3/chats/cs-line/delete', { ids: [lineId], deleted: 'TRASH' }));
    expect((await detail(b.admin)).statusCode).toBe(404);
    const trash = await ok(b.admin.post('/v3/chats/cs-line/page', { deleted: 'TRASH' }));
    expect(trash.records.map((r: Json) => r.id)).not.toContain(lineId);
    await ok(a.admin.post('/v3/chats/cs-line/delete', { ids: [lineId], deleted: 'NONE' }));
    expect((await detail(b.admin)).statusCode).toBe(200);
  });
});
