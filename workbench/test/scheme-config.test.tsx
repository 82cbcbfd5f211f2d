import type { AngleDetailAnswer, AngleRule, SchemeDetailAnswer } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { RouteView } from '../src/app/RouteView';
import { useRouterStore } from '../src/router/router-store';
import { SchemeConfig } from '../src/screens/qc/scheme/SchemeConfig';
import { fakeClient, renderConsole } from './helpers';

const EDIT = ['qc-scheme.view', 'qc-scheme.edit'];

const keywordRule = (id: string, ruleId: string, ruleName: string, keywords: string[]): AngleRule => ({
  id,
  ruleId,
  ruleName,
  conditionConfig: {
    conditions: [
      {
        cid: 'a',
        operators: [{ type: 'HIT_ANY_KEYWORDS', name: '', param: { keywords } }],
        checkRange: { role: 'AGENT', range: null, anchor: null },
      },
    ],
    lambda: 'ALL',
    ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 10 },
  },
});

const angle = (id: number, change: Partial<AngleDetailAnswer> = {}): AngleDetailAnswer => ({
  id: String(id),
  angleId: String(id),
  angleName: `维度${id}`,
  name: `维度${id}`,
  schemeId: '7',
  score: 10,
  version: 1,
  angleRules: [],
  ...change,
});

function aiScheme(angles: AngleDetailAnswer[]): SchemeDetailAnswer {
  return {
    id: '7',
    name: '服务规范方案',
    type: 'TEXT',
    targetType: 'AI',
    status: 'INACTIVE',
    version: 4,
    schemeConfig: { appraises: [], veto: [] },
    schemeAngles: angles,
  };
}

const personScheme: SchemeDetailAnswer = {
  id: '8',
  name: '人工抽检方案',
  type: 'TEXT',
  targetType: 'PERSON',
  status: 'INACTIVE',
  style: 'SCORE',
  version: 2,
  schemeConfig: {
    appraises: [
      { appraise: '服务态度', required: true },
      { appraise: '解决问题', required: false },
      { appraise: '响应速度', required: false },
    ],
    veto: ['辱骂客户', '泄露隐私'],
  },
  schemeAngles: [],
};

/** A scheme server: detail, save (create/change), angle and angle-rule calls, the rule page for linking. */
function server(scheme: SchemeDetailAnswer | null) {
  return fakeClient({
    '/v3/chats/qc-scheme/detail': () => scheme,
    '/v3/chats/qc-scheme/create': () => ({ id: '9' }),
    '/v3/chats/qc-scheme/change': () => ({ id: scheme?.id }),
    '/v3/chats/qc-angle/delete': (request: ApiRequest) => request.body,
    '/v3/chats/qc-angle-rule/delete': (request: ApiRequest) => request.body,
    '/v3/chats/qc-angle-rule/create': (request: ApiRequest) => request.body,
    '/v3/chats/qc-rule/page': () => ({
      records: [
        { id: 'r1', name: '服务禁语', type: 'AI' },
        { id: 'r3', name: '推诿', type: 'AI' },
      ],
      total: 2,
      page: 1,
      size: 10,
    }),
  });
}

function show(client: ReturnType<typeof server>['client'], query: Record<string, string>, permissions = EDIT) {
  return renderConsole(<SchemeConfig location={{ path: '/qc/scheme/config', query }} readOnly={false} />, {
    client,
    permissions,
  });
}

/** The input labelled `label` (a Mantine Select also labels its option list with it). */
const input = (label: string | RegExp) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT') as HTMLInputElement;
const saved = (calls: ApiRequest[]) =>
  calls.find((c) => c.path.endsWith('/qc-scheme/create') || c.path.endsWith('/qc-scheme/change'))?.body as
    | Record<string, unknown>
    | undefined;

describe('scheme config: PERSON block', () => {
  it("PASS needs a compare operator ('请选择比较运算符') and a vote count ('请填写投票数')", async () => {
    const { client, calls } = server(null);
    show(client, { targetType: 'PERSON' });
    await userEvent.type(input(/名称/), '新人工方案');
    await userEvent.click(screen.getByText('合格判定'));
    expect(input(/比较运算符/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请选择比较运算符')).toBeTruthy();
    expect(screen.getByText('请填写投票数')).toBeTruthy();
    expect(saved(calls)).toBeUndefined();

    await userEvent.click(input(/比较运算符/));
    await userEvent.click(await screen.findByRole('option', { name: '>= 大于等于' }));
    await userEvent.type(input(/投票数/), '2');
    expect(screen.getByText('不合格项数 >= 2 时，人工质检结果判为不达标')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved(calls)).toBeDefined());
    expect(saved(calls)).toMatchObject({
      name: '新人工方案',
      targetType: 'PERSON',
      style: 'PASS',
      schemeConfig: { compareOperator: '>=', num: 2, appraises: [], veto: [] },
    });
    // the modal reopens itself on the saved scheme and reloads the list
    expect(useRouterStore.getState().current.query).toMatchObject({ id: '9', targetType: 'PERSON', _reload: 'list' });
  });

  it('reorders appraisal items and veto statements with up and down', async () => {
    const { client, calls } = server(personScheme);
    show(client, { id: '8', targetType: 'PERSON' });
    await waitFor(() => expect(input(/名称/).value).toBe('人工抽检方案'));
    const appraises = () => screen.getAllByLabelText('评价内容').map((e) => (e as HTMLInputElement).value);
    const vetoes = () => screen.getAllByLabelText('否决说明').map((e) => (e as HTMLInputElement).value);
    expect(appraises()).toEqual(['服务态度', '解决问题', '响应速度']);
    const appraiseRow = (text: string) => screen.getByDisplayValue(text).closest('.mantine-Group-root') as HTMLElement;
    // the first cannot go up, the last cannot go down
    expect((within(appraiseRow('服务态度')).getByRole('button', { name: '上移' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(appraiseRow('响应速度')).getByRole('button', { name: '下移' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.click(within(appraiseRow('服务态度')).getByRole('button', { name: '下移' }));
    expect(appraises()).toEqual(['解决问题', '服务态度', '响应速度']);
    await userEvent.click(within(appraiseRow('响应速度')).getByRole('button', { name: '上移' }));
    expect(appraises()).toEqual(['解决问题', '响应速度', '服务态度']);
    await userEvent.click(within(appraiseRow('泄露隐私')).getByRole('button', { name: '上移' }));
    expect(vetoes()).toEqual(['泄露隐私', '辱骂客户']);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved(calls)).toBeDefined());
    expect(saved(calls)).toMatchObject({
      id: '8',
      version: 2,
      schemeConfig: {
        appraises: [
          { appraise: '解决问题', required: false },
          { appraise: '响应速度', required: false },
          { appraise: '服务态度', required: true },
        ],
        veto: ['泄露隐私', '辱骂客户'],
      },
    });
  });
});

describe('scheme config: AI scheme and angles', () => {
  const linked = [
    angle(1, {
      angleName: '服务态度',
      score: 60,
      angleRules: [keywordRule('11', 'r1', '服务禁语', ['滚', '闭嘴']), keywordRule('12', 'r2', '推诿', ['不归我管'])],
    }),
    angle(2, { angleName: '业务能力', score: 40, angleRules: [keywordRule('13', 'r1', '服务禁语', ['滚'])] }),
  ];

  it('offers as veto rules exactly the rules linked in the angles, once each', async () => {
    const { client, calls } = server(aiScheme(linked));
    show(client, { id: '7', targetType: 'AI' });
    await screen.findByText('服务态度');
    await userEvent.click(input(/一票否决规则/));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['服务禁语', '推诿']);
    await userEvent.click(screen.getByRole('option', { name: '推诿' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved(calls)).toBeDefined());
    expect(saved(calls)).toMatchObject({ schemeConfig: { veto: ['r2'] } });
  });

  it('a veto rule unlinked since is no longer shown or sent as a veto', async () => {
    const scheme = { ...aiScheme(linked), schemeConfig: { appraises: [], veto: ['r2', 'r9'] } };
    const { client, calls } = server(scheme);
    show(client, { id: '7', targetType: 'AI' });
    await screen.findByText('服务态度');
    // r9 is linked in no angle any more: only r2 (推诿) shows as chosen
    const veto = input(/一票否决规则/).closest('.mantine-MultiSelect-root') as HTMLElement;
    expect(within(veto).getByText('推诿')).toBeTruthy();
    expect(within(veto).queryByText('r9')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved(calls)).toBeDefined());
    expect(saved(calls)).toMatchObject({ id: '7', version: 4, schemeConfig: { veto: ['r2'] } });
  });

  it('shows n/10 and the total, and refuses an eleventh angle', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => angle(i + 1));
    const { client } = server(aiScheme(ten));
    show(client, { id: '7', targetType: 'AI' });
    expect(await screen.findByText('维度 10/10')).toBeTruthy();
    expect(screen.getByText('总分 100')).toBeTruthy();
    const add = screen.getByRole('button', { name: '添加维度' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    // it says why, and refuses
    await userEvent.hover(add);
    expect(await screen.findByText('每个质检方案最多 10 个质检维度')).toBeTruthy();
    await userEvent.click(add);
    expect(screen.queryByLabelText(/维度名称/)).toBeNull();
  });

  it('below 10 angles the counter says so and add opens the angle form', async () => {
    const { client } = server(aiScheme(linked));
    show(client, { id: '7', targetType: 'AI' });
    expect(await screen.findByText('维度 2/10')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '添加维度' }));
    expect(await screen.findByLabelText(/维度名称/)).toBeTruthy();
  });

  it("the rule name's popover shows the rule's condition", async () => {
    const { client } = server(aiScheme(linked));
    show(client, { id: '7', targetType: 'AI' });
    const card = await screen.findByTestId('angle-1');
    await userEvent.click(within(card).getByRole('button', { name: '推诿' }));
    expect(await screen.findByText('a: 命中任意关键词 不归我管 · 坐席')).toBeTruthy();
    expect(screen.getByText('逻辑: 全部满足')).toBeTruthy();
  });

  it("linking with no rule chosen says '请选择检测规则'; a chosen one is linked", async () => {
    const { client, calls } = server(aiScheme(linked));
    show(client, { id: '7', targetType: 'AI' });
    const card = await screen.findByTestId('angle-2');
    await userEvent.click(within(card).getByRole('button', { name: '关联规则' }));
    const picker = await screen.findByRole('dialog', { name: /关联规则 · 业务能力/ });
    // the rule already linked to this angle is ticked and cannot be chosen again
    expect(within(picker).getByText('服务禁语').closest('tr')!.getAttribute('aria-selected')).toBe('true');
    await userEvent.click(within(picker).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择检测规则')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v3/chats/qc-angle-rule/create')).toBe(false);
    await userEvent.click(within(picker).getByText('推诿'));
    await userEvent.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v3/chats/qc-angle-rule/create')).toBe(true));
    expect(calls.find((c) => c.path === '/v3/chats/qc-angle-rule/create')!.body).toEqual({
      angleId: '2',
      schemeId: '7',
      ruleIds: ['r3'],
    });
  });

  it("deleting an angle asks '是否删除改维度——{name}'", async () => {
    const { client, calls } = server(aiScheme(linked));
    show(client, { id: '7', targetType: 'AI' });
    const card = await screen.findByTestId('angle-2');
    await userEvent.click(within(card).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('是否删除改维度——业务能力')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v3/chats/qc-angle/delete')).toBe(true));
    expect(calls.find((c) => c.path === '/v3/chats/qc-angle/delete')!.body).toEqual({ ids: ['2'], deleted: 'TRASH' });
  });

  it('unlinking a rule asks the spec question, and cancelling sends nothing', async () => {
    const { client, calls } = server(aiScheme(linked));
    show(client, { id: '7', targetType: 'AI' });
    const card = await screen.findByTestId('angle-1');
    const row = within(card).getByRole('button', { name: '推诿' }).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '取消关联' }));
    expect(
      await screen.findByText('确认要对当前规则取消关联？取消关联后，规则将会从当前质检方案中删除。'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(calls.some((c) => c.path === '/v3/chats/qc-angle-rule/delete')).toBe(false);
    await userEvent.click(within(row).getByRole('button', { name: '取消关联' }));
    await userEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v3/chats/qc-angle-rule/delete')).toBe(true));
    expect(calls.find((c) => c.path === '/v3/chats/qc-angle-rule/delete')!.body).toEqual({
      ids: ['12'],
      deleted: 'TRASH',
    });
  });
});

describe('scheme view: read-only', () => {
  const view = (scheme: SchemeDetailAnswer, permissions = ['qc-scheme.view']) =>
    renderConsole(<SchemeConfig location={{ path: '/qc/scheme/view', query: { id: scheme.id } }} readOnly />, {
      client: server(scheme).client,
      permissions,
    });
  /** The text shown under a read-only field's label. */
  const shownValue = (label: string) =>
    screen.getByText(label, { exact: true }).closest('[data-readonly-field]')?.lastElementChild?.textContent;

  it('shows the values as text, -- when absent, without inputs, asterisks or chevrons', async () => {
    const scheme = {
      ...aiScheme([angle(1, { angleRules: [keywordRule('11', 'r1', '服务禁语', ['滚'])] })]),
      startTime: null,
      endTime: '2026-12-31 18:30:00',
      comments: null,
      schemeConfig: { appraises: [], veto: ['r1'] },
    } as SchemeDetailAnswer;
    const { container } = view(scheme, EDIT);
    await screen.findByText('维度1');
    expect(shownValue('名称')).toBe('服务规范方案');
    expect(shownValue('方案类型')).toBe('文本');
    expect(shownValue('质检对象')).toBe('智能');
    expect(shownValue('开始时间')).toBe('--');
    expect(shownValue('结束时间')).toBe('2026-12-31 18:30:00');
    expect(shownValue('备注')).toBe('--');
    expect(shownValue('一票否决规则')).toBe('服务禁语');
    // no form controls in the basic info: no text boxes, no date inputs, no select chevrons, no required asterisks
    expect(screen.queryByRole('textbox', { name: /名称/ })).toBeNull();
    expect(container.querySelectorAll('input[type="datetime-local"]')).toHaveLength(0);
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(container.querySelectorAll('.mantine-InputWrapper-required')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('PERSON: the style, appraisal items and veto statements as text', async () => {
    view({ ...personScheme, startTime: null, endTime: null } as SchemeDetailAnswer);
    await screen.findByText('服务态度');
    expect(shownValue('评分方式')).toBe('评分');
    expect(screen.getByText('辱骂客户')).toBeTruthy();
    // the required item is marked as such, in words
    expect(screen.getByText('服务态度').parentElement?.textContent).toBe('服务态度必填');
    expect(screen.getByText('解决问题').parentElement?.textContent).toBe('解决问题');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
  });
});

describe('scheme config modal title', () => {
  const open = (query: Record<string, string>, key: number) => {
    useRouterStore.setState({ current: { path: '/qc/scheme/config', query, key }, background: null });
    return renderConsole(<RouteView />, { client: server(aiScheme([])).client, permissions: EDIT });
  };

  it('says 新建质检方案 while creating and 质检方案配置 once the scheme has an id', async () => {
    const creating = open({ targetType: 'AI', _modal: 'large' }, 901);
    expect(await screen.findByRole('dialog', { name: '新建质检方案' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '质检方案配置' })).toBeNull();
    creating.unmount();
    open({ id: '7', targetType: 'AI', _modal: 'large' }, 902);
    expect(await screen.findByRole('dialog', { name: '质检方案配置' })).toBeTruthy();
  });
});

describe('linking rules: which rules a scheme may link', () => {
  // the demo's rules: AI rules with detection conditions, manual rules an inspector scores
  const rules = [
    { id: '1', name: '服务禁语', type: 'AI', version: 1 },
    { id: '2', name: '推诿客户', type: 'AI', version: 1 },
    { id: '31', name: '礼貌问候与自我介绍', type: 'PERSON', version: 1 },
    { id: '35', name: '确认问题解决并礼貌结束', type: 'PERSON', version: 1 },
  ] as const;
  /** the rule page as the server answers it: the keyword in the name, the type when one is asked for */
  function ruleServer(scheme: SchemeDetailAnswer) {
    const { client, calls } = server(scheme);
    const base = client.request.bind(client);
    client.request = async <T,>(request: ApiRequest): Promise<T> => {
      if (request.path !== '/v3/chats/qc-rule/page') return base<T>(request);
      calls.push(request);
      const body = (request.body ?? {}) as { keyword?: string; type?: string };
      const records = rules.filter(
        (r) => (!body.keyword || r.name.includes(body.keyword)) && (!body.type || r.type === body.type),
      );
      return { records, total: records.length, page: 1, size: 10 } as T;
    };
    return { client, calls };
  }
  const openPicker = async (angleId: string, angleName: string) => {
    const card = await screen.findByTestId(`angle-${angleId}`);
    await userEvent.click(within(card).getByRole('button', { name: '关联规则' }));
    return screen.findByRole('dialog', { name: new RegExp(`关联规则 · ${angleName}`) });
  };
  const search = async (picker: HTMLElement, keyword: string) => {
    const box = within(picker).getByRole('textbox', { name: '关键词' });
    await userEvent.clear(box);
    await userEvent.type(box, keyword);
    await userEvent.click(within(picker).getByRole('button', { name: '搜索' }));
  };
  const shownNames = (picker: HTMLElement) =>
    within(picker)
      .queryAllByRole('row')
      .filter((row) => row.hasAttribute('data-row-id'))
      .map((row) => row.getAttribute('data-row-id'));

  it('a PERSON scheme finds its manual rules: 礼貌 lists both, typed 人工, and links the chosen one', async () => {
    const scheme = { ...personScheme, schemeAngles: [angle(3, { angleName: '服务礼仪', schemeId: '8' })] };
    const { client, calls } = ruleServer(scheme);
    show(client, { id: '8', targetType: 'PERSON' });
    const picker = await openPicker('3', '服务礼仪');
    // every live rule, of both types
    await waitFor(() => expect(shownNames(picker)).toEqual(['1', '2', '31', '35']));
    await search(picker, '礼貌');
    await waitFor(() => expect(shownNames(picker)).toEqual(['31', '35']));
    const greeting = within(picker).getByText('礼貌问候与自我介绍').closest('tr')!;
    expect(within(greeting).getByText('人工')).toBeTruthy();
    const asked = calls.filter((c) => c.path === '/v3/chats/qc-rule/page').at(-1)!.body;
    expect(asked).toEqual({ keyword: '礼貌', deleted: 'NONE' });
    await userEvent.click(greeting);
    await userEvent.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v3/chats/qc-angle-rule/create')).toBe(true));
    expect(calls.find((c) => c.path === '/v3/chats/qc-angle-rule/create')!.body).toEqual({
      angleId: '3',
      schemeId: '8',
      ruleIds: ['31'],
    });
  });

  it('a PERSON scheme can narrow the picker to one rule type', async () => {
    const scheme = { ...personScheme, schemeAngles: [angle(3, { angleName: '服务礼仪', schemeId: '8' })] };
    const { client } = ruleServer(scheme);
    show(client, { id: '8', targetType: 'PERSON' });
    const picker = await openPicker('3', '服务礼仪');
    await waitFor(() => expect(shownNames(picker)).toHaveLength(4));
    await userEvent.click(within(picker).getByRole('combobox', { name: '规则类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '智能' }));
    await userEvent.click(within(picker).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(shownNames(picker)).toEqual(['1', '2']));
  });

  it('an AI scheme still offers only AI rules: 礼貌 finds nothing, and there is no type to choose', async () => {
    const { client, calls } = ruleServer(aiScheme([angle(1, { angleName: '服务态度' })]));
    show(client, { id: '7', targetType: 'AI' });
    const picker = await openPicker('1', '服务态度');
    await waitFor(() => expect(shownNames(picker)).toEqual(['1', '2']));
    expect(within(picker).queryByRole('combobox', { name: '规则类型' })).toBeNull();
    await search(picker, '礼貌');
    await waitFor(() => expect(within(picker).getByText('暂无数据')).toBeTruthy());
    expect(shownNames(picker)).toEqual([]);
    expect(
      calls
        .filter((c) => c.path === '/v3/chats/qc-rule/page')
        .every((c) => (c.body as { type?: string }).type === 'AI'),
    ).toBe(true);
  });
});
