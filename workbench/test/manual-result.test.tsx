import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { useRouterStore } from '../src/router/router-store';
import { ManualAssess } from '../src/screens/qc/manual-result/ManualAssess';
import { ManualResultDetail } from '../src/screens/qc/manual-result/ManualResultDetail';
import { ManualResultList } from '../src/screens/qc/manual-result/ManualResultList';
import { fakeClient, renderConsole } from './helpers';
import { atRoute } from './list-route';

const PAGE = '/v3/chats/qc-manual-result/page';
const QUALITY = '/v3/chats/session/quality-status';

function row(id: string, sessionId: string, manualStatus: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    sessionId,
    manualStatus,
    name: '客服小李',
    schemeId: '50',
    schemeName: '服务规范',
    style: 'SCORE',
    manualScore: manualStatus === 'CHECKED' ? 92 : null,
    groups: [],
    appraisals: [],
    isReview: false,
    isComplaint: false,
    ...extra,
  };
}

/** The list answers its radio counts with each page, whatever the filter. */
function listServer() {
  const rules = [
    { angleId: '7', ruleId: '101', ruleName: '开场白', scoreNum: 5, fatalError: false },
    { angleId: '7', ruleId: '102', ruleName: '结束语', scoreNum: 0, fatalError: false },
    { angleId: '8', ruleId: '101', ruleName: '开场白', scoreNum: 3, fatalError: false },
    { angleId: '8', ruleId: '103', ruleName: '辱骂客户', scoreNum: 0, fatalError: true },
  ];
  const rows = [
    row('1', 's-ready', 'READY_CHECKED'),
    row('2', 's-done', 'CHECKED', { satisfaction: 9, manualRules: rules }),
  ];
  return fakeClient({
    [PAGE]: (request: ApiRequest) => {
      const status = (request.body as { manualStatus?: string }).manualStatus;
      const records = status ? rows.filter((r) => r.manualStatus === status) : rows;
      return {
        records,
        total: records.length,
        page: 1,
        size: 20,
        allCheckedNum: 12,
        readyCheckedNum: 3,
        checkedNum: 7,
        rejectNum: 2,
      };
    },
    [QUALITY]: () => ({ ids: ['s-ready'], status: 'UNCHECKED' }),
  });
}

const pageBodies = (calls: ApiRequest[]) =>
  calls.filter((c) => c.path === PAGE).map((c) => c.body as Record<string, unknown>);
const list = { path: '/qc/manual-result/list', query: {} };

describe('manual result list', () => {
  it('shows the counts in the status radios and starts on CHECKED, yesterday', async () => {
    const { client, calls } = listServer();
    renderConsole(atRoute(ManualResultList, list.path), { client, permissions: ['qc-manual-result.view'] });
    expect(await screen.findByRole('radio', { name: '全部 (12)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '待质检 (3)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '已质检 (7)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '未质检 (2)' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: '已质检 (7)' }) as HTMLInputElement).checked).toBe(true);
    expect(pageBodies(calls)[0]).toMatchObject({ manualStatus: 'CHECKED', quickDate: 'YESTERDAY' });
    // the time basis shows its default, createTime (session start), and sends it
    const timeby = screen.getAllByLabelText('时间类型').find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    expect(timeby.value).toBe('会话开始时间');
    expect(pageBodies(calls)[0]).toMatchObject({ timeby: 'createTime' });
    // the inspected row only; its satisfaction 9 is outside 1..5 and shows '--'
    const shown = await screen.findByText('s-done');
    expect(screen.queryByText('s-ready')).toBeNull();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const cells = within(shown.closest('tr')!).getAllByRole('cell');
    expect(cells[headers.indexOf('人工得分')]?.textContent).toBe('92');
    expect(cells[headers.indexOf('满意度')]?.textContent).toBe('--');
    // deducted rules only (a deduction or a fatal error), each rule once
    expect(cells[headers.indexOf('人工扣分规则')]?.textContent).toBe('开场白辱骂客户');
  });

  it('sorts by a score header and lets a time range replace the quick date', async () => {
    const { client, calls } = listServer();
    renderConsole(atRoute(ManualResultList, list.path), { client, permissions: ['qc-manual-result.view'] });
    await screen.findByText('s-done');
    await userEvent.click(screen.getByRole('button', { name: '人工得分 排序' }));
    await waitFor(() => expect(pageBodies(calls).at(-1)).toMatchObject({ scoreSorts: ['manual_score asc'] }));
    await userEvent.click(screen.getByRole('button', { name: '展开' }));
    fireEvent.change(screen.getByLabelText('开始时间'), { target: { value: '2026-11-01T08:30' } });
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(pageBodies(calls).at(-1)).toMatchObject({ timeFrom: '2026-11-01 08:30:00' }));
    expect(pageBodies(calls).at(-1)).not.toHaveProperty('quickDate');
    expect(pageBodies(calls).at(-1)).toMatchObject({ manualStatus: 'CHECKED', scoreSorts: ['manual_score asc'] });
  });

  it('shows bulk release on READY_CHECKED and move-to-be-inspected on ALL, by permission', async () => {
    const { client, calls } = listServer();
    renderConsole(atRoute(ManualResultList, list.path), {
      client,
      permissions: ['qc-manual-result.view', 'qc-manual-result.edit'],
    });
    await screen.findByText('s-done');
    expect(screen.queryByRole('button', { name: '批量释放' })).toBeNull();
    expect(screen.queryByRole('button', { name: '移至待质检' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: '待质检 (3)' }));
    await screen.findByText('s-ready');
    expect(pageBodies(calls).at(-1)).toMatchObject({ manualStatus: 'READY_CHECKED' });
    expect(screen.getByRole('button', { name: '批量释放' })).toBeTruthy();

    // without qc-manual-result.status, ALL shows no move button
    await userEvent.click(screen.getByRole('radio', { name: '全部 (12)' }));
    await waitFor(() => expect(pageBodies(calls).at(-1)).not.toHaveProperty('manualStatus'));
    expect(screen.queryByRole('button', { name: '移至待质检' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批量释放' })).toBeNull();
  });

  it('moves the selected sessions to be inspected by their session ids', async () => {
    const { client, calls } = listServer();
    renderConsole(atRoute(ManualResultList, list.path), {
      client,
      permissions: ['qc-manual-result.view', 'qc-manual-result.status'],
    });
    await userEvent.click(await screen.findByRole('radio', { name: '全部 (12)' }));
    await screen.findByText('s-ready');
    await userEvent.click(screen.getByRole('button', { name: '移至待质检' }));
    expect(await screen.findByText('请选择记录')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'select 1' }));
    await userEvent.click(screen.getByRole('button', { name: '移至待质检' }));
    await userEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.path === QUALITY)).toBe(true));
    expect(calls.find((c) => c.path === QUALITY)?.body).toEqual({ ids: ['s-ready'], status: 'READY_CHECKED' });
  });

  it('releases a READY_CHECKED row after a confirmation naming the session', async () => {
    const { client, calls } = listServer();
    renderConsole(atRoute(ManualResultList, list.path), {
      client,
      permissions: ['qc-manual-result.view', 'qc-manual-result.edit'],
    });
    await userEvent.click(await screen.findByRole('radio', { name: '待质检 (3)' }));
    const cell = await screen.findByText('s-ready');
    await userEvent.click(within(cell.closest('tr')!).getByRole('button', { name: '释放' }));
    expect(await screen.findByText('确认释放会话 s-ready？释放后该会话回到未质检状态。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.path === QUALITY)).toBe(true));
    expect(calls.find((c) => c.path === QUALITY)?.body).toEqual({ ids: ['s-ready'], status: 'UNCHECKED' });
  });

  it('offers no release or assess without qc-manual-result.edit', async () => {
    const { client } = listServer();
    renderConsole(atRoute(ManualResultList, list.path), { client, permissions: ['qc-manual-result.view'] });
    await userEvent.click(await screen.findByRole('radio', { name: '待质检 (3)' }));
    const cell = await screen.findByText('s-ready');
    const actions = within(cell.closest('tr')!);
    expect(actions.getByRole('button', { name: '查看' })).toBeTruthy();
    expect(actions.queryByRole('button', { name: '释放' })).toBeNull();
    expect(actions.queryByRole('button', { name: '质检评分' })).toBeNull();
  });
});

const SCHEME = {
  id: '50',
  name: '服务规范',
  status: 'ACTIVE',
  type: 'TEXT',
  targetType: 'PERSON',
  style: 'SCORE',
  schemeConfig: {
    appraises: [
      { appraise: '服务态度', required: true },
      { appraise: '改进建议', required: false },
    ],
    veto: ['辱骂客户'],
  },
  schemeAngles: [
    {
      // as /v3/chats/qc-scheme/detail answers a live angle: its record's name and scheme besides the link's
      angleId: '7',
      angleName: '礼貌用语',
      name: '礼貌用语',
      schemeId: '50',
      score: 40,
      angleRules: [
        { ruleId: '101', ruleName: '开场白' },
        { ruleId: '102', ruleName: '结束语' },
      ],
    },
  ],
};

function assessServer(scheme: Record<string, unknown> = SCHEME, created: unknown = { id: '900' }) {
  return fakeClient({
    '/v3/chats/qc-manual-result/detail': () => ({
      ...row('900', 's-1', 'READY_CHECKED'),
      version: 3,
      manualAngles: [],
      session: null,
      messages: [],
    }),
    '/v3/chats/qc-scheme/detail': () => scheme,
    '/v3/chats/qc-manual-result/create': () => created,
  });
}

const assess = (query: Record<string, string>) => ({ path: '/qc/manual-result/assess', query });

describe('manual assessment', () => {
  it('refuses a blank required appraisal with "{appraisal name} 不能为空" and sends nothing', async () => {
    const { client, calls } = assessServer();
    renderConsole(<ManualAssess location={assess({ id: 's-1', schemeId: '50' })} />, {
      client,
      permissions: ['qc-manual-result.edit'],
    });
    await screen.findByText('开场白');
    await userEvent.type(screen.getByLabelText('改进建议'), '多用礼貌用语');
    await userEvent.type(screen.getByLabelText(/服务态度/), '   ');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findAllByText('服务态度 不能为空')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path === '/v3/chats/qc-manual-result/create')).toBe(false);
    const field = screen.getByLabelText(/服务态度/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // filling the field answers its error at once, not at the next save
    await userEvent.type(field, '热情');
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('sends the assessment of the scheme: scores, fatal error, reason, vetoes, appraisals', async () => {
    useRouterStore.setState({ current: { path: '/qc/manual-result/assess', query: {}, key: 0 } });
    const { client, calls } = assessServer();
    renderConsole(<ManualAssess location={assess({ id: 's-1', schemeId: '50' })} />, {
      client,
      permissions: ['qc-manual-result.edit'],
    });
    await screen.findByText('开场白');
    const score = screen.getByRole('textbox', { name: '开场白 分数' });
    await userEvent.clear(score);
    await userEvent.type(score, '5');
    await userEvent.click(screen.getByRole('checkbox', { name: '结束语 致命错误' }));
    await userEvent.type(screen.getByRole('textbox', { name: '结束语 原因' }), '未致结束语');
    await userEvent.click(screen.getByRole('checkbox', { name: '辱骂客户' }));
    await userEvent.type(screen.getByLabelText(/服务态度/), '热情');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v3/chats/qc-manual-result/create')).toBe(true));
    // the version sent back is that of the result of the scheme being assessed (required by the server)
    expect(calls.find((c) => c.path === '/v3/chats/qc-manual-result/detail')?.query).toEqual({
      sessionId: 's-1',
      schemeId: '50',
    });
    expect(calls.find((c) => c.path === '/v3/chats/qc-manual-result/create')?.body).toEqual({
      schemeId: '50',
      sessionId: 's-1',
      version: 3,
      manualAngles: [
        {
          angleId: '7',
          manualRules: [
            { angleId: '7', ruleId: '101', reason: null, fatalError: false, scoreNum: 5, pass: null },
            { angleId: '7', ruleId: '102', reason: '未致结束语', fatalError: true, scoreNum: 0, pass: null },
          ],
        },
      ],
      vetoList: [{ vetoName: '辱骂客户' }],
      appraises: [
        { title: '服务态度', appraise: '热情' },
        { title: '改进建议', appraise: '' },
      ],
    });
    // back to the detail, reloading the list underneath
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/qc/manual-result/detail',
        query: { id: 's-1', _reload: 'list', _modal: 'large' },
      }),
    );
  });

  it('asks pass or fail for every rule in PASS style, and shows a refused save in the banner', async () => {
    const { client, calls } = fakeClient({
      '/v3/chats/qc-manual-result/detail': () => ({ ...row('900', 's-1', 'READY_CHECKED'), manualAngles: [] }),
      '/v3/chats/qc-scheme/detail': () => ({ ...SCHEME, style: 'PASS', schemeConfig: { appraises: [], veto: [] } }),
      '/v3/chats/qc-manual-result/create': () => {
        throw new ApiError(409, 'CONFLICT', '该结果已被他人质检');
      },
    });
    renderConsole(<ManualAssess location={assess({ id: 's-1', schemeId: '50' })} />, {
      client,
      permissions: ['qc-manual-result.edit'],
    });
    await screen.findByText('开场白');
    expect(screen.queryByRole('textbox', { name: '开场白 分数' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: '开场白 合格' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请选择是否合格')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/qc-manual-result/create')).toBe(false);
    await userEvent.click(screen.getByRole('radio', { name: '结束语 不合格' }));
    // the rule's error goes as soon as it is answered, before the next save
    expect(screen.queryByText('请选择是否合格')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '该结果已被他人质检');
    const sent = calls.find((c) => c.path === '/v3/chats/qc-manual-result/create')?.body as {
      manualAngles: { manualRules: { pass: boolean | null }[] }[];
    };
    expect(sent.manualAngles[0]?.manualRules.map((r) => r.pass)).toEqual([true, false]);
  });
});

describe('manual assessment: the transcript beside the form', () => {
  const text = (t: string) => JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: t } }]);
  const message = (i: number, role: 'CUSTOMER' | 'AGENT', words: string) => ({
    messageId: `m${i}`,
    sessionId: 's-1',
    sendTime: `2026-11-22 09:30:${String(i).padStart(2, '0')}`,
    senderRole: role,
    content: text(words),
  });
  const hit = (ruleId: string, ruleName: string, index: number, val: string) => ({
    ruleId,
    ruleName,
    scoreNum: 5,
    ruleScoreType: 'SUB' as const,
    hitCount: 1,
    reviewScore: null,
    isVeto: false,
    conditions: {
      conditionHitInfo: [
        { cid: 'a', phrase: { pid: `m${index}`, index, words: '' }, keyWords: { keyWord: [{ val }] } },
      ],
    },
  });
  /** a session whose AI inspection hit 开场白 (a rule the PERSON scheme links too) and 服务禁语 */
  function evidenceServer() {
    return fakeClient({
      '/v3/chats/qc-manual-result/detail': () => ({
        ...row('900', 's-1', 'READY_CHECKED'),
        chatId: 'c-1',
        version: 3,
        manualAngles: [],
        session: { status: 'CLOSED', groups: [] },
        messages: [
          message(0, 'CUSTOMER', '在吗'),
          message(1, 'AGENT', '喂，什么事'),
          message(2, 'CUSTOMER', '账单不对'),
          message(3, 'AGENT', '你自己查吧'),
        ],
        messageTotal: 4,
      }),
      '/v3/chats/qc-scheme/detail': () => SCHEME,
      '/v3/chats/ai-result/detail': () => ({
        ...row('77', 's-1', 'CHECKED'),
        aiStatus: 'CHECKED',
        aiScore: 90,
        isVeto: false,
        resultRules: [hit('101', '开场白', 1, '喂'), hit('r9', '服务禁语', 3, '自己查')],
      }),
    });
  }
  const marked = () =>
    [...document.querySelectorAll('[data-testid="scoring-transcript"] mark[data-highlight]')].map((m) => [
      m.closest('[data-message-index]')?.getAttribute('data-message-index'),
      m.textContent,
    ]);

  it("shows the conversation with the session's AI hits marked; a scored rule the AI hit goes to its hit", async () => {
    const { client, calls } = evidenceServer();
    renderConsole(<ManualAssess location={assess({ id: 's-1', schemeId: '50' })} />, {
      client,
      permissions: ['qc-manual-result.edit', 'qc-ai-result.view'],
    });
    const panel = await screen.findByTestId('scoring-transcript');
    expect(await within(panel).findByText('在吗')).toBeTruthy();
    await waitFor(() =>
      expect(marked()).toEqual([
        ['1', '喂'],
        ['3', '自己查'],
      ]),
    );
    expect(calls.find((c) => c.path === '/v3/chats/ai-result/detail')?.query).toEqual({ sessionId: 's-1' });
    expect(within(panel).getByText(/^智能质检命中/)).toBeTruthy();

    // 开场白 is scored here and hit by the AI: its name goes to the hit; 结束语 was not hit and stays text
    const form = screen.getByTestId('scoring-form');
    expect(within(form).queryByRole('button', { name: '结束语' })).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: '开场白' }));
    expect(marked()).toEqual([['1', '喂']]);
    expect(document.querySelector('[data-focused]')?.getAttribute('data-message-index')).toBe('1');
    // a rule only the AI scheme has is reached from the hit list
    await userEvent.click(within(panel).getByRole('button', { name: '服务禁语 · 命中 1 次' }));
    expect(marked()).toEqual([['3', '自己查']]);
    expect(document.querySelector('[data-focused]')?.getAttribute('data-message-index')).toBe('3');
  });

  it('without qc-ai-result.view the conversation shows unmarked and no AI result is asked for', async () => {
    const { client, calls } = evidenceServer();
    renderConsole(<ManualAssess location={assess({ id: 's-1', schemeId: '50' })} />, {
      client,
      permissions: ['qc-manual-result.edit'],
    });
    const panel = await screen.findByTestId('scoring-transcript');
    expect(await within(panel).findByText('你自己查吧')).toBeTruthy();
    expect(within(panel).getByText('该会话没有智能质检命中的内容')).toBeTruthy();
    expect(marked()).toEqual([]);
    expect(calls.some((c) => c.path === '/v3/chats/ai-result/detail')).toBe(false);
  });
});

describe('manual result detail', () => {
  it('shows the angles of an assessed result by style', async () => {
    const { client } = fakeClient({
      '/v3/chats/qc-manual-result/detail': () => ({
        ...row('900', 's-1', 'CHECKED'),
        manualScore: 88,
        resultTime: '2026-11-20 11:00:00',
        appraisals: [{ title: '服务态度', appraise: '热情' }],
        manualAngles: [
          {
            angleId: '7',
            angleName: '礼貌用语',
            angleScore: 35,
            manualRules: [
              { angleId: '7', ruleId: '101', ruleName: '开场白', scoreNum: 5, fatalError: true, reason: '漏说' },
            ],
          },
        ],
        session: null,
        messages: [],
      }),
      '/v3/chats/session/detail': () => ({ status: 'CLOSED' }),
    });
    renderConsole(<ManualResultDetail location={{ path: '/qc/manual-result/detail', query: { id: 's-1' } }} />, {
      client,
      permissions: ['qc-manual-result.view'],
    });
    expect(await screen.findByText('质检编号 900')).toBeTruthy();
    expect(screen.getByTestId('manual-score').textContent).toContain('88');
    expect(screen.getByText('维度得分: 35')).toBeTruthy();
    const rule = screen.getByText('开场白').closest('tr')!;
    expect(within(rule).getByText('漏说')).toBeTruthy();
    expect(within(rule).getByText('是')).toBeTruthy();
    expect(screen.getByText('热情')).toBeTruthy();
    // no assess button without qc-manual-result.edit
    expect(screen.queryByRole('button', { name: '质检评分' })).toBeNull();
  });

  it('names the customer’s nickname as such, and 质检员 is who assessed (issue 15, defect 10)', async () => {
    const { client } = fakeClient({
      '/v3/chats/qc-manual-result/detail': () => ({
        ...row('900', 's-1', 'CHECKED'),
        customerNick: '小雨点',
        modifierName: '质检员小周',
        appraisals: [],
        manualAngles: [],
        session: null,
        messages: [],
      }),
      '/v3/chats/session/detail': () => ({ status: 'CLOSED' }),
    });
    renderConsole(<ManualResultDetail location={{ path: '/qc/manual-result/detail', query: { id: 's-1' } }} />, {
      client,
      permissions: ['qc-manual-result.view'],
    });
    await screen.findByText('质检编号 900');
    const shownFor = (label: string) => screen.getByText(label, { exact: true }).parentElement!.textContent;
    expect(shownFor('客户昵称')).toContain('小雨点');
    expect(shownFor('质检员')).toContain('质检员小周');
    expect(shownFor('质检员')).not.toContain('小雨点');
  });

  it("shows the session's rating only with qc-manual-result.view, else '无查看权限'", async () => {
    const answer = () => ({
      ...row('900', 's-1', 'CHECKED'),
      appraisals: [],
      manualAngles: [],
      session: {
        status: 'CLOSED',
        groups: [],
        lineName: '官网客服',
        scoreProgress: 1,
        scoreResult: { score: 4, resolved: true, note: '还行' },
      },
      messages: [],
      messageTotal: 0,
    });
    const allowed = fakeClient({ '/v3/chats/qc-manual-result/detail': answer });
    const first = renderConsole(
      <ManualResultDetail location={{ path: '/qc/manual-result/detail', query: { id: 's-1' } }} />,
      { client: allowed.client, permissions: ['qc-manual-result.view'] },
    );
    await screen.findByText('官网客服');
    expect(screen.getByText('还行')).toBeTruthy();
    expect(screen.queryByText('无查看权限')).toBeNull();
    first.unmount();

    // reached without the key (a complaint filer's link): the rating panel says so
    const denied = fakeClient({ '/v3/chats/qc-manual-result/detail': answer });
    renderConsole(<ManualResultDetail location={{ path: '/qc/manual-result/detail', query: { id: 's-1' } }} />, {
      client: denied.client,
      permissions: ['qc-complaint.view'],
    });
    await screen.findByText('官网客服');
    expect(screen.getByText('无查看权限')).toBeTruthy();
    expect(screen.queryByText('还行')).toBeNull();
  });

  it('opens the PERSON scheme picker first when there are no angles yet', async () => {
    useRouterStore.setState({ current: { path: '/qc/manual-result/detail', query: {}, key: 0 } });
    const { client, calls } = fakeClient({
      '/v3/chats/qc-manual-result/detail': () => ({
        id: null,
        sessionId: 's-2',
        manualStatus: 'UNCHECKED',
        manualAngles: [],
        appraisals: [],
        groups: [],
        session: null,
        messages: [],
      }),
      '/v3/chats/qc-scheme/page': () => ({ records: [SCHEME], total: 1, page: 1, size: 10 }),
    });
    renderConsole(<ManualResultDetail location={{ path: '/qc/manual-result/detail', query: { id: 's-2' } }} />, {
      client,
      permissions: ['qc-manual-result.view', 'qc-manual-result.edit'],
    });
    expect(await screen.findByText('会话 s-2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '质检评分' }));
    await userEvent.click(await screen.findByText('服务规范'));
    const picked = calls.find((c) => c.path === '/v3/chats/qc-scheme/page');
    expect(picked?.query).toEqual({ page: 1, size: 10 });
    expect(picked?.body).toMatchObject({ targetType: 'PERSON' });
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/qc/manual-result/assess',
      query: { id: 's-2', schemeId: '50', _modal: 'large' },
    });
  });
});
