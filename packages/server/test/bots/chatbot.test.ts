import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let outsider: Caller;
let platformId: string;
/** two knowledge bases of the organisation */
let kb: [string, string];

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await organisationWith(t, 'chatbot', { admin: ['*'] }));
  ({ admin: outsider } = await organisationWith(t, 'chatbot-other', { admin: ['*'] }));
  platformId = (
    await ok(
      admin.post('/v3/feed/ai-platform/create', { name: '客服大模型', provider: 'HTTP', baseUrl: 'http://a.test' }),
    )
  ).id;
  const space = async (name: string) =>
    (await ok(admin.post('/v3/feed/space/create', { name, type: 'CS_KB' }))).id as string;
  kb = [await space('商品知识库'), await space('售后知识库')];
}, 60_000);
afterAll(async () => t?.close());

const create = (body: Json, lang?: 'en', as: Caller = admin) =>
  as.post('/v3/chats/chatbot/create', body, lang ? { lang } : {});
const detail = (chatbotId: string) => ok(admin.post('/v3/chats/chatbot/detail', {}, { query: { chatbotId } }));

describe('chatbots: the platform', () => {
  it('answers the platform’s name with the bot, and its new name after a rename', async () => {
    const { id } = await ok(
      create({ name: '售前', nick: '小助手', platformId, outerId: 'app-1', spaceIds: [kb[0], kb[0], kb[1]] }),
    );
    const bot = await detail(id);
    expect(bot).toMatchObject({
      mode: 'AI',
      status: 'INACTIVE',
      platformId,
      platformName: '客服大模型',
      outerId: 'app-1',
      spaceIds: kb,
      spaces: [
        { spaceId: kb[0], spaceName: '商品知识库' },
        { spaceId: kb[1], spaceName: '售后知识库' },
      ],
      lines: [],
    });
    const platform = await ok(admin.post('/v3/feed/ai-platform/detail', {}, { query: { platformId } }));
    await ok(admin.post('/v3/feed/ai-platform/change', { ...platform, name: '客服大模型 v2', apiKey: undefined }));
    const page = await ok(admin.post('/v3/chats/chatbot/page', { platformId }));
    expect(page.records.map((r: Json) => [r.name, r.platformName])).toEqual([['售前', '客服大模型 v2']]);
  });

  it('refuses another organisation’s platform, a trashed one and an unknown id: 400 naming platformId', async () => {
    const trashed = (await ok(admin.post('/v3/feed/ai-platform/create', { name: '旧平台', provider: 'BUILTIN' }))).id;
    await ok(admin.post('/v3/feed/ai-platform/delete', { ids: [trashed], deleted: 'TRASH' }));
    for (const id of [trashed, '999999', 'abc']) {
      const res = await create({ name: '机器人', nick: '小助手', platformId: id });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ field: 'platformId', message: `AI 平台 ${id} 不存在` });
    }
    const foreign = await create({ name: '机器人', nick: '小助手', platformId }, 'en', outsider);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ field: 'platformId', message: `AI platform ${platformId} not found` });
  });

  it('keeps a platform its live bots call out of the trash (400 naming them), and lets it go once they moved', async () => {
    const used = (await ok(admin.post('/v3/feed/ai-platform/create', { name: '在用平台', provider: 'BUILTIN' }))).id;
    const bot = (await ok(create({ name: '在用机器人', nick: '在用', platformId: used }))).id as string;
    const refused = await admin.post('/v3/feed/ai-platform/delete', { ids: [used], deleted: 'TRASH' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'PLATFORM_IN_USE',
      field: 'ids[0]',
      message: 'AI 平台“在用平台”仍被机器人 在用机器人 使用，请先为它们换一个平台再删除',
    });
    const en = await admin.post('/v3/feed/ai-platform/delete', { ids: [used], deleted: 'TRASH' }, { lang: 'en' });
    expect(en.json().message).toBe(
      'AI platform "在用平台" is still used by the chatbots 在用机器人; move them to another platform first',
    );
    expect((await ok(admin.post('/v3/feed/ai-platform/detail', {}, { query: { platformId: used } }))).deleted).toBe(
      'NONE',
    );
    // a bot in the trash no longer holds it
    await ok(admin.post('/v3/chats/chatbot/delete', { ids: [bot], deleted: 'TRASH' }));
    await ok(admin.post('/v3/feed/ai-platform/delete', { ids: [used], deleted: 'TRASH' }));
  });

  it('filters by platformId, outerId and mode', async () => {
    await ok(create({ name: '问答', nick: '问答助手', mode: 'QA', outerId: 'app-qa' }));
    const byMode = await ok(admin.post('/v3/chats/chatbot/list', { mode: 'QA' }));
    expect(byMode.map((r: Json) => r.name)).toEqual(['问答']);
    const byOuter = await ok(admin.post('/v3/chats/chatbot/list', { outerId: 'app-1' }));
    expect(byOuter.map((r: Json) => r.name)).toEqual(['售前']);
    const none = await ok(admin.post('/v3/chats/chatbot/list', { platformId: '999999' }));
    expect(none).toEqual([]);
  });
});

describe('chatbots: field rules (spec §9)', () => {
  it('needs name and nick and a known mode; name and nick ≤ 100, outerId ≤ 50, in zh and en', async () => {
    const noNick = await create({ name: '机器人' });
    expect(noNick.json()).toMatchObject({ field: 'nick', message: 'nick：此项为必填项' });
    const blankName = await create({ name: '  ', nick: '小助手' }, 'en');
    expect(blankName.json()).toMatchObject({ field: 'name', message: 'name: This field is required' });
    const longName = await create({ name: '名'.repeat(101), nick: '小助手' });
    expect(longName.json()).toMatchObject({ field: 'name', message: 'name：不能超过 100 个字符' });
    const longNick = await create({ name: '机器人', nick: 'n'.repeat(101) }, 'en');
    expect(longNick.json()).toMatchObject({ field: 'nick', message: 'nick: At most 100 characters' });
    const longOuter = await create({ name: '机器人', nick: '小助手', outerId: 'o'.repeat(51) });
    expect(longOuter.json()).toMatchObject({ field: 'outerId', message: 'outerId：不能超过 50 个字符' });
    const badMode = await create({ name: '机器人', nick: '小助手', mode: 'RULE' }, 'en');
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().field).toBe('mode');
    await ok(create({ name: '名'.repeat(100), nick: 'n'.repeat(100), outerId: 'o'.repeat(50) }));
  });
});
