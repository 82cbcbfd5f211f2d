/** The sensitive-word log page: its filters, its order, its guards. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import type { Json } from '../tasks/fixtures.js';
import { importSessions, library, logPage, MAY_1_10AM, MINUTE, session } from './censor-fixtures.js';

let t: TestApp;
let admin: Caller;
let viewer: Caller;
let blind: Caller;
let outsider: Caller;
let customerBan: string;
let agentBan: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, viewer, blind } = await organisationWith(t, 'cl-home', {
    admin: ['*'],
    viewer: ['cs-censor-log.view'],
    blind: ['cs-censor-ban.view', 'cs-censor-ban.edit'],
  }));
  ({ outsider } = await organisationWith(t, 'cl-away', { outsider: ['*'] }));
  customerBan = await library(admin, {
    name: '客户词库',
    flag: 'cs-customer',
    operation: 'REPORT',
    words: ['骗子', '退钱'],
  });
  agentBan = await library(admin, { name: '坐席词库', flag: 'cs-agent', operation: 'REPORT', words: ['加我微信'] });
  await ok(
    admin.post('/v3/system/censor-ban/create', {
      name: '繁体词库',
      flag: 'cs-customer',
      operation: 'REPORT',
      words: ['诈骗'],
      options: { traditional: true },
    }),
  ).then(({ id }) => ok(admin.post('/v3/system/censor-ban/status', { ids: [id], status: 'ACTIVE' })));
  await importSessions(admin, [
    session('s1', [
      ['CUSTOMER', '你们是骗子'],
      ['AGENT', '加我微信说'],
    ]),
    session('s2', [['CUSTOMER', '快退钱']], { start: MAY_1_10AM + 60 * MINUTE }),
    session('s3', [['CUSTOMER', '骗子']], { lineId: 2, lineName: '电信微博' }),
    // traditional characters: the text has 詐騙, the library's word is 诈骗
    session('s4', [['CUSTOMER', '這是詐騙']], { start: MAY_1_10AM + 30 * MINUTE }),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function ok(res: Promise<{ statusCode: number; body: string; json(): Json }>): Promise<Json> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const rows = (page: Json) => page.records.map((r: Json) => `${r.sessionId} ${r.messageId} ${r.sendTime}`);

describe('the sensitive-word log page', () => {
  it('refuses a query without a service line: 请选择客服号后查询', async () => {
    for (const body of [{}, { lineId: '' }, { lineId: null }]) {
      const res = await admin.post('/v3/system/censor-log/page', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'lineId', message: 'lineId：请选择客服号后查询' });
    }
    const en = await admin.post('/v3/system/censor-log/page', {}, { lang: 'en' });
    expect(en.json().message).toBe('lineId: Select a service line before querying');
  });

  it("lists a line's records newest first, each with its library, words and spans", async () => {
    const page = await logPage(admin, { lineId: '1' });
    expect(page.total).toBe(4);
    expect(rows(page)).toEqual([
      's2 s2-1 2024-05-01 11:00:00',
      's4 s4-1 2024-05-01 10:30:00',
      's1 s1-2 2024-05-01 10:01:00',
      's1 s1-1 2024-05-01 10:00:00',
    ]);
    expect(page.records[3]).toMatchObject({
      censorBanId: customerBan,
      censorBanName: '客户词库',
      censorWords: ['骗子'],
      censorSpans: [{ start: 3, end: 5, word: '骗子' }],
    });
    // a page at a time
    const second = await ok(
      admin.post('/v3/system/censor-log/page', { lineId: '1' }, { query: { page: '2', size: '3' } }),
    );
    expect([second.total, rows(second)]).toEqual([4, ['s1 s1-1 2024-05-01 10:00:00']]);
  });

  it('finds the keyword in the text or in the words (a traditional-character match is found by its word)', async () => {
    expect(rows(await logPage(admin, { lineId: '1', keyword: '退钱' }))).toEqual(['s2 s2-1 2024-05-01 11:00:00']);
    const byWord = await logPage(admin, { lineId: '1', keyword: '诈骗' });
    expect(byWord.records.map((r: Json) => [r.text, r.censorWords, r.censorSpans])).toEqual([
      ['這是詐騙', ['诈骗'], [{ start: 2, end: 4, word: '诈骗' }]],
    ]);
    expect((await logPage(admin, { lineId: '1', keyword: '无关' })).total).toBe(0);
  });

  it('filters by library, sender role, session and send time', async () => {
    expect(rows(await logPage(admin, { lineId: '1', censorBanId: agentBan }))).toEqual(['s1 s1-2 2024-05-01 10:01:00']);
    expect(rows(await logPage(admin, { lineId: '1', senderRole: 'AGENT' }))).toEqual(['s1 s1-2 2024-05-01 10:01:00']);
    expect(rows(await logPage(admin, { lineId: '1', sessionId: 's1', senderRole: 'CUSTOMER' }))).toEqual([
      's1 s1-1 2024-05-01 10:00:00',
    ]);
    expect(
      rows(
        await logPage(admin, {
          lineId: '1',
          timeby: 'sendTime',
          timeFrom: '2024-05-01 10:01:00',
          timeTo: '2024-05-01 10:30:00',
        }),
      ),
    ).toEqual(['s4 s4-1 2024-05-01 10:30:00', 's1 s1-2 2024-05-01 10:01:00']);
    // a date alone is the whole day
    expect((await logPage(admin, { lineId: '1', timeFrom: '2024-05-01', timeTo: '2024-05-01' })).total).toBe(4);
    expect((await logPage(admin, { lineId: '1', timeFrom: '2024-05-02' })).total).toBe(0);
    expect(rows(await logPage(admin, { lineId: '2' }))).toEqual(['s3 s3-1 2024-05-01 10:00:00']);
  });

  it('shows the log to its viewers only, and to nobody of another organisation', async () => {
    expect((await logPage(viewer, { lineId: '1' })).total).toBe(4);
    const refused = await blind.post('/v3/system/censor-log/page', { lineId: '1' });
    expect(refused.statusCode).toBe(403);
    expect((await logPage(outsider, { lineId: '1' })).total).toBe(0);
    const bad = await admin.post('/v3/system/censor-log/page', {
      lineId: '1',
      timeFrom: '2024-05-02',
      timeTo: '2024-05-01',
    });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'timeTo']);
  });
});

describe('library matches', () => {
  it('each library counts the log records it has: 3 for 骗子 / 退钱 (two lines), 1 for 加我微信', async () => {
    const page = await ok(admin.post('/v3/system/censor-ban/page', { flag: 'cs-customer', page: 1, size: 10 }));
    const customer = page.records.find((r: Json) => r.id === customerBan);
    expect(customer.matches).toBe(3);
    const detail = await ok(admin.post('/v3/system/censor-ban/detail', {}, { query: { banId: agentBan } }));
    expect(detail.matches).toBe(1);
    const logged = await logPage(admin, { lineId: '1', censorBanId: customerBan });
    const onLine2 = await logPage(admin, { lineId: '2', censorBanId: customerBan });
    expect(logged.total + onLine2.total).toBe(customer.matches);
  });
});
