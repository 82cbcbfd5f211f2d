/**
 * The matcher's options reach the console (issue 16 §2): a library saved through the console's own call with
 * categories, pinyin, number styles, a mask or replacements is what ingest and QC tasks scan with, and a value the
 * engine would refuse is a 400 on its `options.<name>` field, in Chinese and English. The contract's category list is
 * the engine's, so neither can gain a category the other does not know.
 */
import { CensorCategory } from '@qcdesk/contracts';
import { CONTACT_CATEGORIES, SYSTEM_WORDS } from '@qcdesk/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { activeTask, aiScheme, type Json, ok } from '../tasks/fixtures.js';
import { importSessions, library, logPage, messagesOf, session, textOf } from './censor-fixtures.js';

const BASE = '/v3/system/censor-ban';
const HOUR = 3_600_000;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** A fresh organisation per test: each sets up its own libraries. */
async function organisation(name: string): Promise<Caller> {
  return (await organisationWith(t, name, { admin: ['*'] })).admin;
}

describe('the category list', () => {
  it("is the engine's: the system word categories, then the contact detectors", () => {
    expect([...CensorCategory.values]).toEqual([...Object.keys(SYSTEM_WORDS), ...CONTACT_CATEGORIES]);
  });
});

describe('library options at ingest', () => {
  it('a CUSTOM library with the phone detector logs the number with its span', async () => {
    const admin = await organisation('co-phone');
    const banId = await library(admin, {
      name: '站外联系',
      flag: 'cs-customer',
      operation: 'REPORT',
      words: ['私下交易'],
      options: { categories: ['contact-phone'] },
    });
    expect((await ok(admin.post(`${BASE}/detail`, {}, { query: { banId } }))).options.categories).toEqual([
      'contact-phone',
    ]);
    await importSessions(admin, [
      session('ph-1', [
        ['CUSTOMER', '加我 138 1234 5678'],
        ['CUSTOMER', '订单号 20240501123456 还没发货'],
      ]),
    ]);
    const log = await logPage(admin, { lineId: '1' });
    expect(log.total).toBe(1);
    expect(log.records[0]).toMatchObject({
      censorBanId: banId,
      messageId: 'ph-1-1',
      text: '加我 138 1234 5678',
      censorSpans: [{ start: 3, end: 16, word: 'contact-phone' }],
    });
  });

  it('a pinyin library finds caonima for 草泥马; numberStyles finds 微①信 for 微1信 and 下三滥 for 下3滥', async () => {
    const admin = await organisation('co-pinyin');
    await library(admin, {
      name: '拼音辱骂',
      flag: 'cs-customer',
      operation: 'REPORT',
      words: ['草泥马'],
      options: { pinyin: true },
    });
    await library(admin, {
      name: '数字变体',
      flag: 'cs-customer',
      operation: 'REPORT',
      // a digit style folds to its digit (① is 1), and a digit is never skipped: the word holds the digit
      words: ['微1信', '下3滥'],
      options: { numberStyles: true },
    });
    await importSessions(admin, [
      session('py-1', [
        ['CUSTOMER', '你个caonima'],
        ['CUSTOMER', '加微①信聊'],
        ['CUSTOMER', '草泥ma'],
        ['CUSTOMER', '你个下三滥，微信聊'],
      ]),
    ]);
    const log = await logPage(admin, { lineId: '1' });
    const byMessage = Object.fromEntries(log.records.map((r: Json) => [r.messageId, [r.censorBanName, r.censorSpans]]));
    expect(byMessage).toEqual({
      'py-1-1': ['拼音辱骂', [{ start: 2, end: 9, word: '草泥马' }]],
      'py-1-2': ['数字变体', [{ start: 1, end: 4, word: '微1信' }]],
      'py-1-3': ['拼音辱骂', [{ start: 0, end: 4, word: '草泥马' }]],
      'py-1-4': ['数字变体', [{ start: 2, end: 5, word: '下3滥' }]],
    });
  });

  it('a FUZZY library masks with its own mask character and writes its replacements', async () => {
    const admin = await organisation('co-mask');
    await library(admin, {
      name: '井号遮盖',
      flag: 'cs-customer',
      operation: 'FUZZY',
      words: ['骗子', '傻逼'],
      options: { mask: '#', replacements: { 傻逼: '[哔]' } },
    });
    await importSessions(admin, [session('mk-1', [['CUSTOMER', '你们就是骗子，傻逼客服']])]);
    const [message] = await messagesOf(admin, 'mk-1');
    expect(textOf(message.maskedContent)).toBe('你们就是##，[哔]客服');
    expect(textOf(message.content)).toBe('你们就是骗子，傻逼客服');
  });
});

describe('library options on save', () => {
  it('refuses a mask that is not one character, on options.mask, in Chinese and English', async () => {
    const admin = await organisation('co-bad-mask');
    const body = { name: '遮盖', flag: 'cs-customer', operation: 'FUZZY', words: ['骗子'], options: { mask: '##' } };
    const zh = await admin.post(`${BASE}/create`, body);
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({
      field: 'options.mask',
      message: 'options.mask：遮盖字符须为一个字符（如 *、#）',
    });
    const en = await admin.post(`${BASE}/create`, { ...body, options: { mask: '' } }, { lang: 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      field: 'options.mask',
      message: 'options.mask: The mask is one character (such as * or #)',
    });
  });

  it('refuses an unknown category and a long replacement, naming each', async () => {
    const admin = await organisation('co-bad-values');
    const body = (options: Json) => ({
      name: '选项',
      flag: 'cs-customer',
      operation: 'FUZZY',
      words: ['骗子'],
      options,
    });
    const category = await admin.post(`${BASE}/create`, body({ categories: ['abuse', 'spam'] }));
    expect(category.statusCode).toBe(400);
    expect(category.json().field).toBe('options.categories[1]');
    const long = await admin.post(`${BASE}/create`, body({ replacements: { 骗子: '很长'.repeat(11) } }), {
      lang: 'en',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      field: 'options.replacements.骗子',
      message: 'options.replacements.骗子: A replacement is at most 20 characters',
    });
  });
});

describe('library options in a QC task', () => {
  it('a pinyin library marks the AI result of a session whose customer wrote caonima', async () => {
    const admin = await organisation('co-qc-pinyin');
    const now = Date.now();
    await importSessions(admin, [
      session(
        'qp-1',
        [
          ['CUSTOMER', '你们caonima'],
          ['AGENT', '抱歉给您带来不便'],
        ],
        { start: now - 2 * HOUR },
      ),
      session(
        'qp-2',
        [
          ['CUSTOMER', '谢谢'],
          ['AGENT', '不客气'],
        ],
        { start: now - 3 * HOUR },
      ),
    ]);
    const banId = await library(admin, {
      name: '拼音辱骂',
      flag: 'cs-customer',
      operation: 'REPORT',
      words: ['草泥马'],
      options: { pinyin: true },
    });
    const scheme = await aiScheme(admin);
    await activeTask(admin, scheme.schemeId, ['1']);
    await t.app.tasks.whenIdle();
    const rows = (await ok(admin.post('/v3/chats/ai-result/page', {}, { query: { page: '1', size: '50' } }))).records;
    expect(Object.fromEntries(rows.map((r: Json) => [r.sessionId, r.censorBanIds]))).toEqual({
      'qp-1': [banId],
      'qp-2': [],
    });
  }, 60_000);
});
