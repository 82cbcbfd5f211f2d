import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { filterProblems } from '../src/entity/filter-errors';
import { AiResultList } from '../src/screens/qc/ai-result/AiResultList';
import { fakeClient, renderConsole } from './helpers';
import { atRoute } from './list-route';

const LIST = '/qc/ai-result/list';

const row = {
  id: '101',
  sessionId: 's-1',
  name: '坐席1',
  schemeId: '7',
  schemeName: '服务规范方案',
  aiStatus: 'CHECKED',
  aiScore: 88,
  isReview: false,
  isComplaint: false,
  isVeto: false,
  resultRules: [],
  groups: [],
  createTime: '2026-11-22 09:30:00',
  duration: 320,
  trackClient: 'WEB',
  version: 1,
};

/** The AI result list's server; `refuse` answers a page call with a 400 instead of rows. */
function listServer(refuse?: (request: ApiRequest) => ApiError | null) {
  return fakeClient({
    '/v3/chats/ai-result/page': (request) => {
      const refused = refuse?.(request);
      if (refused) throw refused;
      return { records: [row], total: 1, page: 1, size: 20 };
    },
    '/v3/chats/qc-scheme/list': () => [{ id: '7', name: '服务规范方案' }],
    '/v3/chats/session/directory': () => [],
  });
}

const pageCalls = (calls: ApiRequest[]) => calls.filter((c) => c.path === '/v3/chats/ai-result/page');
/** The error Mantine shows under the input labelled `label`. */
function errorUnder(label: string): string | null {
  const input = screen.getByLabelText(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('a list filter that cannot match says so at its input (issue 15, defect 10)', () => {
  it('an inverted AI score range: under AI得分至, the fold opened, no call, no rows, no banner', async () => {
    const { client, calls } = listServer();
    renderConsole(atRoute(AiResultList, LIST, { beginAiScore: '90', endAiScore: '50' }), {
      client,
      permissions: ['qc-ai-result.view'],
    });
    // the score range is folded under 展开: the list unfolds itself to show where the problem is
    await waitFor(() => expect(errorUnder('AI得分至')).toBe('最高分不能低于最低分'));
    expect(screen.getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');
    expect(errorUnder('AI得分从')).toBeNull();
    expect(pageCalls(calls)).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('坐席1')).toBeNull();
    expect(screen.getByText('共 0 条')).toBeTruthy();

    // mended, the list searches and the words go
    await userEvent.clear(screen.getByRole('textbox', { name: 'AI得分至' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'AI得分至' }), '95');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await screen.findByText('坐席1');
    expect(pageCalls(calls).at(-1)!.body).toMatchObject({ beginAiScore: 90, endAiScore: 95 });
    expect(errorUnder('AI得分至')).toBeNull();
  });

  it('a QC number that is not a number: under 质检编号', async () => {
    const { client, calls } = listServer();
    renderConsole(atRoute(AiResultList, LIST, { id: 'abc' }), { client, permissions: ['qc-ai-result.view'] });
    await waitFor(() => expect(errorUnder('质检编号')).toBe('须为数字编号'));
    expect(pageCalls(calls)).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("the server's 400 naming a field: its message at that field, without the field's body name", async () => {
    // a refusal the client's check does not foresee (the server's own rule about the session id)
    const { client } = listServer((request) =>
      (request.body as { sessionId?: string }).sessionId === 's-x'
        ? new ApiError(400, 'INVALID_FIELD', 'sessionId：会话ID格式不对', 'sessionId', [
            { field: 'sessionId', message: '会话ID格式不对' },
          ])
        : null,
    );
    renderConsole(atRoute(AiResultList, LIST, { sessionId: 's-x' }), { client, permissions: ['qc-ai-result.view'] });
    await waitFor(() => expect(errorUnder('会话ID')).toBe('会话ID格式不对'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toContain('sessionId');
  });

  it('a problem of a field no input sets: in the banner, in words, never the body name', async () => {
    const { client } = listServer(() => new ApiError(400, 'INVALID_FIELD', 'timeby：选项无效', 'timeby'));
    renderConsole(atRoute(AiResultList, LIST), { client, permissions: ['qc-ai-result.view'] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('选项无效')).toBeTruthy();
    expect(alert.textContent).not.toContain('timeby');
    // nothing to try again: the filter has to change
    expect(within(alert).queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('any other failure stays in the banner with 重试', async () => {
    const { client } = listServer(() => new ApiError(500, 'INTERNAL', '服务器内部错误'));
    renderConsole(atRoute(AiResultList, LIST), { client, permissions: ['qc-ai-result.view'] });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('服务器内部错误');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('filterProblems', () => {
  it('reads every listed field of a 400 by its top field, the first problem of each', () => {
    const error = new ApiError(400, 'INVALID_FIELD', 'scores[2]：太大', 'scores[2]', [
      { field: 'scores[2]', message: '不能大于 5' },
      { field: 'scores[3]', message: '不能大于 5（第二个）' },
      { field: 'endAiScore', message: '最高分不能低于最低分' },
    ]);
    expect(filterProblems(error)).toEqual({ scores: '不能大于 5', endAiScore: '最高分不能低于最低分' });
  });

  it('without a list, takes the field and strips its name from the message', () => {
    expect(filterProblems(new ApiError(400, 'X', 'endAiScore: The upper score is below', 'endAiScore'))).toEqual({
      endAiScore: 'The upper score is below',
    });
  });

  it('is nothing for a 400 without a field, another status, or another error', () => {
    expect(filterProblems(new ApiError(400, 'X', '请求体：无效'))).toBeNull();
    expect(filterProblems(new ApiError(409, 'X', '冲突', 'version'))).toBeNull();
    expect(filterProblems(new Error('boom'))).toBeNull();
  });
});
