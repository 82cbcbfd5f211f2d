import { describe, expect, expectTypeOf, it } from 'vitest';
import { API_CALL_SCHEMAS, type CallAnswer, call } from '../src/api/calls';
import { fakeClient } from './helpers';

describe('the client typed by path', () => {
  it('types the body, the query and the answer of a call by its contract', () => {
    expectTypeOf<CallAnswer<'/v3/chats/qc-rule/create'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<CallAnswer<'/v3/chats/qc-task/status'>>().toMatchTypeOf<{ ids: string[]; status: string }>();
    const { client } = fakeClient({});
    const never = () => {
      // @ts-expect-error a status the contract does not know
      void call(client, '/v3/chats/qc-task/status', { body: { ids: ['1'], status: 'ON' } });
      // @ts-expect-error a page call needs its page and size
      void call(client, '/v3/chats/qc-rule/page', { body: {} });
      // @ts-expect-error a path no contract describes
      void call(client, '/v3/chats/qc-rule/nothing', { body: {} });
    };
    expect(typeof never).toBe('function');
  });

  it('sends what it is given to the path', async () => {
    const { client, calls } = fakeClient({ '/v3/chats/qc-task/status': () => ({ ids: ['1'], status: 'ACTIVE' }) });
    const answer = await call(client, '/v3/chats/qc-task/status', { body: { ids: ['1'], status: 'ACTIVE' } });
    expect(answer).toEqual({ ids: ['1'], status: 'ACTIVE' });
    expect(calls[0]).toEqual({ path: '/v3/chats/qc-task/status', body: { ids: ['1'], status: 'ACTIVE' } });
  });

  it('the fake client refuses an answer its contract would not give, naming the path', async () => {
    const { client } = fakeClient({
      '/v3/chats/qc-rule/create': () => ({ ruleId: '7' }),
      '/v3/chats/qc-rule/page': () => ({ records: [{ name: '无编号' }], total: 1, page: 1, size: 10 }),
    });
    await expect(call(client, '/v3/chats/qc-rule/create', { body: { name: '问候' } })).rejects.toThrow(
      'fake answer of /v3/chats/qc-rule/create does not fit its contract',
    );
    await expect(call(client, '/v3/chats/qc-rule/page', { body: {}, query: { page: 1, size: 10 } })).rejects.toThrow(
      '/v3/chats/qc-rule/page',
    );
    // every generated call of every contract is described
    expect(Object.keys(API_CALL_SCHEMAS)).toEqual(
      expect.arrayContaining(['/v3/chats/qc-scheme/detail', '/v3/chats/qc-task/delete', '/v3/chats/qc-rule/status']),
    );
  });
});
