/**
 * The sensitive-word library's own rules (tickets-censor-tasks-monitoring: T-V23..T-V25, T-B09): FUZZY refused for
 * staff libraries, words required for CUSTOM only and none kept for SYS_WORDS, words trimmed and de-duplicated, the
 * tab (flag), status and keyword filters, bulk status, options and scopes, final removal. The generic calls are in
 * crud/censor-ban.crud.test.ts.
 */
import { CensorLibraryError } from '@qcdesk/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryErrorToApi } from '../../src/routes/censor-ban/check-library.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await organisationWith(t, 'censor-ban-rules', { admin: ['*'] }));
  // the import makes the desk's agents 101..103 (张三, 李四, 王五)
  await ok(admin.post('/v3/chats/session/import', deskSessions(3)));
}, 60_000);
afterAll(async () => t?.close());

const BASE = '/v3/system/censor-ban';
const library = (name: string, extra: Json = {}) => ({
  name,
  flag: 'cs-customer',
  operation: 'REPORT',
  words: ['骗子'],
  ...extra,
});
const save = (body: Json, lang?: 'en') =>
  admin.post(body.id ? `${BASE}/change` : `${BASE}/create`, body, lang ? { lang } : {});
const created = async (name: string, extra: Json = {}) => (await ok(save(library(name, extra)))).id as string;
const detail = (banId: string) => ok(admin.post(`${BASE}/detail`, {}, { query: { banId } }));
const page = async (filter: Json) =>
  (await ok(admin.post(`${BASE}/page`, filter, { query: { page: '1', size: '500' } }))).records as Json[];

describe('sensitive-word libraries: what a save takes', () => {
  it('refuses FUZZY for a staff (cs-agent) library, on operation, in Chinese and English', async () => {
    const body = library('员工模糊', { flag: 'cs-agent', operation: 'FUZZY' });
    const zh = await save(body);
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ field: 'operation', message: 'operation：员工敏感词库不支持模糊处理' });
    expect((await save(body, 'en')).json()).toMatchObject({
      field: 'operation',
      message: 'operation: FUZZY is not offered for staff libraries',
    });
    // the same operation is fine for customers, and the others for staff
    await created('客户模糊', { operation: 'FUZZY' });
    await created('员工拦截', { flag: 'cs-agent', operation: 'ABORT' });
  });

  it('asks for words of a CUSTOM library (none, or only blanks), naming words', async () => {
    for (const words of [[], undefined, ['  ', '']]) {
      const res = await save(library('无词', { words }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'words', message: 'words：请填写敏感词' });
    }
    expect((await save(library('无词', { words: [] }), 'en')).json().message).toBe('words: Enter the sensitive words');
  });

  it('keeps no words for a SYS_WORDS library (the system list scans), with or without words sent', async () => {
    const bare = await created('系统词库', { tempType: 'SYS_WORDS', words: [] });
    expect(await detail(bare)).toMatchObject({ tempType: 'SYS_WORDS', words: [] });
    const sent = await created('系统词库带词', { tempType: 'SYS_WORDS', words: ['被忽略'] });
    expect((await detail(sent)).words).toEqual([]);
  });

  it('trims the words and drops blanks and repeats, keeping the first order', async () => {
    const id = await created('去重', { words: [' 退钱 ', '骗子', '退钱', '', '骗子 ', '垃圾'] });
    expect((await detail(id)).words).toEqual(['退钱', '骗子', '垃圾']);
  });

  it('refuses a word over 100 characters, naming it', async () => {
    const res = await save(library('长词', { words: ['好', 'x'.repeat(101)] }), 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'words[1]',
      message: 'words[1]: A sensitive word is at most 100 characters',
    });
  });

  it('stores the matching options, defaults them, and refuses what the engine does not take', async () => {
    const plain = await created('默认选项');
    const defaults = {
      classBoundaries: true,
      numberStyles: false,
      letterStyles: false,
      repeats: false,
      pinyin: false,
      mask: '*',
      replacements: {},
    };
    expect((await detail(plain)).options).toEqual({ skipNoise: 0, traditional: false, allowWords: [], ...defaults });
    const tuned = await created('选项', {
      words: ['大麻'],
      options: { skipNoise: 2, traditional: true, allowWords: [' 大麻烦 ', '大麻烦'] },
    });
    expect((await detail(tuned)).options).toEqual({
      skipNoise: 2,
      traditional: true,
      allowWords: ['大麻烦'],
      ...defaults,
    });
    for (const skipNoise of [6, -1, 1.5]) {
      const res = await save(library('干扰', { options: { skipNoise } }));
      expect(res.json()).toMatchObject({
        field: 'options.skipNoise',
        message: 'options.skipNoise：跳过的干扰字符数须为 0 到 5 的整数',
      });
    }
    const unknown = await save(library('未知选项', { options: { phonetic: true } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('options');
  });

  it('answers the engine refusing a library as a 400 on the field it names, in its words', () => {
    const words = libraryErrorToApi(new CensorLibraryError('$[0].words', 'a word folds to nothing'));
    expect(words).toMatchObject({ status: 400, code: 'CENSOR_LIBRARY', field: 'words' });
    expect(words.zh).toBe('敏感词库无法使用：a word folds to nothing');
    expect(words.en).toBe('The library cannot be used: a word folds to nothing');
    expect(libraryErrorToApi(new CensorLibraryError('$[0].skipNoise', 'too many')).field).toBe('options.skipNoise');
    expect(libraryErrorToApi(new CensorLibraryError('$[0].allowWords[2]', 'empty')).field).toBe(
      'options.allowWords[2]',
    );
    expect(libraryErrorToApi(new CensorLibraryError('$', 'broken')).field).toBe('words');
  });
});

describe('sensitive-word libraries: scopes', () => {
  it('limits a staff library to live agents, naming them from the agents, not the body', async () => {
    const id = await created('限定坐席', {
      flag: 'cs-agent',
      scopes: { staffIds: ['102', '101', '102'], branchIds: [], staffNames: ['随便写'] },
    });
    expect((await detail(id)).scopes).toEqual({
      staffIds: ['102', '101'],
      branchIds: [],
      staffNames: ['李四', '张三'],
    });
  });

  it('refuses a staff id that is no agent of the organisation, naming it', async () => {
    const res = await save(library('不存在的坐席', { flag: 'cs-agent', scopes: { staffIds: ['101', '999'] } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'scopes.staffIds[1]', message: '坐席 999 不存在' });
  });

  it('keeps no scopes for a customer library, nor an empty one (everyone)', async () => {
    const customer = await created('客户不限', { scopes: { staffIds: ['101'] } });
    expect((await detail(customer)).scopes).toBeNull();
    const empty = await created('员工不限', { flag: 'cs-agent', scopes: { staffIds: [], branchIds: [] } });
    expect((await detail(empty)).scopes).toBeNull();
  });
});

describe('sensitive-word libraries: the list', () => {
  it('shows each tab its own libraries (flag), and filters by status', async () => {
    const agent = await created('标签员工', { flag: 'cs-agent' });
    const customer = await created('标签客户');
    const agents = (await page({ flag: 'cs-agent' })).map((r) => r.id);
    const customers = (await page({ flag: 'cs-customer' })).map((r) => r.id);
    expect(agents).toContain(agent);
    expect(agents).not.toContain(customer);
    expect(customers).toContain(customer);
    expect(customers).not.toContain(agent);
    await ok(admin.post(`${BASE}/status`, { ids: [customer], status: 'ACTIVE' }));
    expect((await page({ flag: 'cs-customer', status: 'ACTIVE' })).map((r) => r.id)).toEqual([customer]);
  });

  it('finds a library by one of its words as well as by its name, literally', async () => {
    const byWord = await created('词库甲', { words: ['退保证金', '100%骗'] });
    const byName = await created('退保证金专用');
    await created('词库乙', { words: ['保证金'] });
    expect((await page({ keyword: '退保证金' })).map((r) => r.id).sort()).toEqual([byWord, byName].sort());
    expect((await page({ keyword: '0%骗' })).map((r) => r.id)).toEqual([byWord]);
    expect((await page({ keyword: '1_0' })).map((r) => r.id)).toEqual([]);
  });

  it('answers every word of a library (the screen previews the first 20)', async () => {
    const words = Array.from({ length: 25 }, (_, i) => `词${i + 1}`);
    const id = await created('二十五个词', { words });
    const [row] = await page({ keyword: '二十五个词' });
    expect(row).toMatchObject({ id, words });
  });

  it('switches several libraries on and off at once, and only those', async () => {
    const [a, b, c] = [await created('批量甲'), await created('批量乙'), await created('批量丙')];
    expect((await detail(a)).status).toBe('INACTIVE');
    expect(await ok(admin.post(`${BASE}/status`, { ids: [a, b], status: 'ACTIVE' }))).toEqual({
      ids: [a, b],
      status: 'ACTIVE',
    });
    expect([(await detail(a)).status, (await detail(b)).status, (await detail(c)).status]).toEqual([
      'ACTIVE',
      'ACTIVE',
      'INACTIVE',
    ]);
    await ok(admin.post(`${BASE}/status`, { ids: [b, c], status: 'INACTIVE' }));
    expect([(await detail(a)).status, (await detail(b)).status, (await detail(c)).status]).toEqual([
      'ACTIVE',
      'INACTIVE',
      'INACTIVE',
    ]);
  });

  it('removes libraries for good with /remove (ids); /delete is no call of theirs', async () => {
    const [a, b] = [await created('删除甲'), await created('删除乙')];
    expect(await ok(admin.post(`${BASE}/remove`, { ids: [a, b] }))).toEqual({ ids: [a, b] });
    for (const id of [a, b])
      expect((await admin.post(`${BASE}/detail`, {}, { query: { banId: id } })).statusCode).toBe(404);
    expect((await admin.post(`${BASE}/delete`, { ids: [a] })).statusCode).toBe(404);
  });
});
