import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api/client';
import { EntityList } from '../src/entity/EntityList';
import type { EntityDescription } from '../src/entity/types';
import { useLocaleStore } from '../src/i18n/locale-store';
import { ManualResultDetail } from '../src/screens/qc/manual-result/ManualResultDetail';
import { FormErrorBanner } from '../src/ui/FormErrorBanner';
import { fakeClient, renderConsole } from './helpers';

interface Thing {
  id: string;
  name: string;
}

const things: EntityDescription<Thing> = {
  name: 'thing',
  title: 'rule.title',
  api: { base: '/v3/chats/qc-rule', detailParam: 'thingId' },
  listPath: '/thing/list',
  softDelete: false,
  keyword: true,
  filters: [],
  columns: [{ key: 'name', title: 'common.name' }],
};

describe('a failed load offers 重试 (issue 15, defect 11)', () => {
  it('a list shows skeleton rows while it first loads, 重试 when the load failed, and the rows after it', async () => {
    const answers: Array<(value: unknown) => void> = [];
    const failures: Array<(error: unknown) => void> = [];
    const { client } = fakeClient({
      '/v3/chats/qc-rule/page': () =>
        new Promise((resolve, reject) => {
          answers.push(resolve);
          failures.push(reject);
        }),
    });
    const { container } = renderConsole(
      <EntityList description={things} location={{ path: '/thing/list', query: {} }} />,
      { client, permissions: ['qc-rule.view'] },
    );
    await waitFor(() => expect(failures).toHaveLength(1));
    expect(container.querySelectorAll('tr[data-skeleton-row]').length).toBeGreaterThan(0);
    expect(screen.queryByText('暂无数据')).toBeNull();

    failures[0]!(new ApiError(500, 'INTERNAL', '服务器内部错误（请求编号 r-2）'));
    expect((await screen.findByRole('alert')).textContent).toContain('服务器内部错误（请求编号 r-2）');
    expect(container.querySelectorAll('tr[data-skeleton-row]')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(container.querySelectorAll('tr[data-skeleton-row]').length).toBeGreaterThan(0);
    answers[1]!({ records: [{ id: '1', name: '开场白' }], total: 1, page: 1, size: 20 });
    expect(await screen.findByText('开场白')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelectorAll('tr[data-skeleton-row]')).toHaveLength(0);
  });

  it('shows 重试 / Retry beside the message when the screen can load again, and runs it', async () => {
    const retry = vi.fn();
    const { client } = fakeClient({});
    const view = renderConsole(<FormErrorBanner error="服务器开小差了" onRetry={retry} />, { client });
    expect(screen.getByRole('alert').textContent).toContain('服务器开小差了');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalledTimes(1);
    view.unmount();

    renderConsole(<FormErrorBanner error="server error" onRetry={retry} />, { client });
    useLocaleStore.setState({ locale: 'en' });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    useLocaleStore.setState({ locale: 'zh' });
  });

  it('offers no retry on a form banner (a failed save is retried by saving again)', () => {
    const { client } = fakeClient({});
    renderConsole(<FormErrorBanner error="名称不能为空" onClose={() => undefined} />, { client });
    expect(screen.getByRole('alert').textContent).toContain('名称不能为空');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('a detail whose load failed loads again on 重试', async () => {
    let failures = 1;
    const { client, calls } = fakeClient({
      '/v3/chats/qc-manual-result/detail': () => {
        if (failures-- > 0) throw new ApiError(500, 'INTERNAL', '服务器内部错误（请求编号 r-1）');
        return {
          id: '900',
          sessionId: 's-1',
          manualStatus: 'CHECKED',
          name: '客服小李',
          schemeId: '50',
          schemeName: '服务规范',
          style: 'SCORE',
          manualScore: 88,
          groups: [],
          appraisals: [],
          isReview: false,
          isComplaint: false,
          manualAngles: [],
          session: null,
          messages: [],
        };
      },
      '/v3/chats/session/detail': () => ({ status: 'CLOSED' }),
    });
    renderConsole(<ManualResultDetail location={{ path: '/qc/manual-result/detail', query: { id: 's-1' } }} />, {
      client,
      permissions: ['qc-manual-result.view'],
    });
    expect((await screen.findByRole('alert')).textContent).toContain('服务器内部错误（请求编号 r-1）');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('质检编号 900')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.path === '/v3/chats/qc-manual-result/detail')).toHaveLength(2);
  });
});
