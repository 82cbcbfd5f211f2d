import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client';
import type { AiResultDetail } from '../src/entities/ai-result';
import { useLocaleStore } from '../src/i18n/locale-store';
import { SessionPanel } from '../src/screens/qc/ai-result/SessionPanel';
import { formValue } from '../src/screens/qc/ai-result/SessionSummary';
import { fakeClient, renderConsole } from './helpers';

const SUMMARY_PATH = '/v3/chats/session/summary';
type Session = NonNullable<AiResultDetail['session']>;

const session = (extra: Partial<Session> = {}): Session => ({
  sessionId: 's-1',
  chatId: 'c-1',
  status: 'CLOSED',
  lineName: '微博客服-通信',
  closeWay: 'AGENT',
  scoreProgress: -1,
  summary: true,
  groups: [],
  ...extra,
});

const SUMMARY = {
  resolved: false,
  content: '客户反映话费扣费异常，已核对账单，待回访确认。',
  form: '微博客服服务小结',
  fields: [
    { fieldCode: 'category', fieldName: '咨询类型', fieldType: 'LIST_SINGLE', formData: '资费咨询' },
    { fieldCode: 'tags', fieldName: '问题标签', fieldType: 'CHECKBOX', formData: ['资费', '待跟进'] },
    { fieldCode: 'orderNo', fieldName: '关联单号', fieldType: 'INPUT', formData: null },
    { fieldCode: 'region', fieldName: null, fieldType: 'TREE_SINGLE', formData: { label: '广东/深圳' } },
  ],
};

/** label → value of the summary rows, in order */
const rows = () =>
  within(screen.getByTestId('session-summary'))
    .getAllByTestId('summary-row')
    .map((r) => [...r.querySelectorAll('p')].map((p) => p.textContent));

describe('the session panel shows the service summary', () => {
  it('loads it by sessionId and chatId and shows resolved, content and the fields, "--" for what is absent', async () => {
    const { client, calls } = fakeClient({ [SUMMARY_PATH]: () => SUMMARY });
    renderConsole(<SessionPanel session={session()} canViewRating />, { client });
    expect(screen.getByText('已填写')).toBeTruthy();
    await screen.findByTestId('session-summary');
    expect(calls.filter((c) => c.path === SUMMARY_PATH).map((c) => c.body)).toEqual([
      { sessionId: 's-1', chatId: 'c-1' },
    ]);
    expect(rows()).toEqual([
      ['是否解决', '未解决'],
      ['小结内容', '客户反映话费扣费异常，已核对账单，待回访确认。'],
      ['咨询类型', '资费咨询'],
      ['问题标签', '资费、待跟进'],
      ['关联单号', '--'],
      ['region', '广东/深圳'],
    ]);
    expect(screen.getByText('服务小结 · 微博客服服务小结')).toBeTruthy();
  });

  it('says 已解决 for a resolved summary, and shows English labels in English', async () => {
    const { client } = fakeClient({ [SUMMARY_PATH]: () => ({ ...SUMMARY, resolved: true, content: '', fields: [] }) });
    renderConsole(<SessionPanel session={session()} canViewRating />, { client });
    await screen.findByText('已解决');
    expect(rows()).toEqual([
      ['是否解决', '已解决'],
      ['小结内容', '--'],
    ]);
    act(() => useLocaleStore.setState({ locale: 'en' }));
    expect(rows()).toEqual([
      ['Resolved', 'Resolved'],
      ['Summary', '--'],
    ]);
    act(() => useLocaleStore.setState({ locale: 'zh' }));
  });

  it('does not ask for a summary the session does not have', async () => {
    const { client, calls } = fakeClient({ [SUMMARY_PATH]: () => SUMMARY });
    renderConsole(<SessionPanel session={session({ summary: false })} canViewRating />, { client });
    expect(screen.getByText('未填写')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.path === SUMMARY_PATH)).toBe(false);
    expect(screen.queryByTestId('session-summary')).toBeNull();
  });

  it('shows "--" rows when the server has none after all, and says so when it cannot be loaded', async () => {
    const empty = fakeClient({ [SUMMARY_PATH]: () => null });
    const first = renderConsole(<SessionPanel session={session({ chatId: null })} canViewRating />, {
      client: empty.client,
    });
    await screen.findByTestId('session-summary');
    expect(empty.calls.find((c) => c.path === SUMMARY_PATH)?.body).toEqual({ sessionId: 's-1' });
    expect(rows()).toEqual([
      ['是否解决', '--'],
      ['小结内容', '--'],
    ]);
    first.unmount();
    const failing = fakeClient({
      [SUMMARY_PATH]: () => {
        throw new ApiError(404, 'NOT_FOUND', '会话 s-1 不存在');
      },
    });
    renderConsole(<SessionPanel session={session()} canViewRating />, { client: failing.client });
    await waitFor(() => expect(screen.getByTestId('summary-failed').textContent).toBe('服务小结加载失败'));
  });

  it('reads form values of every kind as text', () => {
    expect(formValue(undefined)).toBe('--');
    expect(formValue('  ')).toBe('--');
    expect(formValue([])).toBe('--');
    expect(formValue([null, ''])).toBe('--');
    expect(formValue(42)).toBe('42');
    expect(formValue(['a', { name: 'b' }])).toBe('a、b');
    expect(formValue({ x: 1 })).toBe('{"x":1}');
  });
});
