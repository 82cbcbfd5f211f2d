import { LIMITS } from '@qcdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps } from '../../src/db/schema/index.js';
import { createOrganizationWithAdmin } from '../../src/people/create-people.js';
import { DEFAULT_APP_NAME } from '../../src/routes/app/index.js';
import { DEMO_SPACES, findDemoSpaces, seedDemoSpaces } from '../../src/seed/demo-spaces.js';
import { type Caller, organisationWith, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let outsider: Caller;
let organizationId: number;
/** three kinds of the home organisation: 投诉处理 (COMPLAINT), 退换货 (RETURN), 咨询回访 (FOLLOWUP) */
const kind = { complaint: '', back: '', visit: '' };

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, organizationId } = await organisationWith(t, 'spaces', { admin: ['*'] }));
  ({ admin: outsider } = await organisationWith(t, 'spaces-other', { admin: ['*'] }));
  kind.complaint = (await ok(admin.post('/v3/feed/task-kind/create', { name: '投诉处理', code: 'COMPLAINT' }))).id;
  kind.back = (await ok(admin.post('/v3/feed/task-kind/create', { name: '退换货', code: 'RETURN' }))).id;
  kind.visit = (await ok(admin.post('/v3/feed/task-kind/create', { name: '咨询回访', code: 'FOLLOWUP' }))).id;
}, 60_000);
afterAll(async () => t?.close());

const createSpace = (body: Json, lang?: 'en', as: Caller = admin) =>
  as.post('/v3/feed/space/create', body, lang ? { lang } : {});
const spaceDetail = (spaceId: string) => ok(admin.post('/v3/feed/space/detail', {}, { query: { spaceId } }));
const spaceKinds = (spaceId: string, as: Caller = admin) =>
  as.post('/v3/feed/task-kind/space/kinds', {}, { query: { spaceId } });
const kindDetail = (kindId: string) => ok(admin.post('/v3/feed/task-kind/detail', {}, { query: { kindId } }));
const moveKind = (id: string, deleted: string) => ok(admin.post('/v3/feed/task-kind/delete', { ids: [id], deleted }));

describe('ticket spaces: their ticket kinds', () => {
  it('keeps the kinds in the order given (repeats dropped), with names and codes, in detail, page and space/kinds', async () => {
    const { id } = await ok(
      createSpace({
        name: '售后工单',
        type: 'TICKET',
        taskKindIds: [kind.visit, kind.complaint, kind.visit, kind.back],
      }),
    );
    const expected = [
      { kindId: kind.visit, kindName: '咨询回访', kindCode: 'FOLLOWUP', kindType: 'TICKET' },
      { kindId: kind.complaint, kindName: '投诉处理', kindCode: 'COMPLAINT', kindType: 'TICKET' },
      { kindId: kind.back, kindName: '退换货', kindCode: 'RETURN', kindType: 'TICKET' },
    ];
    expect(await spaceDetail(id)).toMatchObject({
      type: 'TICKET',
      taskKindIds: [kind.visit, kind.complaint, kind.back],
      taskKinds: expected,
    });
    const page = await ok(admin.post('/v3/feed/space/page', { keyword: '售后工单' }));
    expect(page.records.map((r: Json) => r.taskKinds)).toMatchObject([expected]);
    expect(await ok(spaceKinds(id))).toMatchObject(expected);

    // a new order is saved as given
    const stored = await spaceDetail(id);
    await ok(admin.post('/v3/feed/space/change', { ...stored, taskKindIds: [kind.back, kind.visit] }));
    expect((await ok(spaceKinds(id))).map((k: Json) => k.kindName)).toEqual(['退换货', '咨询回访']);
  });

  it('refuses a kind of another organisation, one in the trash and an unknown id: 400 naming taskKindIds[i]', async () => {
    const foreign = (await ok(outsider.post('/v3/feed/task-kind/create', { name: '别家模版', code: 'OTHER' }))).id;
    const trashed = (await ok(admin.post('/v3/feed/task-kind/create', { name: '旧模版', code: 'OLD' }))).id;
    await moveKind(trashed, 'TRASH');
    for (const id of [foreign, trashed, '999999', 'abc']) {
      const res = await createSpace({ name: '工单', type: 'TICKET', taskKindIds: [kind.complaint, id] });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ field: 'taskKindIds[1]', message: `工单模版 ${id} 不存在` });
    }
    const en = await createSpace({ name: '工单', type: 'TICKET', taskKindIds: [foreign] }, 'en');
    expect(en.json()).toMatchObject({ field: 'taskKindIds[0]', message: `Ticket kind ${foreign} not found` });
  });

  it('gives kinds to ticket spaces only, and keeps the type a space was created with', async () => {
    for (const type of ['CS_QUICK', 'CS_KB']) {
      const res = await createSpace({ name: '快捷回复', type, taskKindIds: [kind.complaint] });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toMatchObject({ field: 'taskKindIds', message: '只有工单空间可以设置工单模版' });
    }
    const { id } = await ok(createSpace({ name: '快捷回复', type: 'CS_QUICK' }));
    expect(await spaceDetail(id)).toMatchObject({ type: 'CS_QUICK', taskKindIds: [], taskKinds: [] });
    const stored = await spaceDetail(id);
    const retyped = await admin.post('/v3/feed/space/change', { ...stored, type: 'TICKET' }, { lang: 'en' });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json()).toMatchObject({ field: 'type', message: 'A space keeps the type it was created with' });
    expect((await spaceDetail(id)).type).toBe('CS_QUICK');
  });

  it('checks name ≤ 100 (required) and intro ≤ 200, and filters by type', async () => {
    const noName = await createSpace({ name: ' ', type: 'TICKET' });
    expect(noName.json()).toMatchObject({ field: 'name', message: 'name：此项为必填项' });
    const longIntro = await createSpace({ name: '长介绍', type: 'TICKET', intro: '介'.repeat(201) });
    expect(longIntro.json()).toMatchObject({ field: 'intro', message: 'intro：不能超过 200 个字符' });
    await ok(createSpace({ name: '名'.repeat(100), type: 'CS_KB', intro: '介'.repeat(200) }));
    const kb = await ok(admin.post('/v3/feed/space/list', { type: 'CS_KB' }));
    expect(kb.map((s: Json) => s.name)).toEqual(['名'.repeat(100)]);
  });

  it('leaves a kind in the trash out of the spaces listing it, and shows it again once restored', async () => {
    const temp = (await ok(admin.post('/v3/feed/task-kind/create', { name: '临时模版', code: 'TEMP' }))).id;
    const { id } = await ok(createSpace({ name: '临时空间', type: 'TICKET', taskKindIds: [temp, kind.complaint] }));
    expect((await kindDetail(temp)).spaces).toEqual([{ spaceId: id, spaceName: '临时空间' }]);

    await moveKind(temp, 'TRASH');
    expect(await spaceDetail(id)).toMatchObject({
      taskKindIds: [kind.complaint],
      taskKinds: [{ kindId: kind.complaint }],
    });
    expect((await ok(spaceKinds(id))).map((k: Json) => k.kindId)).toEqual([kind.complaint]);
    await moveKind(temp, 'NONE');
    expect((await ok(spaceKinds(id))).map((k: Json) => k.kindId)).toEqual([temp, kind.complaint]);

    // a space saved while the kind is in the trash saves what it shows: the kind is no longer listed after a restore
    await moveKind(temp, 'TRASH');
    await ok(admin.post('/v3/feed/space/change', await spaceDetail(id)));
    await moveKind(temp, 'NONE');
    expect((await ok(spaceKinds(id))).map((k: Json) => k.kindId)).toEqual([kind.complaint]);
    expect((await kindDetail(temp)).spaces).toEqual([]);
  });

  it('answers space/kinds 404 for an unknown space or another organisation’s', async () => {
    const { id } = await ok(createSpace({ name: '别人看不到', type: 'TICKET', taskKindIds: [kind.complaint] }));
    for (const [spaceId, who] of [
      ['999999', admin],
      [id, outsider],
    ] as const) {
      const res = await spaceKinds(spaceId, who);
      expect(res.statusCode, spaceId).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: `空间 ${spaceId} 不存在` });
    }
  });
});

describe('ticket kinds', () => {
  it('start shielded (INACTIVE), list the spaces using them, and are changed only while shielded', async () => {
    const { id } = await ok(admin.post('/v3/feed/task-kind/create', { name: '质检工单', code: 'QC', taskCode: 'ZJ' }));
    expect(await kindDetail(id)).toMatchObject({ status: 'INACTIVE', spaces: [], code: 'QC', taskCode: 'ZJ' });
    const a = (await ok(createSpace({ name: '空间甲', type: 'TICKET', taskKindIds: [id] }))).id;
    const b = (await ok(createSpace({ name: '空间乙', type: 'TICKET', taskKindIds: [kind.back, id] }))).id;
    expect((await kindDetail(id)).spaces).toEqual([
      { spaceId: a, spaceName: '空间甲' },
      { spaceId: b, spaceName: '空间乙' },
    ]);

    await ok(admin.post('/v3/feed/task-kind/status', { ids: [id], status: 'ACTIVE' }));
    const active = await kindDetail(id);
    const refused = await admin.post('/v3/feed/task-kind/change', { ...active, name: '改名' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'KIND_ACTIVE', message: '请先屏蔽，再编辑工单模版' });
    await ok(admin.post('/v3/feed/task-kind/status', { ids: [id], status: 'INACTIVE' }));
    await ok(admin.post('/v3/feed/task-kind/change', { ...(await kindDetail(id)), name: '改名' }));
    expect((await ok(spaceKinds(a)))[0]).toMatchObject({ kindId: id, kindName: '改名' });
  });

  it('checks name ≤ 30, code ≤ 20, taskCode ≤ 10', async () => {
    const create = (body: Json) => admin.post('/v3/feed/task-kind/create', body);
    expect((await create({ name: '名'.repeat(31) })).json()).toMatchObject({ field: 'name' });
    expect((await create({ name: '模版', code: 'C'.repeat(21) })).json()).toMatchObject({
      field: 'code',
      message: 'code：不能超过 20 个字符',
    });
    expect((await create({ name: '模版', code: 'C', taskCode: 'T'.repeat(11) })).json()).toMatchObject({
      field: 'taskCode',
      message: 'taskCode：不能超过 10 个字符',
    });
    await ok(create({ name: '名'.repeat(30), code: 'C'.repeat(20), taskCode: 'T'.repeat(10) }));
  });
});

describe('chatbots: knowledge bases are CS_KB spaces', () => {
  it('keeps live knowledge bases with their names; refuses other types, trashed, foreign and unknown spaces', async () => {
    const kb = (await ok(createSpace({ name: '商品知识库', type: 'CS_KB' }))).id;
    const faq = (await ok(createSpace({ name: '售后知识库', type: 'CS_KB' }))).id;
    const ticket = (await ok(createSpace({ name: '工单空间', type: 'TICKET' }))).id;
    const quick = (await ok(createSpace({ name: '快捷回复空间', type: 'CS_QUICK' }))).id;
    const trashed = (await ok(createSpace({ name: '旧知识库', type: 'CS_KB' }))).id;
    await ok(admin.post('/v3/feed/space/delete', { ids: [trashed], deleted: 'TRASH' }));
    const foreign = (await ok(createSpace({ name: '别家知识库', type: 'CS_KB' }, undefined, outsider))).id;

    const bot = { name: '售前机器人', nick: '小助手' };
    for (const id of [ticket, quick, trashed, foreign, '999999']) {
      const res = await admin.post('/v3/chats/chatbot/create', { ...bot, spaceIds: [kb, kb, id] });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ field: 'spaceIds[2]', message: `知识库 ${id} 不存在` });
    }
    const { id } = await ok(admin.post('/v3/chats/chatbot/create', { ...bot, spaceIds: [faq, kb, faq] }));
    const shown = await ok(admin.post('/v3/chats/chatbot/detail', {}, { query: { chatbotId: id } }));
    expect(shown).toMatchObject({
      spaceIds: [faq, kb],
      spaces: [
        { spaceId: faq, spaceName: '售后知识库' },
        { spaceId: kb, spaceName: '商品知识库' },
      ],
    });

    // a renamed knowledge base shows its new name; one in the trash is left out
    await ok(admin.post('/v3/feed/space/change', { ...(await spaceDetail(kb)), name: '商品百科' }));
    await ok(admin.post('/v3/feed/space/delete', { ids: [faq], deleted: 'TRASH' }));
    const page = await ok(admin.post('/v3/chats/chatbot/page', { keyword: '售前机器人' }));
    expect(page.records[0]).toMatchObject({ spaceIds: [kb], spaces: [{ spaceId: kb, spaceName: '商品百科' }] });
  });
});

describe('apps: the owning-app selector', () => {
  let branch: Caller;
  let branchOrg: number;

  beforeAll(async () => {
    const made = await createOrganizationWithAdmin(t.database.db, {
      name: '分公司',
      admin: { username: 'branch-boss', name: '分公司管理员', password: 'branch-password-1' },
    });
    branchOrg = made.organizationId;
    branch = await signIn(t, 'branch-boss', 'branch-password-1');
  });

  it('gives a new organisation its default app', async () => {
    expect(await ok(branch.post('/v3/users/app/list/top', {}))).toEqual([
      { id: expect.any(String), name: DEFAULT_APP_NAME, type: 'FRONT' },
    ]);
  });

  it('lists the live apps of the organisation by keyword, status, types and mode, at most 100', async () => {
    const own = { organizationId: branchOrg };
    await t.database.db.insert(apps).values([
      { ...own, name: '会员联合应用', type: 'UNION', mode: 'DEV' },
      { ...own, name: '商城前台', type: 'FRONT', mode: 'PROD' },
      { ...own, name: '停用的应用', type: 'FRONT', status: 'INACTIVE' },
      { ...own, name: '回收站里的应用', deleted: 'TRASH' },
      { organizationId, name: '别家的应用' },
    ]);
    const top = async (body: Json) =>
      (await ok(branch.post('/v3/users/app/list/top', body))).map((a: Json) => a.name).sort();
    expect(await top({})).toEqual([DEFAULT_APP_NAME, '会员联合应用', '停用的应用', '商城前台'].sort());
    // the line form's selector: mode DEV, status ACTIVE, types FRONT and UNION (spec §7)
    expect(await top({ mode: 'DEV', status: 'ACTIVE', types: ['FRONT', 'UNION'] })).toEqual(
      [DEFAULT_APP_NAME, '会员联合应用'].sort(),
    );
    expect(await top({ types: ['UNION'] })).toEqual(['会员联合应用']);
    expect(await top({ keyword: '商城' })).toEqual(['商城前台']);
    expect(await top({ status: 'INACTIVE' })).toEqual(['停用的应用']);

    await t.database.db
      .insert(apps)
      .values(Array.from({ length: LIMITS.topLookup }, (_, i) => ({ ...own, name: `批量应用 ${i}` })));
    expect((await ok(branch.post('/v3/users/app/list/top', {}))).length).toBe(LIMITS.topLookup);
  });

  it('refuses a wrong filter naming it', async () => {
    const res = await branch.post('/v3/users/app/list/top', { types: ['BACK'] }, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('types[0]');
  });
});

describe('demo spaces', () => {
  it('seeds three kinds and a ticket space listing them in order, a quick-reply space and a knowledge base', async () => {
    const made = await createOrganizationWithAdmin(t.database.db, {
      name: '演示空间',
      admin: { username: 'demo-spaces', name: '管理员', password: 'demo-spaces-password' },
    });
    await seedDemoSpaces({ db: t.database.db, organizationId: made.organizationId, users: { admin: made.adminId } });
    const demo = await signIn(t, 'demo-spaces', 'demo-spaces-password');
    const found = await findDemoSpaces(t.database.db, made.organizationId);

    const kinds = await ok(demo.post('/v3/feed/task-kind/list', {}));
    expect(
      kinds
        .map((k: Json) => [k.name, k.code, k.taskCode, k.status])
        .sort((a: string[], b: string[]) => (a[1]! < b[1]! ? -1 : 1)),
    ).toEqual([
      ['投诉处理', 'COMPLAINT', 'TS', 'ACTIVE'],
      ['咨询回访', 'FOLLOWUP', 'HF', 'INACTIVE'],
      ['退换货', 'RETURN', 'TH', 'ACTIVE'],
    ]);
    const ticket = await ok(demo.post('/v3/feed/space/detail', {}, { query: { spaceId: String(found.ticket) } }));
    expect(ticket).toMatchObject({ name: DEMO_SPACES.ticket.name, type: 'TICKET' });
    expect(ticket.taskKinds.map((k: Json) => [k.kindName, k.kindId])).toEqual([
      ['投诉处理', String(found.kinds.get('COMPLAINT'))],
      ['退换货', String(found.kinds.get('RETURN'))],
      ['咨询回访', String(found.kinds.get('FOLLOWUP'))],
    ]);
    const byType = async (type: string) =>
      (await ok(demo.post('/v3/feed/space/list', { type }))).map((s: Json) => [s.id, s.name]);
    expect(await byType('CS_QUICK')).toEqual([[String(found.quick), '常用快捷回复']]);
    expect(await byType('CS_KB')).toEqual([[String(found.knowledge), '商品知识库']]);
  });
});
