// The generic calls (paging bounds, literal %_, trash moves, status, 401 / 403 / 404) are held by
// test/crud/qc-rule.crud.test.ts; this file keeps what is the rules' own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let editor: Caller;
let viewer: Caller;
let outsider: Caller;

const keywordRule = (keywords: string[]) => ({
  conditions: [
    { cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords } }], checkRange: { role: 'AGENT' } },
  ],
  lambda: 'ALL',
  ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 10 },
});

beforeAll(async () => {
  t = await startTestApp();
  ({ editor, viewer } = await organisationWith(t, 'r-home', {
    editor: ['qc-rule.view', 'qc-rule.edit', 'qc-rule.delete', 'qc-scheme.view', 'qc-scheme.edit'],
    viewer: ['qc-rule.view'],
  }));
  ({ outsider } = await organisationWith(t, 'r-away', { outsider: ['*'] }));
  // a fresh database and app take long on a busy machine (PGlite compiles and migrates in this process)
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function create(body: object): Promise<string> {
  const res = await editor.post('/v3/chats/qc-rule/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}
const detail = async (id: string, who = editor) => who.post('/v3/chats/qc-rule/detail', {}, { query: { ruleId: id } });

describe('QC rule save, detail and optimistic locking', () => {
  it('creates a rule from the create modal (name and comments) and answers its id', async () => {
    const id = await create({ name: '服务禁语', comments: '客服不得使用的词' });
    expect(id).toMatch(/^\d+$/);
    const res = await detail(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: '服务禁语',
      type: 'AI',
      status: 'ACTIVE',
      version: 1,
      comments: '客服不得使用的词',
      conditionConfig: null,
      deleted: 'NONE',
      creatorName: 'editor',
    });
    expect(res.json().createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('changes a rule with its version, then refuses the stale version with 409 and keeps the first change', async () => {
    const id = await create({ name: '原名' });
    const first = await editor.post('/v3/chats/qc-rule/change', {
      id,
      version: 1,
      name: '新名',
      conditionConfig: keywordRule(['不知道']),
    });
    expect(first.json()).toEqual({ id });
    const stale = await editor.post('/v3/chats/qc-rule/change', { id, version: 1, name: '晚到的修改' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'STALE_VERSION',
      message: '数据已被他人修改，请刷新后重试',
      field: 'version',
    });
    const now = (await detail(id)).json();
    expect(now).toMatchObject({ name: '新名', version: 2, conditionConfig: keywordRule(['不知道']) });
  });

  it('asks for the version when changing', async () => {
    const id = await create({ name: 'v' });
    const res = await editor.post('/v3/chats/qc-rule/change', { id, name: 'w' }, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'version',
      message: 'version: version is required when changing a record',
    });
  });

  it('limits name to 100 and comments to 200 characters, naming the field', async () => {
    const long = await editor.post('/v3/chats/qc-rule/create', { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'name', message: 'name：不能超过 100 个字符' });
    const comments = await editor.post(
      '/v3/chats/qc-rule/create',
      { name: 'ok', comments: 'y'.repeat(201) },
      { lang: 'en' },
    );
    expect(comments.json()).toMatchObject({ field: 'comments', message: 'comments: At most 200 characters' });
    const blank = await editor.post('/v3/chats/qc-rule/create', { name: '   ' });
    expect(blank.json()).toMatchObject({ field: 'name', message: 'name：此项为必填项' });
  });

  it("answers the engine's own problem on the field it names, in Chinese or English", async () => {
    const empty = await editor.post('/v3/chats/qc-rule/create', { name: 'r', conditionConfig: keywordRule([]) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      code: 'RULE_KEYWORDS_EMPTY',
      message: '关键词不能为空',
      field: 'conditionConfig.conditions[0].operators[0].param.keywords',
    });
    const lambda = await editor.post(
      '/v3/chats/qc-rule/create',
      { name: 'r', conditionConfig: { ...keywordRule(['a']), lambda: 'a && b' } },
      { lang: 'en' },
    );
    expect(lambda.json()).toEqual({
      code: 'RULE_LAMBDA_UNKNOWN_CID',
      message: "unknown condition 'b' at character 6 of the custom expression (conditions: a)",
      field: 'conditionConfig.lambda',
    });
    const regex = await editor.post('/v3/chats/qc-rule/create', {
      name: 'r',
      conditionConfig: {
        conditions: [{ cid: 'a', operators: [{ type: 'REGULAR_EXPRESSION', param: { regex: '(a' } }] }],
      },
    });
    expect(regex.json()).toMatchObject({ field: 'conditionConfig.conditions[0].operators[0].param.regex' });
    expect(regex.json().message).toContain('正则表达式语法错误');
  });

  it('asks for a condition type when an operator has none', async () => {
    const res = await editor.post(
      '/v3/chats/qc-rule/create',
      { name: 'r', conditionConfig: { conditions: [{ cid: 'a', operators: [{ param: { keywords: ['x'] } }] }] } },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'conditionConfig.conditions[0].operators[0].type',
      message: 'conditionConfig.conditions[0].operators[0].type: Please select a condition type',
    });
  });

  it('takes a rule score only as a whole number from 0 to 100, naming the field path', async () => {
    const scored = (scoreNum: number) => ({
      ...keywordRule(['x']),
      ruleScore: { ...keywordRule([]).ruleScore, scoreNum },
    });
    const half = await editor.post('/v3/chats/qc-rule/create', { name: '半分', conditionConfig: scored(2.5) });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({
      code: 'INVALID_FIELD',
      field: 'conditionConfig.ruleScore.scoreNum',
      message: 'conditionConfig.ruleScore.scoreNum：规则分值须为 0-100 的整数',
    });
    const en = await editor.post(
      '/v3/chats/qc-rule/create',
      { name: '超分', conditionConfig: scored(101) },
      { lang: 'en' },
    );
    expect(en.json()).toMatchObject({
      field: 'conditionConfig.ruleScore.scoreNum',
      message: 'conditionConfig.ruleScore.scoreNum: The rule score must be a whole number from 0 to 100',
    });
    await create({ name: '整分', conditionConfig: scored(100) });
  });

  it('refuses a ruleOutId another rule of the organisation has, and finds a rule by it', async () => {
    const id = await create({ name: 'out', ruleOutId: 'EXT-1' });
    const dup = await editor.post('/v3/chats/qc-rule/create', { name: 'out2', ruleOutId: 'EXT-1' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE', field: 'ruleOutId', message: '不能重复：EXT-1' });
    const found = await editor.post('/v3/chats/qc-rule/detail-outId', {}, { query: { ruleOutId: 'EXT-1' } });
    expect(found.json()).toMatchObject({ id, name: 'out' });
    const away = await outsider.post('/v3/chats/qc-rule/detail-outId', {}, { query: { ruleOutId: 'EXT-1' } });
    expect(away.statusCode).toBe(404);
  });
});

describe('QC rule lists', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = [];
    for (let i = 1; i <= 12; i++)
      ids.push(await create({ name: `列表规则 ${String(i).padStart(2, '0')}`, type: i % 3 === 0 ? 'PERSON' : 'AI' }));
  });

  it('pages with {records,total,page,size}, newest change first', async () => {
    const res = await viewer.post(
      '/v3/chats/qc-rule/page',
      { keyword: '列表规则' },
      { query: { page: '2', size: '5' } },
    );
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 12, page: 2, size: 5 });
    expect(page.records.map((r: { name: string }) => r.name)).toEqual([
      '列表规则 07',
      '列表规则 06',
      '列表规则 05',
      '列表规则 04',
      '列表规则 03',
    ]);
  });

  it('filters by type and keeps only the requested fields (plus id)', async () => {
    const res = await viewer.post('/v3/chats/qc-rule/page', { keyword: '列表规则', type: 'PERSON', fields: ['name'] });
    const page = res.json();
    expect(page.total).toBe(4);
    expect(page.records[0]).toEqual({ id: ids[11], name: '列表规则 12' });
  });

  it('lists at most `limit` rules as a plain array', async () => {
    const res = await viewer.post('/v3/chats/qc-rule/list', {
      keyword: '列表规则',
      limit: 3,
      fields: ['name', 'type'],
    });
    expect(res.json()).toEqual([
      { id: ids[11], name: '列表规则 12', type: 'PERSON' },
      { id: ids[10], name: '列表规则 11', type: 'AI' },
      { id: ids[9], name: '列表规则 10', type: 'AI' },
    ]);
  });
});
