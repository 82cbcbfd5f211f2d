import { sessionSummarySchema } from '@qcdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createUser } from '../../src/seed/accounts.js';
import { DEMO_ROLES } from '../../src/seed/seed-store.js';
import { dressDemoSession } from '../../src/tasks/demo-seeder.js';
import { type Caller, organisationWith, signIn } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, type Json, ok, stc3Sessions } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let reader: Caller;
let agent: Caller;
let outsider: Caller;

const SUMMARY = {
  resolved: false,
  content: '客户反映话费扣费异常，已核对账单，待回访确认。',
  form: '微博客服服务小结',
  fields: [
    { fieldCode: 'category', fieldName: '咨询类型', fieldType: 'LIST_SINGLE', formData: '资费咨询' },
    { fieldCode: 'tags', fieldName: '问题标签', fieldType: 'CHECKBOX', formData: ['资费', '待跟进'] },
    { fieldCode: 'orderNo', fieldName: '关联单号', fieldType: 'INPUT', formData: null },
  ],
};
/** agent 101 served 'sum-0' (with a summary) and 'sum-2'; agent 102 'sum-1' (none filled) */
const sessions = deskSessions(3).map((s, i) => ({
  ...s,
  sessionId: `sum-${i}`,
  chatId: `sum-chat-${i}`,
  agentId: i === 1 ? 102 : 101,
  status: 'CLOSED',
  ...(i === 0 ? { summary: SUMMARY } : {}),
}));

beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  let organizationId: number;
  ({ admin, reader, organizationId } = await organisationWith(t, 'sum-home', {
    admin: ['*'],
    // the session routes need no key: any signed-in user of the organisation
    reader: ['qc-ai-result.view'],
  }));
  ({ outsider } = await organisationWith(t, 'sum-away', { outsider: ['*'] }));
  const roleId = await createRole(t.database.db, organizationId, { ...DEMO_ROLES.agent });
  await createUser(t.database.db, organizationId, {
    username: 'sum-agent',
    name: '张三',
    password: 'test-password-1',
    roleIds: [roleId],
    agentId: 101,
  });
  agent = await signIn(t, 'sum-agent', 'test-password-1');
  await ok(admin.post('/v3/chats/session/import', sessions));
}, 60_000);
afterAll(async () => {
  await t.close();
});

const summaryOf = (who: Caller, body: object, lang?: 'en') =>
  who.post('/v3/chats/session/summary', body, lang === undefined ? {} : { lang });

describe('POST /v3/chats/session/summary', () => {
  it('answers the summary an import carried, and the session detail says one was filled', async () => {
    expect(await ok(summaryOf(reader, { sessionId: 'sum-0' }))).toEqual(SUMMARY);
    expect(await ok(summaryOf(reader, { sessionId: 'sum-0', chatId: 'sum-chat-0' }))).toEqual(SUMMARY);
    const detail = await ok(reader.post('/v3/chats/session/detail', {}, { query: { sessionId: 'sum-0' } }));
    expect(detail.summary).toBe(true);
  });

  it('answers null for a session without a summary', async () => {
    const none = await summaryOf(reader, { sessionId: 'sum-1' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const detail = await ok(reader.post('/v3/chats/session/detail', {}, { query: { sessionId: 'sum-1' } }));
    expect(detail.summary).toBe(false);
  });

  it('reads the older summaryDetail beside summary: true, leaving out what is not of the shape', async () => {
    const [s] = stc3Sessions(1);
    const old = {
      ...s,
      sessionId: 'sum-old',
      summary: true,
      summaryDetail: {
        resolved: true,
        content: '已解答',
        fields: [{ fieldCode: 'x', fieldName: '类型', fieldType: 'RADIO', formData: '咨询' }, { nonsense: 1 }],
      },
    };
    await ok(admin.post('/v3/chats/session/import', [old]));
    expect(await ok(summaryOf(reader, { sessionId: 'sum-old' }))).toEqual({
      resolved: true,
      content: '已解答',
      form: null,
      fields: [{ fieldCode: 'x', fieldName: '类型', fieldType: 'RADIO', formData: '咨询' }],
    });
  });

  it("names a field stored without a name after the organisation's custom field of its code", async () => {
    const [s] = stc3Sessions(1);
    const coded = {
      ...s,
      sessionId: 'sum-coded',
      summary: {
        resolved: true,
        content: '已登记',
        form: null,
        fields: [
          { fieldCode: 'orderNo', fieldType: 'INPUT', formData: 'GD1' },
          { fieldCode: 'phone', fieldName: '当时的电话', fieldType: 'PHONE', formData: '138' },
          { fieldCode: 'unknown', fieldType: 'INPUT', formData: 'x' },
        ],
      },
    };
    await ok(admin.post('/v3/chats/session/import', [coded]));
    await ok(admin.post('/v3/feed/field/create', { name: '关联单号', code: 'orderNo', type: 'INPUT' }));
    await ok(admin.post('/v3/feed/field/create', { name: '客户电话', code: 'phone', type: 'PHONE' }));
    const fields = (await ok(summaryOf(reader, { sessionId: 'sum-coded' }))).fields;
    // the stored name is kept (as the agent saw it); a field of no custom field keeps its code only
    expect(fields.map((f: Json) => [f.fieldCode, f.fieldName ?? null])).toEqual([
      ['orderNo', '关联单号'],
      ['phone', '当时的电话'],
      ['unknown', null],
    ]);
  });

  it('refuses a summary of the wrong shape at import, naming the record field', async () => {
    const [s] = stc3Sessions(1);
    const bad = {
      ...s,
      sessionId: 'sum-bad',
      summary: { ...SUMMARY, fields: [{ fieldCode: 'a', fieldType: 'SLIDER' }] },
    };
    const res = await ok(admin.post('/v3/chats/session/import', [bad]));
    expect(res).toMatchObject({ created: 0, failed: 1 });
    expect(res.errors[0].field).toMatch(/^summary/);
    expect((await summaryOf(reader, { sessionId: 'sum-bad' })).statusCode).toBe(404);
  });

  it('names the field of a bad body (400)', async () => {
    const missing = await summaryOf(reader, {}, 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'sessionId' });
    const wrong = await summaryOf(reader, { sessionId: 'sum-0', chatId: 7 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('chatId');
  });

  it("answers 404 for another organisation's session, an unknown one, or a chat the session is not part of", async () => {
    for (const [who, body] of [
      [outsider, { sessionId: 'sum-0' }],
      [outsider, { sessionId: 'sum-0', chatId: 'sum-chat-0' }],
      [reader, { sessionId: 'no-such-session' }],
      [reader, { sessionId: 'sum-0', chatId: 'sum-chat-1' }],
    ] as const) {
      const res = await summaryOf(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    }
  });

  it('lets an agent read only the summaries of the sessions he served', async () => {
    expect(await ok(summaryOf(agent, { sessionId: 'sum-0' }))).toEqual(SUMMARY);
    expect((await summaryOf(agent, { sessionId: 'sum-1' })).statusCode).toBe(404);
  });

  it('answers 401 signed out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/chats/session/summary',
      payload: { sessionId: 'sum-0' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('demo summaries', () => {
  it('gives a share of the demo sessions a Chinese summary of the contracts shape, served by the route', async () => {
    const raw = stc3Sessions(60);
    const dressed = raw.map((s, i) => ({
      ...dressDemoSession(s, i, raw.length, Date.now(), 101),
      sessionId: `demo-${i}`,
      chatId: `demo-chat-${i}`,
    }));
    const withSummary = dressed.filter((s) => typeof s.summary === 'object');
    expect(withSummary.length / dressed.length).toBeGreaterThan(0.4);
    expect(withSummary.length / dressed.length).toBeLessThan(0.8);
    for (const s of withSummary) {
      const summary = sessionSummarySchema.parse(s.summary);
      expect(summary.content).toMatch(/[\u4e00-\u9fff]/);
      expect(summary.fields.map((f) => f.fieldName)).toEqual([
        '咨询类型',
        '联系电话',
        '是否回访',
        '问题标签',
        '关联单号',
      ]);
    }
    expect(new Set(withSummary.map((s) => (s.summary as { resolved: boolean }).resolved))).toEqual(
      new Set([true, false]),
    );
    await ok(admin.post('/v3/chats/session/import', dressed));
    const one = withSummary[0]!;
    expect(await ok(summaryOf(admin, { sessionId: one.sessionId }))).toEqual(one.summary);
    const none = dressed.find((s) => s.summary === false)!;
    expect((await summaryOf(admin, { sessionId: none.sessionId })).json()).toBeNull();
  });
});

describe('POST /v3/chats/message/fetch over more than one page', () => {
  const N = 123;
  beforeAll(async () => {
    const [s] = stc3Sessions(1);
    const begin = Date.UTC(2024, 4, 1, 2, 0, 0);
    // pairs of messages share a send time, so the cursor must order by time and then by id
    const messages = Array.from({ length: N }, (_, k) => ({
      messageId: `m-${k}`,
      senderRole: k % 2 === 0 ? 'CUSTOMER' : 'AGENT',
      sendTime: begin + Math.floor(k / 2) * 1000,
      content: `第 ${k} 条`,
    }));
    await ok(admin.post('/v3/chats/session/import', [{ ...s, sessionId: 'long', chatId: 'long-chat', messages }]));
  });

  it('follows nextCursor to the end: every message once, in send order, then a null cursor', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    for (let round = 0; round < 10; round++) {
      const page: Json = await ok(
        reader.post(
          '/v3/chats/message/fetch',
          cursor === null ? { chatId: 'long-chat' } : { chatId: 'long-chat', cursor },
        ),
      );
      sizes.push(page.records.length);
      seen.push(...page.records.map((m: Json) => m.content));
      cursor = page.nextCursor;
      if (cursor === null) break;
      expect(cursor).toEqual(expect.any(String));
    }
    expect(sizes).toEqual([50, 50, 23]);
    expect(seen).toEqual(Array.from({ length: N }, (_, k) => `第 ${k} 条`));
  });

  it("answers another organisation's chat with nothing (no records, no cursor)", async () => {
    const theirs = await ok(outsider.post('/v3/chats/message/fetch', { chatId: 'long-chat' }));
    expect(theirs).toEqual({ records: [], nextCursor: null });
    const first = await ok(reader.post('/v3/chats/message/fetch', { chatId: 'long-chat' }));
    const next = await ok(outsider.post('/v3/chats/message/fetch', { chatId: 'long-chat', cursor: first.nextCursor }));
    expect(next).toEqual({ records: [], nextCursor: null });
  });

  it("gives an agent only his own sessions' messages", async () => {
    const own = await ok(agent.post('/v3/chats/message/fetch', { chatId: 'sum-chat-0' }));
    expect(own.records.length).toBeGreaterThan(0);
    expect(await ok(agent.post('/v3/chats/message/fetch', { chatId: 'sum-chat-1' }))).toEqual({
      records: [],
      nextCursor: null,
    });
  });
});
