import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiPlatforms } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await organisationWith(t, 'ai-platform', { admin: ['*'] }));
}, 60_000);
afterAll(async () => t?.close());

const KEY = 'sk-live-0123456789abcd';
const create = (body: Json, lang?: 'en') => admin.post('/v3/feed/ai-platform/create', body, lang ? { lang } : {});
const detail = (platformId: string) => ok(admin.post('/v3/feed/ai-platform/detail', {}, { query: { platformId } }));
const change = (record: Json, patch: Json) =>
  ok(
    admin.post('/v3/feed/ai-platform/change', {
      id: record.id,
      version: record.version,
      name: record.name,
      provider: record.provider,
      baseUrl: record.baseUrl,
      apiKey: record.apiKey,
      ...patch,
    }),
  );
/** The key as stored: only the server's table has it. */
async function storedKey(id: string): Promise<string | null> {
  const [row] = await t.database.db
    .select({ apiKey: aiPlatforms.apiKey })
    .from(aiPlatforms)
    .where(eq(aiPlatforms.id, Number(id)));
  return row!.apiKey;
}

describe('AI platforms: the API key', () => {
  it('is answered masked by create, detail, page and list, never in full', async () => {
    const { id } = await ok(
      create({ name: '分类服务', provider: 'HTTP', baseUrl: 'http://127.0.0.1:8700', apiKey: KEY }),
    );
    const record = await detail(id);
    expect(record.apiKey).toBe('sk-****abcd');
    const page = await ok(admin.post('/v3/feed/ai-platform/page', { keyword: '分类服务' }));
    const list = await ok(admin.post('/v3/feed/ai-platform/list', { keyword: '分类服务' }));
    expect(page.records.map((r: Json) => r.apiKey)).toEqual(['sk-****abcd']);
    expect(list.map((r: Json) => r.apiKey)).toEqual(['sk-****abcd']);
    for (const answer of [record, page, list]) expect(JSON.stringify(answer)).not.toContain('0123456789');
    expect(await storedKey(id)).toBe(KEY);
  });

  it('is kept when a change sends the masked form back (or none), replaced by a new one, cleared by null', async () => {
    const { id } = await ok(
      create({ name: '兼容接口', provider: 'OPENAI_COMPATIBLE', baseUrl: 'https://llm.internal.test', apiKey: KEY }),
    );
    let record = await detail(id);
    await change(record, { name: '兼容接口 2' });
    expect(await storedKey(id)).toBe(KEY);
    record = await detail(id);
    await change(record, { apiKey: undefined });
    expect(await storedKey(id)).toBe(KEY);

    record = await detail(id);
    await change(record, { apiKey: 'sk-new-key-9876543210wxyz' });
    expect(await storedKey(id)).toBe('sk-new-key-9876543210wxyz');
    record = await detail(id);
    expect(record.apiKey).toBe('sk-****wxyz');

    // a mask of another key is a new (odd) key, not a keep: only the stored key's own mask keeps it
    await change(record, { apiKey: 'sk-****abcd' });
    expect(await storedKey(id)).toBe('sk-****abcd');

    record = await detail(id);
    await change(record, { apiKey: null });
    expect(await storedKey(id)).toBeNull();
    expect((await detail(id)).apiKey).toBeNull();
  });

  it('a short key is answered as the mask alone', async () => {
    const { id } = await ok(create({ name: '短密钥', provider: 'HTTP', baseUrl: 'http://a.test', apiKey: 'abc123' }));
    expect((await detail(id)).apiKey).toBe('****');
  });
});

describe('AI platforms: the address', () => {
  it('is required unless BUILTIN, in zh and en, naming baseUrl', async () => {
    for (const provider of ['HTTP', 'OPENAI_COMPATIBLE']) {
      for (const baseUrl of [undefined, null, '', '   ']) {
        const res = await create({ name: '无地址', provider, baseUrl });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          field: 'baseUrl',
          message: 'baseUrl：请填写接口地址（内置词库模型除外）',
        });
      }
    }
    const en = await create({ name: '无地址', provider: 'HTTP' }, 'en');
    expect(en.json().message).toBe('baseUrl: Please enter the service URL (all but the built-in model need one)');
    const builtin = await ok(create({ name: '内置', provider: 'BUILTIN' }));
    expect((await detail(builtin.id)).baseUrl).toBeNull();
  });

  it('must be an http or https address', async () => {
    for (const baseUrl of ['ftp://a.test', 'localhost:8700', 'javascript:alert(1)', 'http://']) {
      const res = await create({ name: '坏地址', provider: 'HTTP', baseUrl });
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'baseUrl',
        message: 'baseUrl：接口地址须为 http:// 或 https:// 开头的完整地址',
      });
    }
    const en = await create({ name: '坏地址', provider: 'HTTP', baseUrl: 'ftp://a.test' }, 'en');
    expect(en.json().message).toBe('baseUrl: The service URL must be a full http:// or https:// address');
    const saved = await ok(create({ name: '好地址', provider: 'HTTP', baseUrl: ' https://a.test:8443/v1 ' }));
    expect((await detail(saved.id)).baseUrl).toBe('https://a.test:8443/v1');
  });

  it('refuses an unknown provider, listing the allowed ones', async () => {
    const res = await create({ name: '平台', provider: 'BAIDU', baseUrl: 'https://a.test' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'provider' });
    expect(res.json().message).toContain('BUILTIN, HTTP, OPENAI_COMPATIBLE');
  });

  it('keeps name ≤ 100 and outerId ≤ 50', async () => {
    const longName = await create({ name: '名'.repeat(101), provider: 'BUILTIN' });
    expect(longName.json()).toMatchObject({ field: 'name', message: 'name：不能超过 100 个字符' });
    const longOuter = await create({ name: '平台', provider: 'BUILTIN', outerId: 'x'.repeat(51) }, 'en');
    expect(longOuter.json()).toMatchObject({ field: 'outerId', message: 'outerId: At most 50 characters' });
    await ok(create({ name: '名'.repeat(100), provider: 'BUILTIN', outerId: 'x'.repeat(50) }));
  });
});
