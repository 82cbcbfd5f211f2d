/**
 * Censoring at ingest (issue 16 §1): every imported message is scanned by the organisation's ACTIVE libraries; it
 * keeps the operation and words, a FUZZY one also what the customer sees masked, and each (message, library) match
 * is a record of the log with its words and spans, holding the original text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';
import {
  importSessions,
  library,
  logPage,
  MAY_1_10AM,
  MINUTE,
  messagesOf,
  session,
  textOf,
} from './censor-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A fresh organisation per test: each sets up its own libraries. */
async function organisation(name: string): Promise<Caller> {
  return (await organisationWith(t, name, { admin: ['*'] })).admin;
}

describe('censoring at ingest', () => {
  it('masks a customer message for an ACTIVE FUZZY customer library and logs the words, spans and original text', async () => {
    const admin = await organisation('ci-fuzzy');
    const banId = await library(admin, {
      name: '客户辱骂',
      flag: 'cs-customer',
      operation: 'FUZZY',
      words: ['骗子', '傻逼'],
    });
    await importSessions(admin, [
      session('fz-1', [
        ['CUSTOMER', '你们就是骗子，傻逼客服'],
        ['AGENT', '您好，请问有什么可以帮您'],
      ]),
    ]);
    const [customer, agent] = await messagesOf(admin, 'fz-1');
    expect(customer.censorOperation).toBe('FUZZY');
    expect([...customer.censorWords].sort()).toEqual(['傻逼', '骗子'].sort());
    // the customer side sees the words masked; the content as sent stays for QC and reviewers
    expect(textOf(customer.maskedContent)).toBe('你们就是**，**客服');
    expect(textOf(customer.content)).toBe('你们就是骗子，傻逼客服');
    expect(agent.censorOperation).toBeNull();
    expect(agent.maskedContent).toBeNull();

    const log = await logPage(admin, { lineId: '1' });
    expect(log.total).toBe(1);
    expect(log.records[0]).toMatchObject({
      censorBanId: banId,
      censorBanName: '客户辱骂',
      censorOperation: 'FUZZY',
      lineName: '支付微博',
      sessionId: 'fz-1',
      chatId: 'fz-1',
      messageId: 'fz-1-1',
      text: '你们就是骗子，傻逼客服',
      senderNick: '王先生',
      senderRole: 'CUSTOMER',
      sendTime: '2024-05-01 10:00:00',
      censorSpans: [
        { start: 4, end: 6, word: '骗子' },
        { start: 7, end: 9, word: '傻逼' },
      ],
    });
    expect(log.records[0].censorWords).toEqual(['骗子', '傻逼']);
  });

  it('scans nothing with an INACTIVE library', async () => {
    const admin = await organisation('ci-inactive');
    await library(admin, { name: '停用词库', flag: 'cs-customer', operation: 'ABORT', words: ['骗子'] }, false);
    await importSessions(admin, [session('in-1', [['CUSTOMER', '你们就是骗子']])]);
    const [message] = await messagesOf(admin, 'in-1');
    expect(message.censorOperation).toBeNull();
    expect(message.censorWords).toBeNull();
    expect((await logPage(admin, { lineId: '1' })).total).toBe(0);
  });

  it("checks agents' messages with cs-agent libraries, limited to the agents of their scopes", async () => {
    const admin = await organisation('ci-agent');
    // the import creates agents 101 and 102; the scoped library watches 101 only
    await importSessions(admin, [
      session('warm-up', [['AGENT', '您好']], { agentId: 102, start: MAY_1_10AM - 60 * MINUTE }),
    ]);
    await importSessions(admin, [session('warm-up-2', [['AGENT', '您好']], { start: MAY_1_10AM - 60 * MINUTE })]);
    await library(admin, {
      name: '坐席违规',
      flag: 'cs-agent',
      operation: 'REPORT',
      words: ['加我微信'],
      scopes: { staffIds: ['101'] },
    });
    await library(admin, { name: '客户词库', flag: 'cs-customer', operation: 'ABORT', words: ['加我微信'] });
    await importSessions(admin, [
      session('ag-101', [
        ['AGENT', '有问题加我微信聊'],
        ['CUSTOMER', '好的'],
      ]),
      session('ag-102', [['AGENT', '有问题加我微信聊']], { agentId: 102 }),
    ]);
    const [of101] = await messagesOf(admin, 'ag-101');
    const [of102] = await messagesOf(admin, 'ag-102');
    expect(of101).toMatchObject({ censorOperation: 'REPORT', censorWords: ['加我微信'], maskedContent: null });
    // outside the scope, and the customer library never checks an agent
    expect(of102.censorOperation).toBeNull();
    const log = await logPage(admin, { lineId: '1' });
    expect(log.records.map((r: Json) => [r.sessionId, r.censorBanName, r.senderRole])).toEqual([
      ['ag-101', '坐席违规', 'AGENT'],
    ]);
  });

  it('keeps ABORT over FUZZY over REPORT on the message, and one record per library with its own operation', async () => {
    const admin = await organisation('ci-strength');
    await library(admin, { name: '举报', flag: 'cs-customer', operation: 'REPORT', words: ['投诉'] });
    await library(admin, { name: '模糊', flag: 'cs-customer', operation: 'FUZZY', words: ['垃圾'] });
    await library(admin, { name: '拦截', flag: 'cs-customer', operation: 'ABORT', words: ['炸了你们'] });
    await importSessions(admin, [
      session('st-1', [
        ['CUSTOMER', '垃圾服务，我要投诉'],
        ['CUSTOMER', '垃圾服务，再不退款炸了你们'],
      ]),
    ]);
    const [fuzzy, abort] = await messagesOf(admin, 'st-1');
    expect(fuzzy.censorOperation).toBe('FUZZY');
    // under FUZZY every matched word is masked, the REPORT library's too (the engine's rule: nothing matched stays readable)
    expect(textOf(fuzzy.maskedContent)).toBe('**服务，我要**');
    // ABORT: the message is blocked whole, nothing masked
    expect(abort.censorOperation).toBe('ABORT');
    expect(abort.maskedContent).toBeNull();
    const log = await logPage(admin, { lineId: '1', sessionId: 'st-1' });
    const records = log.records.map((r: Json) => `${r.messageId} ${r.censorBanName} ${r.censorOperation}`).sort();
    expect(records).toEqual(['st-1-1 举报 REPORT', 'st-1-1 模糊 FUZZY', 'st-1-2 拦截 ABORT', 'st-1-2 模糊 FUZZY']);
  });

  it('applies a library change to the next import, and a re-imported session replaces its records', async () => {
    const admin = await organisation('ci-change');
    await importSessions(admin, [session('ch-0', [['CUSTOMER', '退钱']])]);
    expect((await messagesOf(admin, 'ch-0'))[0].censorOperation).toBeNull();
    const banId = await library(admin, { name: '退款', flag: 'cs-customer', operation: 'REPORT', words: ['退钱'] });
    await importSessions(admin, [session('ch-1', [['CUSTOMER', '退钱！马上退钱']])]);
    expect((await logPage(admin, { lineId: '1' })).records.map((r: Json) => r.sessionId)).toEqual(['ch-1']);
    // the words change: the next batch compiles the library again
    const detail = await ok(admin.post('/v3/system/censor-ban/detail', {}, { query: { banId } }));
    await ok(
      admin.post('/v3/system/censor-ban/change', {
        id: banId,
        version: detail.version,
        name: '退款',
        flag: 'cs-customer',
        operation: 'REPORT',
        words: ['马上'],
      }),
    );
    // the same session with other content: its records are replaced, not added to
    await importSessions(admin, [session('ch-1', [['CUSTOMER', '退钱！马上退钱，马上']])]);
    const log = await logPage(admin, { lineId: '1' });
    expect(log.records.map((r: Json) => [r.sessionId, r.censorWords, r.censorSpans])).toEqual([
      [
        'ch-1',
        ['马上'],
        [
          { start: 3, end: 5, word: '马上' },
          { start: 8, end: 10, word: '马上' },
        ],
      ],
    ]);
  });

  it('keeps the censor fields a desk sent when the organisation has no active library', async () => {
    const admin = await organisation('ci-desk');
    const sent = session('dk-1', [['CUSTOMER', '你好']]);
    sent.messages[0].censorOperation = 'REPORT';
    sent.messages[0].censorWords = ['你好'];
    await importSessions(admin, [sent]);
    expect((await messagesOf(admin, 'dk-1'))[0]).toMatchObject({ censorOperation: 'REPORT', censorWords: ['你好'] });
  });

  it('answers only the censored messages of a session with the censor flag', async () => {
    const admin = await organisation('ci-flag');
    await library(admin, { name: '辱骂', flag: 'cs-customer', operation: 'REPORT', words: ['骗子'] });
    await importSessions(admin, [
      session('fl-1', [
        ['CUSTOMER', '你好'],
        ['CUSTOMER', '骗子'],
        ['AGENT', '您好'],
        ['CUSTOMER', '大骗子'],
      ]),
    ]);
    expect((await messagesOf(admin, 'fl-1')).length).toBe(4);
    const flagged = await messagesOf(admin, 'fl-1', true);
    expect(flagged.map((m: Json) => m.messageId)).toEqual(['fl-1-2', 'fl-1-4']);
    const page = await ok(
      admin.post('/v3/chats/message/query', { sessionId: 'fl-1', censor: 'true' }, { query: { page: '1', size: '1' } }),
    );
    expect([page.total, page.records[0].messageId]).toEqual([2, 'fl-1-2']);
  });
});
