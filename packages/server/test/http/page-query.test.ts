import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Every paged list takes ?page=&size=; the spec bounds a page to 1..500 rows (issue 13 point 12).
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await organisationWith(t, 'paging', { admin: ['*'] }));
  await admin.post('/v3/chats/qc-rule/create', { name: '服务规范', type: 'PERSON' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const rules = (query: Record<string, string>) => admin.post('/v3/chats/qc-rule/page', {}, { query });

describe('page and size of a list', () => {
  it.each([
    ['1e9', '每页条数须为 1 到 500'],
    ['501', '每页条数须为 1 到 500'],
    ['0', '每页条数须为 1 到 500'],
    ['-1', '每页条数须为 1 到 500'],
    ['abc', '格式不正确'],
    ['2.5', '必须是整数'],
  ])('answers size=%s with 400 naming size', async (size, message) => {
    const res = await rules({ page: '1', size });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'size', message: `size：${message}` });
  });

  it('takes size 1 to 500, and 20 when absent', async () => {
    expect((await rules({ page: '1', size: '500' })).json()).toMatchObject({ size: 500, total: 1 });
    expect((await rules({ page: '1', size: '1' })).json().records).toHaveLength(1);
    expect((await rules({})).json()).toMatchObject({ page: 1, size: 20 });
  });

  it('answers a page far past the end with no records, and refuses page 0 or a word', async () => {
    const far = await rules({ page: '1e9', size: '500' });
    expect(far.statusCode).toBe(200);
    expect(far.json()).toMatchObject({ records: [], total: 1, page: 1e9, size: 500 });
    // the largest page a number holds exactly still answers (no overflow in the store); past it, 400
    expect((await rules({ page: String(Number.MAX_SAFE_INTEGER), size: '500' })).json().records).toEqual([]);
    for (const page of ['0', '-3', 'abc', '1e20']) {
      const res = await rules({ page, size: '20' });
      expect(res.statusCode, page).toBe(400);
      expect(res.json().field).toBe('page');
    }
  });
});
