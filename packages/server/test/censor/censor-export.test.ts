/** Export of the log (CS_CENSOR_LOG): CSV and XLSX files written in the background, then downloaded. */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ok } from '../tasks/fixtures.js';
import { followJob, importSessions, type Line, library, MAY_1_10AM, MINUTE, session } from './censor-fixtures.js';

let t: TestApp;
let admin: Caller;
let colleague: Caller;
let viewer: Caller;

const HEADER = ['敏感词库', '敏感词', '处理方式', '客服号', '会话ID', '消息内容', '发送人', '发送人角色', '发送时间'];
/** 1,200 messages sent in the same second (ties the cursor must break by id), each a 骗子 */
const burst: Line[] = Array.from({ length: 1200 }, (_, k) => ['CUSTOMER', `骗子${k}`]);

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, colleague, viewer } = await organisationWith(t, 'ex-home', {
    admin: ['*'],
    colleague: ['cs-censor-log.view', 'cs-censor-log.export'],
    viewer: ['cs-censor-log.view'],
  }));
  await library(admin, { name: '客户词库', flag: 'cs-customer', operation: 'REPORT', words: ['骗子', '退钱'] });
  await importSessions(admin, [
    session('e1', [
      ['CUSTOMER', '你们是骗子'],
      ['CUSTOMER', '=1+1 退钱, "马上"'],
    ]),
    session('burst', burst, { start: MAY_1_10AM - 60 * MINUTE, step: 0 }),
  ]);
});
afterAll(async () => {
  await t.close();
});

/** Starts an export, follows it to the end (as the screen does) and downloads the file. */
async function exported(caller: Caller, body: object, lang?: 'en') {
  const started = await ok(caller.post('/v3/system/censor-log/export', body, { lang }));
  const seen = await followJob(caller, '/v3/system/censor-log/export/progress', started.jobId);
  const res = await download(caller, started.jobId);
  expect(res.statusCode, res.body).toBe(200);
  return { started, progress: seen[seen.length - 1], res, bytes: new Uint8Array(res.rawPayload) };
}

function download(caller: Caller, jobId: string) {
  return t.app.inject({
    method: 'GET',
    url: '/v3/system/censor-log/export/download',
    query: { jobId },
    headers: { cookie: caller.cookie },
  });
}

/** The cells of each row of a sheet written with inline strings. */
function sheetRows(xml: string): string[][] {
  return [...xml.matchAll(/<row [^>]*>(.*?)<\/row>/g)].map((row) =>
    [...row[1]!.matchAll(/<t xml:space="preserve">(.*?)<\/t>/g)].map((cell) =>
      cell[1]!.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
    ),
  );
}

describe('exporting the log', () => {
  it('writes CSV in UTF-8 with a BOM, the Chinese text intact, cells quoted and never formulas', async () => {
    const { started, progress, res, bytes } = await exported(admin, {
      lineId: '1',
      sessionId: 'e1',
      format: 'CSV',
      exportType: 'CS_CENSOR_LOG',
    });
    expect(started.total).toBe(2);
    expect(progress).toMatchObject({ kind: 'EXPORT', state: 'DONE', total: 2, done: 2, percent: 100 });
    expect(progress.fileName).toMatch(/^敏感词日志_\d{8}_\d{6}\.csv$/);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(progress.fileName)}`,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.split('\r\n')).toEqual([
      `\uFEFF${HEADER.join(',')}`,
      `客户词库,退钱,保留,支付微博,e1,"'=1+1 退钱, ""马上""",王先生,客户,2024-05-01 10:01:00`,
      '客户词库,骗子,保留,支付微博,e1,你们是骗子,王先生,客户,2024-05-01 10:00:00',
      '',
    ]);
  });

  it('writes an XLSX whose sheet holds every row of the filtered log, newest first', async () => {
    const { progress, res, bytes } = await exported(admin, { lineId: '1' });
    expect(progress).toMatchObject({ state: 'DONE', total: 1202, done: 1202, percent: 100 });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="敏感词日志" sheetId="1" r:id="rId1"/>');
    const rows = sheetRows(strFromU8(files['xl/worksheets/sheet1.xml']!));
    expect(rows.length).toBe(1203);
    expect(rows[0]).toEqual(HEADER);
    expect(rows[1]).toEqual([
      '客户词库',
      '退钱',
      '保留',
      '支付微博',
      'e1',
      '=1+1 退钱, "马上"',
      '王先生',
      '客户',
      '2024-05-01 10:01:00',
    ]);
    // the burst: every message once across the pages of the cursor, the last sent (highest id) first
    const burstTexts = rows.slice(3).map((r) => r[5]);
    expect(burstTexts.length).toBe(1200);
    expect(new Set(burstTexts).size).toBe(1200);
    expect(burstTexts[0]).toBe('骗子1199');
    expect(burstTexts[1199]).toBe('骗子0');
  });

  it('writes the columns in English for an English caller', async () => {
    const { bytes } = await exported(admin, { lineId: '1', sessionId: 'e1', keyword: '你们', format: 'CSV' }, 'en');
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines.slice(0, 2)).toEqual([
      'Library,Words,Operation,Service line,Session ID,Message,Sender,Role,Send time',
      '客户词库,骗子,Retained,支付微博,e1,你们是骗子,王先生,Customer,2024-05-01 10:00:00',
    ]);
  });

  it('is refused without cs-censor-log.export, and a file is only its own exporter’s', async () => {
    const refused = await viewer.post('/v3/system/censor-log/export', { lineId: '1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('cs-censor-log.export');
    const noLine = await admin.post('/v3/system/censor-log/export', { format: 'CSV' });
    expect([noLine.statusCode, noLine.json().message]).toEqual([400, 'lineId：请选择客服号后查询']);
    const badFormat = await admin.post('/v3/system/censor-log/export', { lineId: '1', format: 'PDF' });
    expect([badFormat.statusCode, badFormat.json().field]).toEqual([400, 'format']);

    const { started } = await exported(admin, { lineId: '1', sessionId: 'e1', format: 'CSV' });
    const theirs = await colleague.post(
      '/v3/system/censor-log/export/progress',
      {},
      { query: { jobId: started.jobId } },
    );
    expect(theirs.statusCode).toBe(404);
    expect((await download(colleague, started.jobId)).statusCode).toBe(404);
    expect((await download(viewer, started.jobId)).statusCode).toBe(403);
    const own = await exported(colleague, { lineId: '1', sessionId: 'e1', format: 'CSV' });
    expect(own.progress.total).toBe(2);
  });
});
