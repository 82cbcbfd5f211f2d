import type { Ticket, TicketDetail, TicketOptions } from '@qcdesk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { ApiError } from '../src/api/client';
import { ticketDescription } from '../src/entities/ticket';
import { EntityList } from '../src/entity/EntityList';
import { useRouterStore } from '../src/router/router-store';
import { AiResultDetail as AiResultScreen } from '../src/screens/qc/ai-result/AiResultDetail';
import { TicketCreate } from '../src/screens/ticket/TicketCreate';
import { TicketDetail as DetailScreen } from '../src/screens/ticket/TicketDetail';
import { fakeClient, renderConsole } from './helpers';
import { drawAtRoute } from './list-route';

const AGENT = ['ticket.view', 'ticket.edit'];

function ticket(extra: Partial<Ticket> = {}): Ticket {
  return {
    id: '11',
    number: 'TS000011',
    title: '快递三天未送达',
    content: '客户很着急',
    kindId: '3',
    kindName: '投诉处理',
    stateCode: 'PROCESSING',
    stateName: '处理中',
    stateColor: '#faad14',
    statusGroup: 'PROCESSING',
    groupId: '5',
    groupName: '售后一组',
    handlerId: '21',
    handlerName: '坐席小王',
    lastHandlerId: null,
    lastHandlerName: null,
    sessionId: 's-9',
    aiResultId: '300',
    fieldValues: { '41': '13800138000', '42': 'SHIP' },
    attachments: [],
    stateSince: '2026-11-22 10:00:00',
    alarmAt: '2026-11-22 10:30:00',
    timeoutAt: '2026-11-22 12:00:00',
    alarmed: true,
    timedOut: false,
    version: 3,
    tenantId: '1',
    createTime: '2026-11-22 09:30:00',
    ...extra,
  };
}

const OPTIONS: TicketOptions = {
  kinds: [
    {
      id: '3',
      name: '投诉处理',
      taskCode: 'TS',
      attachmentRequired: false,
      initialState: 'PENDING',
      fields: [
        { fieldId: '41', label: '联系电话', required: true, type: 'PHONE', options: [] },
        {
          fieldId: '42',
          label: '问题类型',
          required: true,
          type: 'RADIO',
          options: [
            { label: '物流', value: 'SHIP' },
            { label: '质量', value: 'QUALITY' },
          ],
        },
      ],
    },
    { id: '4', name: '退换货', taskCode: 'TH', attachmentRequired: true, initialState: 'PENDING', fields: [] },
  ],
  groups: [{ id: '5', name: '售后一组', staff: [{ id: '21', name: '坐席小王' }] }],
  staff: [
    { id: '21', name: '坐席小王' },
    { id: '22', name: '主管老周' },
  ],
  states: [],
};

function detail(extra: Partial<TicketDetail> = {}): TicketDetail {
  return {
    ...ticket(),
    fields: OPTIONS.kinds[0]!.fields.map((f) => ({ ...f, options: [...f.options] })),
    moves: [
      {
        stateTo: 'RESOLVED',
        stateName: '已解决',
        stateColor: '#52c41a',
        statusGroup: 'RESOLVED',
        nodeId: '71',
        nodeName: '处理完成',
        handlerType: 'CREATOR',
        handlers: [],
        alarmMinutes: 10,
        timeoutMinutes: 1440,
      },
      {
        stateTo: 'PENDING',
        stateName: '待处理',
        stateColor: '#1677ff',
        statusGroup: 'PENDING',
        nodeId: '72',
        nodeName: '退回待处理',
        handlerType: 'GROUP',
        handlers: [{ id: '5', name: '售后一组' }],
        alarmMinutes: 10,
        timeoutMinutes: 720,
      },
    ],
    events: [
      {
        id: '1',
        type: 'CREATED',
        toState: 'PENDING',
        toStateName: '待处理',
        routed: false,
        actorName: '质检员小李',
        time: '2026-11-22 09:30:00',
      },
      {
        id: '2',
        type: 'MOVED',
        fromState: 'PENDING',
        fromStateName: '待处理',
        toState: 'PROCESSING',
        toStateName: '处理中',
        nodeName: '受理投诉',
        routed: false,
        actorName: '质检员小李',
        remark: '转售后',
        time: '2026-11-22 10:00:00',
      },
      {
        id: '3',
        type: 'ASSIGNED',
        groupId: '5',
        groupName: '售后一组',
        handlerId: '21',
        handlerName: '坐席小王',
        routed: true,
        actorName: '质检员小李',
        time: '2026-11-22 10:00:00',
      },
      {
        id: '4',
        type: 'ASSIGNED',
        handlerId: '31',
        handlerName: '质检员小李',
        nodeName: '退回',
        routed: true,
        actorName: '坐席小王',
        time: '2026-11-22 11:00:00',
      },
    ],
    actions: { move: true, claim: false, assign: true, comment: true },
    ...extra,
  };
}

describe('the ticket list', () => {
  it('shows the tabs with their counts, the state in its colour, waiting tickets, and passed deadlines in red', async () => {
    const pages: ApiRequest[] = [];
    const { client } = fakeClient({
      '/v3/feed/ticket/options': () => OPTIONS,
      '/v3/feed/ticket/page': (request) => {
        pages.push(request);
        return {
          records: [
            ticket(),
            ticket({
              id: '12',
              number: 'TS000012',
              handlerId: null,
              handlerName: null,
              alarmed: false,
              timedOut: true,
            }),
          ],
          total: 2,
          page: 1,
          size: 20,
          myNum: 4,
          waitingNum: 1,
        };
      },
    });
    renderConsole(
      drawAtRoute((location) => <EntityList description={ticketDescription} location={location} />, '/ticket/list'),
      { client, permissions: AGENT },
    );
    expect(await screen.findByText('TS000011')).toBeTruthy();
    // 我的待办 first, with the counts of the page answer
    expect(screen.getByRole('tab', { name: /我的待办.*4/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /待认领.*1/ })).toBeTruthy();
    expect(pages[0]!.body).toMatchObject({ view: 'MINE' });
    const first = screen.getByText('TS000011').closest('tr')!;
    const tag = within(first).getByTestId('ticket-state');
    expect(tag.textContent).toBe('处理中');
    expect(tag.getAttribute('style')).toContain('#faad14');
    expect(within(first).getByText('已预警').getAttribute('data-alarmed')).toBe('true');
    const second = screen.getByText('TS000012').closest('tr')!;
    expect(within(second).getByText('已超时').getAttribute('data-timed-out')).toBe('true');
    expect(within(second).getAllByText('待认领').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('tab', { name: /全部/ }));
    await waitFor(() => expect(pages.at(-1)!.body).toMatchObject({ view: 'ALL' }));
    // whoever may open tickets gets 新建
    expect(screen.getByRole('button', { name: '新建' })).toBeTruthy();
  });
});

describe('the create form', () => {
  const open = (query: Record<string, string> = {}, handlers: Record<string, (r: ApiRequest) => unknown> = {}) => {
    const fake = fakeClient({ '/v3/feed/ticket/options': () => OPTIONS, ...handlers });
    renderConsole(<TicketCreate location={{ path: '/ticket/create', query: { _modal: 'large', ...query } }} />, {
      client: fake.client,
      permissions: AGENT,
    });
    return fake;
  };
  const chooseKind = async (name: string) => {
    await userEvent.click(await screen.findByRole('combobox', { name: '工单模版' }));
    await userEvent.click(await screen.findByRole('option', { name }));
  };

  it('renders the kind’s fields by type and says what is missing at each input, calling nothing', async () => {
    const { calls } = open();
    await chooseKind('投诉处理');
    expect(await screen.findByRole('textbox', { name: '联系电话' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '物流' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    const phone = screen.getByRole('textbox', { name: '联系电话' });
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('请填写工单标题')).toBeTruthy();
    expect(screen.getAllByText('此项为必填项').length).toBe(2);
    await userEvent.type(phone, 'call me');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('电话号码格式不正确')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v3/feed/ticket/create')).toEqual([]);
  });

  it('asks for an attachment when the kind requires one', async () => {
    open({ title: '换货' });
    await chooseKind('退换货');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByTestId('attachments-error')).textContent).toBe('该工单模版须上传附件');
  });

  it('opened from a session: sends its session, AI result and the kind’s values; then opens the new ticket', async () => {
    const created: ApiRequest[] = [];
    open(
      { sessionId: 's-9', aiResultId: '300', title: '会话 s-9 质检 42 分跟进' },
      {
        '/v3/feed/ticket/create': (request) => {
          created.push(request);
          return { id: '77' };
        },
      },
    );
    expect(await screen.findByTestId('ticket-origin')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: '标题' }) as HTMLInputElement).value).toBe('会话 s-9 质检 42 分跟进');
    await chooseKind('投诉处理');
    await userEvent.type(screen.getByRole('textbox', { name: '联系电话' }), '13800138000');
    await userEvent.click(screen.getByRole('radio', { name: '质量' }));
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.body).toMatchObject({
      kindId: '3',
      title: '会话 s-9 质检 42 分跟进',
      sessionId: 's-9',
      aiResultId: '300',
      fieldValues: { '41': '13800138000', '42': 'QUALITY' },
      groupId: null,
    });
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({ path: '/ticket/detail', query: { id: '77' } }),
    );
  });

  it('places the server’s field errors at their inputs', async () => {
    open(
      { title: '投诉' },
      {
        '/v3/feed/ticket/create': () => {
          throw new ApiError(400, 'INVALID_FIELD', 'fieldValues.41：电话号码格式不正确', 'fieldValues.41', [
            { field: 'fieldValues.41', message: '电话号码格式不正确' },
          ]);
        },
      },
    );
    await chooseKind('投诉处理');
    await userEvent.type(screen.getByRole('textbox', { name: '联系电话' }), '13800138000');
    await userEvent.click(screen.getByRole('radio', { name: '物流' }));
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '联系电话' }).getAttribute('aria-invalid')).toBe('true'),
    );
  });
});

describe('the ticket detail', () => {
  const show = (
    answer: TicketDetail,
    handlers: Record<string, (r: ApiRequest) => unknown> = {},
    permissions = AGENT,
  ) => {
    const fake = fakeClient({
      '/v3/feed/ticket/detail': () => answer,
      '/v3/feed/ticket/options': () => OPTIONS,
      ...handlers,
    });
    useRouterStore.setState({ current: { path: '/ticket/detail', query: { id: answer.id }, key: 0 } });
    renderConsole(<DetailScreen location={{ path: '/ticket/detail', query: { id: answer.id, _modal: 'large' } }} />, {
      client: fake.client,
      permissions,
    });
    return fake;
  };

  it('offers the moves of the flow, each naming its state and handler, and moves with the version read', async () => {
    const moved: ApiRequest[] = [];
    show(detail(), {
      '/v3/feed/ticket/move': (request) => {
        moved.push(request);
        return { id: '11' };
      },
    });
    expect((await screen.findByTestId('ticket-number')).textContent).toBe('TS000011');
    const moves = screen.getByTestId('ticket-moves');
    expect(
      within(moves)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['处理完成 → 已解决', '退回待处理 → 待处理']);
    await userEvent.click(within(moves).getByRole('button', { name: '退回待处理 → 待处理' }));
    expect(screen.getByTestId('move-panel').textContent).toContain('按规则分配到 售后一组');
    await userEvent.click(within(moves).getByRole('button', { name: '处理完成 → 已解决' }));
    const panel = screen.getByTestId('move-panel');
    expect(panel.textContent).toContain('交给创建人处理');
    await userEvent.type(within(panel).getByRole('textbox', { name: '备注' }), '已致电客户');
    await userEvent.click(within(panel).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(moved).toHaveLength(1));
    expect(moved[0]!.body).toEqual({ id: '11', version: 3, stateTo: 'RESOLVED', remark: '已致电客户' });
  });

  it('shows the fields, the link to the session and the history in order', async () => {
    show(detail());
    expect(await screen.findByText('13800138000')).toBeTruthy();
    // a choice shows its label, not its stored value
    expect(screen.getByText('物流')).toBeTruthy();
    const history = screen.getByTestId('ticket-history');
    expect(history.textContent).toContain('质检员小李 创建工单，状态：待处理');
    expect(history.textContent).toContain('质检员小李 将工单从“待处理”流转到“处理中”（受理投诉）');
    expect(history.textContent).toContain('按“售后一组”的规则分配给 坐席小王');
    expect(history.textContent).toContain('按节点“退回”交给 质检员小李');
    expect(history.textContent!.indexOf('创建工单')).toBeLessThan(history.textContent!.indexOf('流转到'));
    await userEvent.click(screen.getByTestId('ticket-session'));
    expect(useRouterStore.getState().current).toMatchObject({ path: '/qc/ai-result/detail', query: { id: 's-9' } });
  });

  it('disables the moves for someone who is not the handler, and offers a waiting ticket to be claimed', async () => {
    const claims: ApiRequest[] = [];
    show(
      detail({
        handlerId: null,
        handlerName: null,
        actions: { move: false, claim: true, assign: false, comment: true },
      }),
      {
        '/v3/feed/ticket/claim': (request) => {
          claims.push(request);
          return { id: '11' };
        },
      },
    );
    const moves = await screen.findByTestId('ticket-moves');
    for (const button of within(moves).getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('只有当前处理人或工单管理员可以流转')).toBeTruthy();
    expect(screen.getByTestId('ticket-handler').textContent).toContain('在“售后一组”待认领');
    expect(screen.queryByRole('button', { name: '转派' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '认领' }));
    await waitFor(() => expect(claims).toHaveLength(1));
    expect(claims[0]!.body).toEqual({ id: '11', version: 3 });
  });
});

describe('创建工单 on an AI result', () => {
  const aiDetail = {
    id: '300',
    sessionId: 's-9',
    name: '张三',
    schemeId: '7',
    schemeName: '服务规范方案',
    aiStatus: 'CHECKED' as const,
    aiScore: 41.6,
    isReview: false,
    isComplaint: false,
    isVeto: false,
    resultRules: [],
    groups: [],
    createTime: '2026-11-22 09:30:00',
    duration: 320,
    version: 1,
    session: { status: 'CLOSED' as const, groups: [] },
    messages: [],
    messageTotal: 0,
  };
  const showResult = (permissions: string[]) => {
    useRouterStore.setState({ current: { path: '/qc/ai-result/detail', query: {}, key: 0 } });
    const { client } = fakeClient({ '/v3/chats/ai-result/detail': () => aiDetail });
    renderConsole(<AiResultScreen location={{ path: '/qc/ai-result/detail', query: { id: 's-9' } }} />, {
      client,
      permissions,
    });
  };

  it('opens the ticket form with the session, the AI result and a title naming them', async () => {
    showResult(['qc-ai-result.view', ...AGENT]);
    await userEvent.click(await screen.findByRole('button', { name: '创建工单' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/ticket/create',
      query: { sessionId: 's-9', aiResultId: '300', title: '会话 s-9 质检 42 分跟进', _modal: 'large' },
    });
  });

  it('is not offered to whoever may not open tickets', async () => {
    showResult(['qc-ai-result.view', 'ticket.view']);
    expect(await screen.findByText('服务规范方案')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '创建工单' })).toBeNull();
  });
});
