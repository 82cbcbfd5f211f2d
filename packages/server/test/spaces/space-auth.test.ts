import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsers } from '../desk-staffing/helpers.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

/**
 * A ticket space's save body and detail as the spec names them (§3, §7: taskKindIds; taskKinds of kindId, kindName,
 * kindType, createTime; detail by `id`), and its authorisation panels (§2 "/ticket/space/auth", §6: the organisation
 * panel only with ticket-space.edit and for the space's own organisation; a space granted to another organisation is
 * readable there, never changed there).
 */
let t: TestApp;
/** organisation A owns the spaces; B is granted one; C never is */
let a: { organizationId: number; admin: Caller; viewer: Caller };
let b: { organizationId: number; admin: Caller };
let c: { organizationId: number; admin: Caller };
let staffA: string[];
let staffB: string[];
/** A's ticket kinds: 投诉处理, 退换货, 咨询回访 */
let kinds: string[];
let spaceId: string;

beforeAll(async () => {
  t = await startTestApp();
  a = await organisationWith(t, 'space-auth-a', { admin: ['*'], viewer: ['ticket-space.view'] });
  b = await organisationWith(t, 'space-auth-b', { admin: ['*'] });
  c = await organisationWith(t, 'space-auth-c', { admin: ['*'] });
  staffA = await createUsers(t, a.organizationId, ['甲一', '甲二']);
  staffB = await createUsers(t, b.organizationId, ['乙一', '乙二']);
  kinds = [];
  for (const [name, code] of [
    ['投诉处理', 'COMPLAINT'],
    ['退换货', 'RETURN'],
    ['咨询回访', 'VISIT'],
  ])
    kinds.push((await ok(a.admin.post('/v3/feed/task-kind/create', { name, code }))).id);
  spaceId = (
    await ok(a.admin.post('/v3/feed/space/create', { name: '共享工单空间', type: 'TICKET', taskKindIds: kinds }))
  ).id;
}, 60_000);
afterAll(async () => t?.close());

const detail = (who: Caller, query: Record<string, string> = { spaceId }) =>
  who.post('/v3/feed/space/detail', {}, { query });
const page = (who: Caller, body: Json) => ok(who.post('/v3/feed/space/auth/page', { targetId: spaceId, ...body }));
const apply = (who: Caller, body: Json, lang?: 'en') =>
  who.post('/v3/feed/space/auth/apply', { targetId: spaceId, ...body }, lang ? { lang } : {});
const granted = (answer: Json) => answer.records.filter((r: Json) => r.granted).map((r: Json) => r.memberId);
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('space save and detail: the spec’s names (T-R20, T-R21)', () => {
  it('answers taskKinds as kindId, kindName, kindType and createTime, in order, by id as well as spaceId', async () => {
    const byId = await ok(detail(a.admin, { id: spaceId }));
    expect(byId).toEqual(await ok(detail(a.admin)));
    expect(byId.taskKindIds).toEqual(kinds);
    expect(byId.taskKinds.map((k: Json) => [k.kindId, k.kindName, k.kindType])).toEqual([
      [kinds[0], '投诉处理', 'TICKET'],
      [kinds[1], '退换货', 'TICKET'],
      [kinds[2], '咨询回访', 'TICKET'],
    ]);
    const kind = await ok(a.admin.post('/v3/feed/task-kind/detail', {}, { query: { kindId: kinds[1]! } }));
    expect(byId.taskKinds[1].createTime).toMatch(TIME);
    expect(byId.taskKinds[1].createTime).toBe(kind.createTime);
    // neither name: the 400 names spaceId
    const none = await a.admin.post('/v3/feed/space/detail', {}, { query: {}, lang: 'en' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'spaceId' });
  });

  it('saves taskKindIds in the order given, each once, whatever the order (property)', async () => {
    const stored = await ok(detail(a.admin));
    let version = stored.version as number;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...kinds), { maxLength: 6 }), async (ids) => {
        await ok(a.admin.post('/v3/feed/space/change', { ...stored, version, taskKindIds: ids }));
        const shown = await ok(detail(a.admin));
        version = shown.version;
        const once = [...new Set(ids)];
        expect(shown.taskKindIds).toEqual(once);
        expect(shown.taskKinds.map((k: Json) => k.kindId)).toEqual(once);
      }),
      { numRuns: 12 },
    );
    await ok(a.admin.post('/v3/feed/space/change', { ...stored, version, taskKindIds: kinds }));
  });

  it('still reads kindIds, the first release’s name, when taskKindIds is absent; taskKindIds wins over it', async () => {
    const { id } = await ok(
      a.admin.post('/v3/feed/space/create', { name: '旧客户端', type: 'TICKET', kindIds: [kinds[2], kinds[0]] }),
    );
    const made = await ok(detail(a.admin, { spaceId: id }));
    expect(made.taskKindIds).toEqual([kinds[2], kinds[0]]);
    await ok(
      a.admin.post('/v3/feed/space/change', {
        id,
        version: made.version,
        name: '旧客户端',
        type: 'TICKET',
        taskKindIds: [kinds[1]],
        kindIds: [kinds[0]],
      }),
    );
    expect((await ok(detail(a.admin, { spaceId: id }))).taskKindIds).toEqual([kinds[1]]);
    const bad = await a.admin.post('/v3/feed/space/create', { name: '旧客户端', type: 'TICKET', kindIds: ['x', 5] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'kindIds[1]' });
  });
});

describe('space authorisation: the staff panel (T-R24, T-S04)', () => {
  it('lists the organisation’s users 10 a page with whether each is granted, and grants and withdraws them', async () => {
    const first = await page(a.admin, { memberType: 'STAFF' });
    expect(first).toMatchObject({ page: 1, size: 10, editable: true });
    expect(first.records.map((r: Json) => r.memberId)).toEqual(expect.arrayContaining(staffA));
    expect(first.records.map((r: Json) => r.memberId)).not.toContain(staffB[0]);
    expect(await ok(apply(a.admin, { memberType: 'STAFF', add: staffA }))).toEqual({ added: 2, removed: 0 });
    expect(granted(await page(a.admin, { memberType: 'STAFF', keyword: '甲' })).sort()).toEqual([...staffA].sort());
    expect(await ok(apply(a.admin, { memberType: 'STAFF', remove: [staffA[1]] }))).toEqual({ added: 0, removed: 1 });
    expect(granted(await page(a.admin, { memberType: 'STAFF', keyword: '甲' }))).toEqual([staffA[0]]);
    // a line's grants are another target: the space's panel does not show them
    const lineId = (await ok(a.admin.post('/v3/chats/cs-line/create', { name: '线路' }))).id;
    await ok(a.admin.post('/v3/chats/cs-line/auth/apply', { targetId: lineId, memberType: 'STAFF', add: [staffA[1]] }));
    expect(granted(await page(a.admin, { memberType: 'STAFF', keyword: '甲' }))).toEqual([staffA[0]]);
  });

  it('refuses a user of another organisation naming add[i], and is read-only without ticket-space.edit', async () => {
    const foreign = await apply(a.admin, { memberType: 'STAFF', add: [staffA[1], staffB[0]] }, 'en');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      field: 'add[1]',
      message: `User ${staffB[0]} is not staff of your organisation`,
    });
    expect((await page(a.viewer, { memberType: 'STAFF' })).editable).toBe(false);
    expect((await page(a.viewer, { memberType: 'ORG' })).editable).toBe(false);
    const refused = await apply(a.viewer, { memberType: 'STAFF', add: [staffA[1]] });
    expect(refused.statusCode).toBe(403);
    expect(granted(await page(a.admin, { memberType: 'STAFF', keyword: '甲' }))).toEqual([staffA[0]]);
  });
});

describe('space authorisation: the organisation panel (T-B19)', () => {
  it('lets the space’s own organisation grant it to another; the other reads it, never changes it', async () => {
    const orgs = await page(a.admin, { memberType: 'ORG', keyword: 'space-auth-' });
    expect(orgs).toMatchObject({ editable: true, total: 2 });
    expect(orgs.records.map((r: Json) => r.memberName)).toEqual(['space-auth-b', 'space-auth-c']);
    expect((await detail(b.admin)).statusCode).toBe(404);

    expect(await ok(apply(a.admin, { memberType: 'ORG', add: [String(b.organizationId)] }))).toEqual({
      added: 1,
      removed: 0,
    });
    // B reads the space with A's kinds in A's order, in detail, page and list
    const shown = await ok(detail(b.admin));
    expect(shown).toMatchObject({ id: spaceId, tenantId: String(a.organizationId), taskKindIds: kinds });
    expect(shown.taskKinds.map((k: Json) => k.kindName)).toEqual(['投诉处理', '退换货', '咨询回访']);
    const theirPage = await ok(b.admin.post('/v3/feed/space/page', { keyword: '共享工单空间' }));
    expect(theirPage.records.map((r: Json) => [r.id, r.taskKinds.length])).toEqual([[spaceId, 3]]);
    expect((await ok(b.admin.post('/v3/feed/space/list', { type: 'TICKET' }))).map((r: Json) => r.id)).toContain(
      spaceId,
    );
    // C was not granted
    expect((await detail(c.admin)).statusCode).toBe(404);
    expect((await ok(c.admin.post('/v3/feed/space/page', {}))).total).toBe(0);
    expect(
      (await c.admin.post('/v3/feed/space/auth/page', { targetId: spaceId, memberType: 'STAFF' })).statusCode,
    ).toBe(404);

    // B changes nothing of it: save and delete are 404, and A's space is as it was
    const change = await b.admin.post('/v3/feed/space/change', { ...shown, name: '改名' });
    expect(change.statusCode).toBe(404);
    const trash = await b.admin.post('/v3/feed/space/delete', { ids: [spaceId], deleted: 'TRASH' });
    expect(trash.statusCode).toBe(404);
    expect((await ok(detail(a.admin))).name).toBe('共享工单空间');
  });

  it('refuses the organisation panel to anyone but the owner (403, even with ticket-space.edit)', async () => {
    const theirs = await page(b.admin, { memberType: 'ORG' });
    expect(theirs.editable).toBe(false);
    for (const lang of [undefined, 'en'] as const) {
      const res = await apply(b.admin, { memberType: 'ORG', add: [String(c.organizationId)] }, lang);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        lang === 'en'
          ? "Only the space's own organisation can change its organisation grants"
          : '只有空间所属组织可以修改组织授权',
      );
    }
    const withdraw = await apply(b.admin, { memberType: 'ORG', remove: [String(b.organizationId)] });
    expect(withdraw.statusCode).toBe(403);
    expect(granted(await page(a.admin, { memberType: 'ORG', keyword: 'space-auth-' }))).toEqual([
      String(b.organizationId),
    ]);
    // the owner's viewer may read the panel but the apply call needs ticket-space.edit
    expect((await apply(a.viewer, { memberType: 'ORG', add: [String(c.organizationId)] })).statusCode).toBe(403);
  });

  it('lets the granted organisation authorise its own staff; withdrawing the organisation withdraws them', async () => {
    const theirStaff = await page(b.admin, { memberType: 'STAFF', keyword: '乙' });
    expect(theirStaff.editable).toBe(true);
    expect(theirStaff.records.map((r: Json) => r.memberId).sort()).toEqual([...staffB].sort());
    expect(await ok(apply(b.admin, { memberType: 'STAFF', add: [staffB[0]] }))).toEqual({ added: 1, removed: 0 });
    // each organisation sees its own staff's grants only
    expect(granted(await page(a.admin, { memberType: 'STAFF', keyword: '甲' }))).toEqual([staffA[0]]);

    await ok(apply(a.admin, { memberType: 'ORG', remove: [String(b.organizationId)] }));
    expect((await detail(b.admin)).statusCode).toBe(404);
    await ok(apply(a.admin, { memberType: 'ORG', add: [String(b.organizationId)] }));
    expect(granted(await page(b.admin, { memberType: 'STAFF', keyword: '乙' }))).toEqual([]);
  });

  it('leaves a space in the trash out of the granted organisation’s reads', async () => {
    await ok(a.admin.post('/v3/feed/space/delete', { ids: [spaceId], deleted: 'TRASH' }));
    expect((await detail(b.admin)).statusCode).toBe(404);
    expect((await ok(b.admin.post('/v3/feed/space/page', { keyword: '共享工单空间' }))).total).toBe(0);
    await ok(a.admin.post('/v3/feed/space/delete', { ids: [spaceId], deleted: 'NONE' }));
    expect((await ok(detail(b.admin))).id).toBe(spaceId);
  });
});
