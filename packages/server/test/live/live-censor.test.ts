/**
 * Live messages are censored as they arrive (issue 20), by the organisation's ACTIVE libraries and the same code as
 * an import: ABORT marks the message blocked, FUZZY keeps what the customer side sees masked, and every match is a
 * record of the log; a library switched on between two batches scans the next one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { library, logPage, messagesOf, textOf } from '../censor/censor-fixtures.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ok } from '../tasks/fixtures.js';
import { ev, MAY_1_10AM, MINUTE, makeDesk, send, type TestDesk } from './live-fixtures.js';

let t: TestApp;
let admin: Caller;
let desk: TestDesk;
const T = (minutes: number) => MAY_1_10AM + minutes * MINUTE;

beforeAll(async () => {
  t = await startTestApp();
  const org = await organisationWith(t, 'live-censor', { admin: ['*'] });
  admin = org.admin;
  desk = await makeDesk(t.database.db, org.organizationId, {
    agents: [{ capacity: 5, nick: '小王' }],
    groups: [{ name: '售后', agents: [0] }],
  });
  await send(admin, [ev.status(desk.agentIds[0]!, 'ONLINE', T(0))]);
});
afterAll(async () => {
  await t?.close();
});

describe('censoring live messages', () => {
  it('blocks ABORT words of agents, masks FUZZY words of customers, and fills the log as messages arrive', async () => {
    const abortId = await library(admin, { name: '坐席禁语', flag: 'cs-agent', operation: 'ABORT', words: ['滚蛋'] });
    const fuzzyId = await library(admin, {
      name: '客户辱骂',
      flag: 'cs-customer',
      operation: 'FUZZY',
      words: ['骗子'],
    });
    const answer = await send(admin, [
      ev.open('cz-1', desk.lineId, T(1), { customerNick: '王先生' }),
      ev.say('cz-1', 'CUSTOMER', '你们就是骗子', T(2)),
      ev.say('cz-1', 'AGENT', '你给我滚蛋', T(3)),
      ev.say('cz-1', 'AGENT', '抱歉，请问有什么可以帮您', T(4)),
    ]);
    expect(answer.accepted).toBe(4);
    const [customer, blocked, fine] = await messagesOf(admin, 'cz-1');
    expect(customer).toMatchObject({ censorOperation: 'FUZZY', censorWords: ['骗子'], senderNick: '王先生' });
    expect(textOf(customer.maskedContent)).toBe('你们就是**');
    expect(textOf(customer.content)).toBe('你们就是骗子');
    expect(blocked).toMatchObject({ censorOperation: 'ABORT', censorWords: ['滚蛋'], senderNick: '小王' });
    expect(fine.censorOperation).toBeNull();
    const log = await logPage(admin, { lineId: String(desk.lineId) });
    expect(log.total).toBe(2);
    expect(
      log.records.map((r: { censorBanId: string; sessionId: string; text: string; censorOperation: string }) => [
        r.censorBanId,
        r.sessionId,
        r.text,
        r.censorOperation,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [fuzzyId, 'cz-1', '你们就是骗子', 'FUZZY'],
        [abortId, 'cz-1', '你给我滚蛋', 'ABORT'],
      ]),
    );
  });

  it('scans with the libraries as they are at each batch', async () => {
    const id = await library(
      admin,
      { name: '后加词库', flag: 'cs-customer', operation: 'REPORT', words: ['投诉'] },
      false,
    );
    await send(admin, [ev.open('cz-2', desk.lineId, T(10)), ev.say('cz-2', 'CUSTOMER', '我要投诉', T(11))]);
    await ok(admin.post('/v3/system/censor-ban/status', { ids: [id], status: 'ACTIVE' }));
    await send(admin, [ev.say('cz-2', 'CUSTOMER', '我还是要投诉', T(12))]);
    const [before, after] = await messagesOf(admin, 'cz-2');
    expect(before.censorOperation).toBeNull();
    expect(after).toMatchObject({ censorOperation: 'REPORT', censorWords: ['投诉'] });
  });
});
