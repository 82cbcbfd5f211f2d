/** Rescan: the current libraries re-applied to the messages of a time range, in the background, with progress. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';
import {
  followJob,
  importSessions,
  type Line,
  library,
  logPage,
  MAY_1_10AM,
  messagesOf,
  session,
} from './censor-fixtures.js';

const DAY = 86_400_000;
let t: TestApp;
let admin: Caller;
let viewer: Caller;
let outsider: Caller;

/** 1,100 messages on May 1 (three batches of the rescan), every 100th a customer calling the agent a 骗子 */
const long: Line[] = Array.from({ length: 1100 }, (_, k) =>
  k % 100 === 0
    ? ['CUSTOMER', `第${k}条：你就是骗子`]
    : k % 2 === 0
      ? ['CUSTOMER', '请问到哪了']
      : ['AGENT', '正在处理'],
);

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, viewer } = await organisationWith(t, 'rs-home', {
    admin: ['*'],
    viewer: ['cs-censor-log.view', 'cs-censor-ban.view'],
  }));
  ({ outsider } = await organisationWith(t, 'rs-away', { outsider: ['*'] }));
  // imported before any library exists: nothing is censored yet
  await importSessions(admin, [
    session('may1', long, { step: 10_000 }),
    session('may2', [['CUSTOMER', '骗子']], { start: MAY_1_10AM + DAY }),
    session('line2', [['CUSTOMER', '骗子']], { lineId: 2, lineName: '电信微博' }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const sessionsIn = async (lineId: string) =>
  [...new Set((await logPage(admin, { lineId }, 500)).records.map((r: Json) => r.sessionId))].sort();

async function rescan(body: object): Promise<Json[]> {
  const started = await ok(admin.post('/v3/system/censor-log/rescan', body));
  const seen = await followJob(admin, '/v3/system/censor-log/rescan/progress', started.jobId);
  const last = seen[seen.length - 1];
  expect(last).toMatchObject({ jobId: started.jobId, kind: 'RESCAN', state: 'DONE', percent: 100 });
  expect(last.done).toBe(started.total);
  return seen;
}

describe('rescan', () => {
  it('fills the log for the chosen range and line only, with progress reaching 100 %', async () => {
    await library(admin, { name: '辱骂', flag: 'cs-customer', operation: 'FUZZY', words: ['骗子'] });
    expect((await logPage(admin, { lineId: '1' })).total).toBe(0);

    const started = await ok(
      admin.post('/v3/system/censor-log/rescan', { timeFrom: '2024-05-01', timeTo: '2024-05-01', lineId: '1' }),
    );
    // every message of May 1 on line 1: the long session
    expect(started.total).toBe(1100);
    const seen = await followJob(admin, '/v3/system/censor-log/rescan/progress', started.jobId);
    const percents = seen.map((p: Json) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(seen[seen.length - 1]).toMatchObject({ state: 'DONE', total: 1100, done: 1100, percent: 100, error: null });

    expect(await sessionsIn('1')).toEqual(['may1']);
    expect((await logPage(admin, { lineId: '1' })).total).toBe(11);
    expect(await sessionsIn('2')).toEqual([]);
    // outside the range nothing changed
    expect((await messagesOf(admin, 'may2'))[0].censorOperation).toBeNull();
    const [first] = await messagesOf(admin, 'may1');
    expect(first).toMatchObject({ censorOperation: 'FUZZY', censorWords: ['骗子'] });
    expect(JSON.parse(first.maskedContent)[0].MsgContent.Text).toBe('第0条：你就是**');
  });

  it('replaces the records of a range scanned again, and removes them when the library is off', async () => {
    await rescan({ timeFrom: '2024-05-01 00:00:00', timeTo: '2024-05-02 23:59:59' });
    expect(await sessionsIn('1')).toEqual(['may1', 'may2']);
    // scanned twice, logged once
    expect((await logPage(admin, { lineId: '1' })).total).toBe(12);
    expect(await sessionsIn('2')).toEqual(['line2']);

    const [ban] = (await ok(admin.post('/v3/system/censor-ban/list', { flag: 'cs-customer' }))) as Json[];
    await ok(admin.post('/v3/system/censor-ban/status', { ids: [ban.id], status: 'INACTIVE' }));
    await rescan({ timeFrom: '2024-05-02', timeTo: '2024-05-02' });
    expect(await sessionsIn('1')).toEqual(['may1']);
    expect((await messagesOf(admin, 'may2'))[0]).toMatchObject({
      censorOperation: null,
      censorWords: null,
      maskedContent: null,
    });
  });

  it('is for library editors; its progress only for its own organisation', async () => {
    const refused = await viewer.post('/v3/system/censor-log/rescan', { timeFrom: '2024-05-01', timeTo: '2024-05-01' });
    expect(refused.statusCode).toBe(403);
    const missing = await admin.post('/v3/system/censor-log/rescan', { timeTo: '2024-05-01' });
    expect([missing.statusCode, missing.json().field]).toEqual([400, 'timeFrom']);
    const started = await ok(
      admin.post('/v3/system/censor-log/rescan', { timeFrom: '2030-01-01', timeTo: '2030-01-01' }),
    );
    expect(started.total).toBe(0);
    const foreign = await outsider.post(
      '/v3/system/censor-log/rescan/progress',
      {},
      { query: { jobId: started.jobId } },
    );
    expect(foreign.statusCode).toBe(404);
    // a rescan is not an export
    const asExport = await admin.post('/v3/system/censor-log/export/progress', {}, { query: { jobId: started.jobId } });
    expect(asExport.statusCode).toBe(404);
    const [done] = (await followJob(admin, '/v3/system/censor-log/rescan/progress', started.jobId)).slice(-1);
    expect(done).toMatchObject({ state: 'DONE', total: 0, done: 0, percent: 100 });
  });
});
