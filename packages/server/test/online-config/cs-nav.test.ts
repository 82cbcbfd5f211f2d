import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUploads } from '../../src/files/upload-lifetime.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { multipartFile } from '../helpers/uploads.js';
import { lineFixtures } from '../lines/line-fixtures.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let viewer: Caller;
let outsider: Caller;
const home = { online: [] as string[], hotlineGroupId: '', kbId: '', routed: [] as string[] };
const away = { groupId: '' };

beforeAll(async () => {
  t = await startTestApp();
  let organizationId: number;
  ({ organizationId, admin, viewer } = await organisationWith(t, 'cs-nav', {
    admin: ['*'],
    viewer: ['csNav.view'],
  }));
  const f = lineFixtures(t, organizationId);
  home.online = [await f.group('售前组', 'ONLINE'), await f.group('售后组', 'ONLINE')];
  home.hotlineGroupId = await f.group('热线组', 'HOTLINE');
  home.kbId = await f.space('商品知识库', 'CS_KB');
  // groups only the navigations of the lines' tests route to
  home.routed = [await f.group('咨询组', 'ONLINE'), await f.group('投诉组', 'ONLINE')];
  const other = await organisationWith(t, 'cs-nav-other', { admin: ['*'] });
  outsider = other.admin;
  away.groupId = await lineFixtures(t, other.organizationId).group('别家在线组', 'ONLINE');
}, 90_000);
afterAll(async () => t?.close());

const save = (body: Json, lang?: 'en', as: Caller = admin) =>
  as.post(body.id ? '/v3/chats/cs-nav/change' : '/v3/chats/cs-nav/create', body, lang ? { lang } : {});
const detail = (navId: string, as: Caller = admin): Promise<Json> =>
  ok(as.post('/v3/chats/cs-nav/detail', {}, { query: { navId } }));
const create = async (body: Json) => (await ok(save(body))).id as string;
const refusal = async (res: Promise<{ statusCode: number; json(): Json }>) => {
  const answer = await res;
  expect(answer.statusCode).toBe(400);
  return answer.json();
};
/** the field paths a refused save names, with the messages a user reads */
const problems = (answer: Json): [string, string][] =>
  answer.errors.map((e: { field: string; message: string }) => [e.field, e.message]);

const text = (name: string, content = '您好') => ({ name, type: 'TEXT', params: { content } });

describe('navigations: a new one of each kind (O-E18..E23, O-V24, O-V25)', () => {
  it('takes the type from the kind and starts with the kind’s empty config', async () => {
    const self = await detail(await create({ name: '自助导航', kind: 'SELF' }));
    expect(self).toMatchObject({
      type: 'ONLINE',
      kind: 'SELF',
      onlineConfig: { tabs: [{ name: '标签-1', menus: [] }], buttons: [] },
      hotlineConfig: null,
      lines: [],
    });
    const ivr = await detail(await create({ name: '热线IVR导航', kind: 'IVR', type: 'HOTLINE' }));
    expect(ivr).toMatchObject({
      type: 'HOTLINE',
      onlineConfig: null,
      hotlineConfig: {
        ivrRoutes: [],
        inScore: { key: 'InScore', nodes: [] },
        outScore: { key: 'OutScore', nodes: [] },
      },
    });
  });

  it('needs a name of at most 100 characters and a kind; refuses a type that is not the kind’s', async () => {
    expect(problems(await refusal(save({ kind: 'BOTTOM' })))).toEqual([['name', '此项为必填项']]);
    expect(problems(await refusal(save({ name: '名'.repeat(101), kind: 'BOTTOM' }, 'en')))).toEqual([
      ['name', 'At most 100 characters'],
    ]);
    expect(problems(await refusal(save({ name: '底部' })))).toEqual([['kind', '此项为必填项']]);
    expect(problems(await refusal(save({ name: '底部', kind: 'BOTTOM', type: 'HOTLINE' })))).toEqual([
      ['type', 'BOTTOM 导航的类型应为 ONLINE'],
    ]);
  });

  it('refuses the config the kind does not use', async () => {
    const answer = await refusal(save({ name: 'IVR', kind: 'IVR', onlineConfig: { buttons: [] } }, 'en'));
    expect(problems(answer)).toEqual([['onlineConfig', 'This kind of navigation does not use this configuration']]);
    // null is what a form sends for the field it does not show
    await ok(save({ name: 'IVR', kind: 'IVR', onlineConfig: null }));
  });

  it('keeps type and kind once created, naming the field (O-V24)', async () => {
    const id = await create({ name: '底部导航', kind: 'BOTTOM' });
    const { version } = await detail(id);
    const kind = await refusal(save({ id, version, name: '底部导航', kind: 'SIDE' }));
    expect(kind).toMatchObject({ field: 'kind', message: '导航种类创建后不能修改' });
    const type = await refusal(save({ id, version, name: '底部导航', kind: 'IVR', type: 'HOTLINE' }, 'en'));
    expect(type).toMatchObject({ field: 'kind', message: 'A navigation keeps the kind it was created with' });
    expect(await detail(id)).toMatchObject({ kind: 'BOTTOM', type: 'ONLINE', version });
  });

  it('keeps the stored config when a change leaves it out', async () => {
    const id = await create({ name: '底部', kind: 'BOTTOM', onlineConfig: { buttons: [text('营业时间')] } });
    const { version } = await detail(id);
    await ok(save({ id, version, name: '底部栏', kind: 'BOTTOM', welcome: '欢迎' }));
    expect(await detail(id)).toMatchObject({
      name: '底部栏',
      welcome: '欢迎',
      onlineConfig: { buttons: [{ name: '营业时间', params: { content: '您好' } }] },
    });
  });
});

describe('navigations: SELF, BOTTOM and SIDE configs (O-E19..E21, O-V26..V28)', () => {
  it('holds at most 5 tabs (O-V27)', async () => {
    const tabs = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `标签-${i + 1}`, menus: [] }));
    const id = await create({ name: '五个标签', kind: 'SELF', onlineConfig: { tabs: tabs(5), buttons: [] } });
    expect((await detail(id)).onlineConfig.tabs).toHaveLength(5);
    const six = await refusal(save({ name: '六个标签', kind: 'SELF', onlineConfig: { tabs: tabs(6) } }));
    expect(problems(six)).toEqual([['onlineConfig.tabs', '标签最多 5 个']]);
  });

  it('keeps one sub-menu level: a sub-menu cannot open menus of its own', async () => {
    const deep = {
      name: '菜单-1',
      type: 'MENU',
      menus: [{ name: '菜单-1', type: 'MENU', menus: [text('菜单-1')] }],
    };
    const answer = await refusal(
      save({ name: '太深', kind: 'SELF', onlineConfig: { tabs: [{ name: '标签-1', menus: [deep] }] } }),
    );
    expect(problems(answer)).toEqual([['onlineConfig.tabs[0].menus[0].menus[0].menus', '子菜单只能有一级']]);
    const menuType = await refusal(
      save({
        name: '子菜单',
        kind: 'SELF',
        onlineConfig: { tabs: [{ name: '标签-1', menus: [{ ...deep, menus: [{ name: '菜单-1', type: 'MENU' }] }] }] },
      }),
    );
    expect(problems(menuType)).toEqual([['onlineConfig.tabs[0].menus[0].menus[0].type', '子菜单只能有一级']]);
    const empty = await refusal(
      save({
        name: '空菜单',
        kind: 'SELF',
        onlineConfig: { tabs: [{ name: '标签-1', menus: [{ name: '菜单-1', type: 'MENU' }] }] },
      }),
    );
    expect(problems(empty)).toEqual([['onlineConfig.tabs[0].menus[0].menus', '请添加子菜单']]);
  });

  it('needs the params of each action type and keeps only those (O-V28)', async () => {
    const buttons = [
      { name: '文本', type: 'TEXT', params: {} },
      { name: '发送', type: 'SEND', params: { content: ' ' } },
      { name: '链接', type: 'LINK', params: { url: 'javascript:alert(1)' } },
      { name: '链接二', type: 'LINK', params: {} },
      { name: '资讯', type: 'FEED', params: {} },
      { name: '问答', type: 'QA', params: { count: 3 } },
      { name: '菜单', type: 'MENU', params: {} },
    ];
    const answer = await refusal(save({ name: '参数', kind: 'BOTTOM', onlineConfig: { buttons } }, 'en'));
    expect(problems(answer)).toEqual([
      ['onlineConfig.buttons[0].params.content', 'Please enter the content'],
      ['onlineConfig.buttons[1].params.content', 'Please enter the content'],
      ['onlineConfig.buttons[2].params.url', 'The link must be a full http:// or https:// address'],
      ['onlineConfig.buttons[3].params.url', 'Please enter the link'],
      ['onlineConfig.buttons[4].params.feedId', 'Please choose a feed'],
      ['onlineConfig.buttons[5].params.spaceId', 'Please choose a knowledge base'],
      ['onlineConfig.buttons[6].type', 'A button cannot open a sub-menu'],
    ]);

    const id = await create({
      name: '参数',
      kind: 'SIDE',
      onlineConfig: {
        buttons: [
          { name: '官网', type: 'LINK', params: { url: 'https://example.com/help', content: '不要' } },
          { name: '问答', type: 'QA', params: { spaceId: home.kbId, count: 5 } },
          { name: '转人工', type: 'AGENT', params: { content: '不要' }, menus: [text('不要')] },
          { name: '更多', type: 'MENU', menus: [text('菜单-1', '退货地址'), { name: '菜单-2', type: 'AGENT' }] },
        ],
      },
    });
    expect((await detail(id)).onlineConfig.buttons).toEqual([
      { name: '官网', type: 'LINK', params: { url: 'https://example.com/help' }, menus: [] },
      {
        name: '问答',
        type: 'QA',
        params: { spaceId: home.kbId, topicId: null, count: 5 },
        menus: [],
      },
      { name: '转人工', type: 'AGENT', params: {}, menus: [] },
      {
        name: '更多',
        type: 'MENU',
        params: {},
        menus: [
          { name: '菜单-1', type: 'TEXT', params: { content: '退货地址' } },
          { name: '菜单-2', type: 'AGENT', params: {} },
        ],
      },
    ]);
  });

  it('names of tabs, menus and buttons: required, at most 100 characters (O-V26)', async () => {
    const answer = await refusal(
      save({
        name: '名称',
        kind: 'SELF',
        onlineConfig: { tabs: [{ name: '', menus: [text('菜'.repeat(101))] }], buttons: [text(' ')] },
      }),
    );
    expect(problems(answer)).toEqual([
      ['onlineConfig.tabs[0].name', '此项为必填项'],
      ['onlineConfig.tabs[0].menus[0].name', '不能超过 100 个字符'],
      ['onlineConfig.buttons[0].name', '此项为必填项'],
    ]);
  });

  it('a QA item’s knowledge base must be a live one of the organisation', async () => {
    const answer = await refusal(
      save({
        name: '问答',
        kind: 'BOTTOM',
        onlineConfig: { buttons: [text('a'), { name: '问答', type: 'QA', params: { spaceId: '999999' } }] },
      }),
    );
    expect(answer).toMatchObject({ field: 'onlineConfig.buttons[1].params.spaceId', message: '知识库 999999 不存在' });
  });
});

describe('navigations: GROUP routes (O-E22, O-V29)', () => {
  it('stores weights as fractions, gives routes ids and answers the groups’ names', async () => {
    const id = await create({
      name: '技能组导航',
      kind: 'GROUP',
      onlineConfig: {
        routes: [
          {
            name: '售前',
            groups: [
              { groupId: home.online[0], weight: 0.7 },
              { groupId: home.online[1], weight: 0.3 },
            ],
          },
          { id: 'route-1', name: '售后', groups: [{ groupId: home.online[1], weight: 1 }] },
        ],
      },
    });
    expect((await detail(id)).onlineConfig.routes).toEqual([
      {
        id: 'route-2',
        name: '售前',
        groups: [
          { groupId: home.online[0], groupName: '售前组', weight: 0.7 },
          { groupId: home.online[1], groupName: '售后组', weight: 0.3 },
        ],
      },
      { id: 'route-1', name: '售后', groups: [{ groupId: home.online[1], groupName: '售后组', weight: 1 }] },
    ]);
  });

  it('refuses a weight outside 0..100 %, a group twice in a route and a route id twice', async () => {
    const answer = await refusal(
      save({
        name: '权重',
        kind: 'GROUP',
        onlineConfig: {
          routes: [
            {
              id: 'a',
              name: '一',
              groups: [
                { groupId: home.online[0], weight: 1.2 },
                { groupId: home.online[0], weight: 0.5 },
              ],
            },
            { id: 'a', name: '二', groups: [{ groupId: home.online[1], weight: -0.1 }] },
          ],
        },
      }),
    );
    expect(problems(answer)).toEqual([
      ['onlineConfig.routes[0].groups[0].weight', '权重须在 0 到 100% 之间'],
      ['onlineConfig.routes[0].groups[1].groupId', `技能组 ${home.online[0]} 在该路由中重复`],
      ['onlineConfig.routes[1].groups[0].weight', '权重须在 0 到 100% 之间'],
      ['onlineConfig.routes[1].id', '路由编号 a 重复'],
    ]);
  });

  it('routes only to live ONLINE groups of the organisation, naming the group’s place', async () => {
    const route = (groupId: string) => ({
      name: 'GROUP',
      kind: 'GROUP',
      onlineConfig: {
        routes: [
          {
            name: '一',
            groups: [
              { groupId: home.online[0], weight: 0.5 },
              { groupId, weight: 0.5 },
            ],
          },
        ],
      },
    });
    const foreign = await refusal(save(route(away.groupId)));
    expect(foreign).toMatchObject({
      field: 'onlineConfig.routes[0].groups[1].groupId',
      message: `技能组 ${away.groupId} 不存在`,
    });
    const hotline = await refusal(save(route(home.hotlineGroupId), 'en'));
    expect(hotline).toMatchObject({
      field: 'onlineConfig.routes[0].groups[1].groupId',
      message: `Skill group ${home.hotlineGroupId} is not an online group`,
    });
  });
});

describe('navigations: the IVR tree (O-E23, O-B13)', () => {
  it('keeps the two score roots whatever a save sends, and refuses other root keys', async () => {
    const id = await create({
      name: '热线',
      kind: 'IVR',
      hotlineConfig: {
        ivrRoutes: [{ name: '售前', code: '1', dn: '8001', nodes: [{ name: '新品', code: '1' }] }],
        inScore: null,
        outScore: { key: 'OutScore', nodes: [{ name: '满意', code: '1' }] },
        score: { name: '评价' },
      },
    });
    expect((await detail(id)).hotlineConfig).toEqual({
      ivrRoutes: [
        {
          name: '售前',
          code: '1',
          dn: '8001',
          type: 'ROUTE',
          nodes: [{ name: '新品', code: '1', type: 'ROUTE', nodes: [] }],
        },
      ],
      inScore: { key: 'InScore', nodes: [] },
      outScore: { key: 'OutScore', nodes: [{ name: '满意', code: '1', type: 'ROUTE', nodes: [] }] },
      score: { name: '评价', type: 'ROUTE' },
    });
    const renamed = await refusal(save({ name: '热线', kind: 'IVR', hotlineConfig: { inScore: { key: 'Other' } } }));
    expect(renamed.field).toBe('hotlineConfig.inScore.key');
  });

  it('refuses nodes more than 5 levels deep, naming the first one too deep', async () => {
    let node: Json = { name: '第6层' };
    for (let level = 5; level >= 1; level--) node = { name: `第${level}层`, nodes: [node] };
    const answer = await refusal(save({ name: '深', kind: 'IVR', hotlineConfig: { ivrRoutes: [node] } }));
    expect(problems(answer)).toEqual([
      ['hotlineConfig.ivrRoutes[0].nodes[0].nodes[0].nodes[0].nodes[0].nodes[0]', 'IVR 节点最多 5 层'],
    ]);
  });
});

describe('navigations and the lines that bind them (O-E09, O-E10, O-R50)', () => {
  let groupNav: string;
  let selfNav: string;
  let lineId: string;

  beforeAll(async () => {
    groupNav = await create({
      name: '分流',
      kind: 'GROUP',
      onlineConfig: {
        routes: [
          {
            name: '一',
            groups: [
              { groupId: home.routed[1], weight: 0.5 },
              { groupId: home.routed[0], weight: 0.5 },
            ],
          },
          { name: '二', groups: [{ groupId: home.routed[1], weight: 1 }] },
        ],
      },
    });
    selfNav = await create({ name: '自助', kind: 'SELF' });
    lineId = (
      await ok(
        admin.post('/v3/chats/cs-line/create', {
          name: '售前线路',
          navs: [
            { navKind: 'SELF', navId: selfNav },
            { navKind: 'GROUP', navId: groupNav },
          ],
          hotlineGroups: [{ groupId: home.hotlineGroupId }],
        }),
      )
    ).id;
  });

  it('a line answers its navigations’ names, the groups they route to, and all its groups once', async () => {
    const line = await ok(admin.post('/v3/chats/cs-line/detail', {}, { query: { lineId } }));
    expect(line.navs).toEqual([
      { navKind: 'SELF', navId: selfNav, navName: '自助', timeId: null, timeName: null },
      { navKind: 'GROUP', navId: groupNav, navName: '分流', timeId: null, timeName: null },
    ]);
    expect(line.onlineGroups).toEqual([
      { groupId: home.routed[1], groupName: '投诉组' },
      { groupId: home.routed[0], groupName: '咨询组' },
    ]);
    expect(line.groupIds).toEqual([home.hotlineGroupId, home.routed[1], home.routed[0]]);
  });

  it('a navigation answers the live lines using it; a skill group the GROUP navigations routing to it', async () => {
    expect((await detail(groupNav, viewer)).lines).toEqual([{ lineId, lineName: '售前线路' }]);
    const page = await ok(
      viewer.post('/v3/chats/cs-nav/page', { kind: 'SELF', keyword: '自助', fields: ['name', 'lines'] }),
    );
    expect(page.records).toContainEqual({ id: selfNav, name: '自助', lines: [{ lineId, lineName: '售前线路' }] });
    const group = await ok(admin.post('/v3/chats/cs-group/detail', {}, { query: { groupId: home.routed[0]! } }));
    expect(group.navs).toEqual([{ navId: groupNav, navName: '分流' }]);
  });

  it('cannot go to the trash while a live line binds it, naming the lines; can once the line is gone', async () => {
    const refused = await refusal(admin.post('/v3/chats/cs-nav/delete', { ids: [selfNav], deleted: 'TRASH' }));
    expect(refused).toMatchObject({
      code: 'NAV_IN_USE',
      field: 'ids[0]',
      message: '导航正被服务线路使用，不能删除：售前线路',
    });
    await ok(admin.post('/v3/chats/cs-line/delete', { ids: [lineId], deleted: 'TRASH' }));
    expect((await detail(selfNav)).lines).toEqual([]);
    await ok(admin.post('/v3/chats/cs-nav/delete', { ids: [selfNav, groupNav], deleted: 'TRASH' }));
    const group = await ok(admin.post('/v3/chats/cs-group/detail', {}, { query: { groupId: home.routed[0]! } }));
    expect(group.navs).toEqual([]);
  });
});

describe('navigation icons (O-R70, O-V30)', () => {
  const upload = async (who: Caller, content: string, dir = 'desk/csNav/image') => {
    const body = multipartFile('图标.png', content, 'image/png');
    return t.app.inject({
      method: 'POST',
      url: `/v3/worker/center/upload?dir=${encodeURIComponent(dir)}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: who.cookie },
    });
  };
  const uploaded = async (who: Caller) => {
    const res = await upload(who, 'png-bytes');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().path as string;
  };
  const download = (who: Caller, path: string) =>
    t.app.inject({
      method: 'GET',
      url: `/v3/worker/center/download?path=${encodeURIComponent(path)}`,
      headers: { cookie: who.cookie },
    });
  const withIcon = (icon: string, kind = 'SIDE') => ({
    name: '图标',
    kind,
    onlineConfig:
      kind === 'SIDE' ? { buttons: [{ ...text('客服'), icon }] } : { tabs: [], buttons: [{ ...text('客服'), icon }] },
  });

  it('answers the upload configuration: public read, 3600 s, the URL prefix, 5 MB', async () => {
    const config = await ok(
      viewer.post('/v3/worker/center/upload/config', undefined, { query: { dir: 'desk/csNav/image' } }),
    );
    expect(config).toEqual({
      dir: 'desk/csNav/image',
      publicRead: true,
      validSeconds: 3600,
      urlPrefix: '/v3/worker/center/download?path=',
      maxBytes: 5 * 1024 * 1024,
    });
    const other = await viewer.post('/v3/worker/center/upload/config', undefined, { query: { dir: 'etc' } });
    expect(other.statusCode).toBe(400);
  });

  it('refuses an icon over 5 MB', async () => {
    const res = await upload(admin, 'x'.repeat(5 * 1024 * 1024 + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: '文件不能超过 5 MB' });
  });

  it('an upload under desk/csNav/image becomes an icon: kept by the sweep, readable in the organisation only', async () => {
    const path = await uploaded(admin);
    expect(path.startsWith('desk/csNav/image/')).toBe(true);
    const id = await create(withIcon(path));
    const nav = await detail(id);
    expect(nav.onlineConfig.buttons[0].icon).toBe(path);
    const later = new Date(Date.now() + 2 * 3600_000);
    expect(await sweepUploads(t.database.db, t.config.filesDir, later)).not.toContain(path);
    expect(existsSync(join(t.config.filesDir, path))).toBe(true);
    const seen = await download(viewer, path);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toBe('png-bytes');
    expect((await download(outsider, path)).statusCode).not.toBe(200);
    // a change that keeps the icon is not a new attachment
    await ok(save({ ...nav, name: '图标二' }));
  });

  it('refuses a path outside desk/csNav/image, someone else’s upload and an unknown file, naming the icon', async () => {
    const outside = await refusal(save(withIcon('online/chatbot/1/x.png', 'SELF')));
    expect(problems(outside)).toEqual([['onlineConfig.buttons[0].icon', '请上传图标图片']]);
    const foreign = await uploaded(outsider);
    for (const icon of [foreign, 'desk/csNav/image/1/20260101/none.png']) {
      const answer = await refusal(save(withIcon(icon)));
      expect(answer, icon).toMatchObject({ field: 'onlineConfig.buttons[0].icon', code: 'FILE_MISSING' });
    }
  });
});
