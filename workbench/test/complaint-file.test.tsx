import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api/client';
import type { AiResultDetail } from '../src/entities/ai-result';
import { useRouterStore } from '../src/router/router-store';
import { AiResultDetail as DetailScreen } from '../src/screens/qc/ai-result/AiResultDetail';
import { ComplaintFile } from '../src/screens/qc/complaint/ComplaintFile';
import { ManualResultDetail } from '../src/screens/qc/manual-result/ManualResultDetail';
import { fakeClient, renderConsole } from './helpers';

const CREATE = '/v3/chats/complaint/create';
const DETAIL = '/v3/chats/ai-result/detail';
const AGENT = ['qc-ai-result.view', 'qc-complaint.view', 'qc-complaint.edit'];

const rule = (ruleId: string, ruleName: string) => ({
  ruleId,
  ruleName,
  scoreNum: 10,
  ruleScoreType: 'SUB' as const,
  hitCount: 1,
  reviewScore: null,
  isVeto: false,
});

function detail(extra: Partial<AiResultDetail> = {}): AiResultDetail {
  return {
    id: '300',
    sessionId: 's-1',
    name: '张三',
    schemeId: '7',
    schemeName: '服务规范方案',
    aiStatus: 'CHECKED',
    aiScore: 80,
    isReview: false,
    isComplaint: false,
    isVeto: false,
    resultRules: [rule('101', '服务禁语'), rule('102', '客户投诉')],
    groups: [],
    createTime: '2026-11-22 09:30:00',
    duration: 320,
    trackClient: 'WEB',
    version: 1,
    session: { status: 'CLOSED', groups: [] },
    messages: [],
    messageTotal: 0,
    ...extra,
  };
}

const openForm = (client: ReturnType<typeof fakeClient>['client']) =>
  renderConsole(
    <ComplaintFile location={{ path: '/qc/complaint/create', query: { id: 's-1', type: 'AI', _modal: 'large' } }} />,
    { client, permissions: AGENT },
  );

describe('the 申诉 button of the AI result detail', () => {
  it('opens the filing form with qc-complaint.edit', async () => {
    useRouterStore.setState({ current: { path: '/qc/ai-result/detail', query: {}, key: 0 } });
    const { client } = fakeClient({ [DETAIL]: () => detail() });
    renderConsole(<DetailScreen location={{ path: '/qc/ai-result/detail', query: { id: 's-1' } }} />, {
      client,
      permissions: AGENT,
    });
    await userEvent.click(await screen.findByRole('button', { name: '申诉' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/qc/complaint/create',
      query: { id: 's-1', type: 'AI', _modal: 'large' },
    });
  });

  it('is hidden without qc-complaint.edit', async () => {
    const { client } = fakeClient({ [DETAIL]: () => detail() });
    renderConsole(<DetailScreen location={{ path: '/qc/ai-result/detail', query: { id: 's-1' } }} />, {
      client,
      permissions: ['qc-ai-result.view', 'qc-complaint.view', 'qc-complaint.review'],
    });
    expect(await screen.findByText('服务禁语')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申诉' })).toBeNull();
  });

  it('is hidden while the result has a pending complaint', async () => {
    const pending = { id: '77', status: 'PENDING' as const };
    const { client } = fakeClient({
      [DETAIL]: () => detail({ isComplaint: true, complaint: pending, complaints: [pending] }),
    });
    renderConsole(<DetailScreen location={{ path: '/qc/ai-result/detail', query: { id: 's-1' } }} />, {
      client,
      permissions: AGENT,
    });
    expect(await screen.findByText('服务禁语')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申诉' })).toBeNull();
  });
});

describe('filing a complaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires a reason, then sends the picked rules, the reason and the attachment and goes back', async () => {
    useRouterStore.setState({ current: { path: '/qc/complaint/create', query: {}, key: 0 } });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ path: 'qc/complaint/0123456789ab-截图.png', name: '截图.png', size: 3 }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const { client, calls } = fakeClient({ [DETAIL]: () => detail(), [CREATE]: () => ({ id: '88' }) });
    openForm(client);
    await screen.findByRole('checkbox', { name: '客户投诉' });
    expect(calls[0]).toMatchObject({ path: DETAIL, query: { sessionId: 's-1' } });

    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('申诉原因不能为空')).toBeTruthy();
    expect(calls.some((c) => c.path === CREATE)).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: '客户投诉' }));
    await userEvent.type(screen.getByRole('textbox', { name: /申诉原因/ }), '客户先骂人');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['abc'], '截图.png', { type: 'image/png' }));
    expect(await screen.findByText('截图.png')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.path === CREATE)).toBe(true));
    expect(calls.find((c) => c.path === CREATE)?.body).toEqual({
      type: 'AI',
      sessionId: 's-1',
      resultId: '300',
      reason: '客户先骂人',
      complaintRules: [{ ruleId: '102', ruleName: '客户投诉' }],
      attachment: 'qc/complaint/0123456789ab-截图.png',
      complaintFiles: [{ name: '截图.png', path: 'qc/complaint/0123456789ab-截图.png' }],
    });
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/qc/ai-result/detail',
      query: { id: 's-1', _reload: 'list', _modal: 'large' },
    });
  });

  it("shows the server's refusal in the banner and stays", async () => {
    useRouterStore.setState({ current: { path: '/qc/complaint/create', query: {}, key: 0 } });
    const { client, calls } = fakeClient({
      [DETAIL]: () => detail(),
      [CREATE]: () => {
        throw new ApiError(400, 'COMPLAINT_PENDING', '该质检结果已有待审核的申诉');
      },
    });
    openForm(client);
    await userEvent.type(await screen.findByRole('textbox', { name: /申诉原因/ }), '误判');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText(/该质检结果已有待审核的申诉/)).toBeTruthy();
    expect(calls.find((c) => c.path === CREATE)?.body).toEqual({
      type: 'AI',
      sessionId: 's-1',
      resultId: '300',
      reason: '误判',
      complaintRules: [],
      attachment: null,
      complaintFiles: [],
    });
    expect(useRouterStore.getState().current.path).toBe('/qc/complaint/create');
  });
});

const MANUAL_DETAIL = '/v3/chats/qc-manual-result/detail';
const MANUAL_AGENT = ['qc-manual-result.view', 'qc-complaint.view', 'qc-complaint.edit'];

/** An assessed manual result: two angles, one rule shared by both (offered once). */
function manualDetail(extra: Record<string, unknown> = {}) {
  const angleRule = (angleId: string, ruleId: string, ruleName: string) => ({
    angleId,
    ruleId,
    ruleName,
    scoreNum: 0,
    fatalError: false,
  });
  return {
    id: '900',
    sessionId: 's-2',
    schemeId: '50',
    schemeName: '人工方案',
    style: 'SCORE',
    manualStatus: 'CHECKED',
    manualScore: 90,
    manualAngles: [
      {
        angleId: 'a1',
        angleName: '开场',
        manualRules: [angleRule('a1', '201', '开场白'), angleRule('a1', '202', '礼貌')],
      },
      { angleId: 'a2', angleName: '结束', manualRules: [angleRule('a2', '202', '礼貌')] },
    ],
    appraisals: [],
    groups: [],
    isReview: false,
    isComplaint: false,
    session: { status: 'CLOSED', groups: [] },
    messages: [],
    messageTotal: 0,
    ...extra,
  };
}

describe('a complaint against a manual result', () => {
  it('申诉 on the manual detail opens the MANUAL form; hidden without qc-complaint.edit or while pending', async () => {
    useRouterStore.setState({ current: { path: '/qc/manual-result/detail', query: {}, key: 0 } });
    const { client } = fakeClient({ [MANUAL_DETAIL]: () => manualDetail() });
    const view = renderConsole(
      <ManualResultDetail location={{ path: '/qc/manual-result/detail', query: { id: 's-2' } }} />,
      { client, permissions: MANUAL_AGENT },
    );
    await userEvent.click(await screen.findByRole('button', { name: '申诉' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/qc/complaint/create',
      query: { id: 's-2', type: 'MANUAL', _modal: 'large' },
    });
    view.unmount();

    const pending = { id: '78', status: 'PENDING' as const };
    const second = fakeClient({ [MANUAL_DETAIL]: () => manualDetail({ complaint: pending, complaints: [pending] }) });
    const pendingView = renderConsole(
      <ManualResultDetail location={{ path: '/qc/manual-result/detail', query: { id: 's-2' } }} />,
      { client: second.client, permissions: MANUAL_AGENT },
    );
    expect(await screen.findByTestId('manual-score')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申诉' })).toBeNull();
    pendingView.unmount();

    const third = fakeClient({ [MANUAL_DETAIL]: () => manualDetail() });
    renderConsole(<ManualResultDetail location={{ path: '/qc/manual-result/detail', query: { id: 's-2' } }} />, {
      client: third.client,
      permissions: ['qc-manual-result.view', 'qc-complaint.view', 'qc-complaint.review'],
    });
    expect(await screen.findByTestId('manual-score')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申诉' })).toBeNull();
  });

  it('offers the rules of the angles once each and sends a MANUAL complaint, then reopens the manual detail', async () => {
    useRouterStore.setState({ current: { path: '/qc/complaint/create', query: {}, key: 0 } });
    const { client, calls } = fakeClient({ [MANUAL_DETAIL]: () => manualDetail(), [CREATE]: () => ({ id: '89' }) });
    renderConsole(
      <ComplaintFile
        location={{ path: '/qc/complaint/create', query: { id: 's-2', type: 'MANUAL', _modal: 'large' } }}
      />,
      { client, permissions: MANUAL_AGENT },
    );
    await screen.findByRole('checkbox', { name: '礼貌' });
    expect(calls[0]).toMatchObject({ path: MANUAL_DETAIL, query: { sessionId: 's-2' } });
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    await userEvent.click(screen.getByRole('checkbox', { name: '礼貌' }));
    await userEvent.type(screen.getByRole('textbox', { name: /申诉原因/ }), '已说礼貌用语');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.path === CREATE)).toBe(true));
    expect(calls.find((c) => c.path === CREATE)?.body).toEqual({
      type: 'MANUAL',
      sessionId: 's-2',
      resultId: '900',
      reason: '已说礼貌用语',
      complaintRules: [{ ruleId: '202', ruleName: '礼貌' }],
      attachment: null,
      complaintFiles: [],
    });
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/qc/manual-result/detail',
        query: { id: 's-2', _reload: 'list', _modal: 'large' },
      }),
    );
  });
});
