import type { QcRule } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { navigate, useRouterStore } from '../src/router/router-store';
import { fieldOfPath } from '../src/rule-editor/draft';
import { RuleConfig } from '../src/screens/qc/rule/RuleConfig';
import { RuleCreate } from '../src/screens/qc/rule/RuleCreate';
import { fakeClient, renderConsole } from './helpers';

const rule: QcRule = {
  id: '5',
  name: '服务禁语',
  type: 'AI',
  version: 2,
  comments: '坐席不得使用',
  conditionConfig: {
    conditions: [
      {
        cid: 'a',
        operators: [
          { type: 'HIT_ANY_KEYWORDS', name: '', param: { keywords: ['滚'], inSentence: false, threshold: 0 } },
        ],
        checkRange: { role: 'AGENT', range: null, anchor: null },
      },
    ],
    lambda: 'ALL',
    ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 10 },
    level: null,
    autoReview: null,
  },
};

function server(change?: (request: ApiRequest) => unknown) {
  return fakeClient({
    '/v3/chats/qc-rule/detail': () => rule,
    '/v3/chats/qc-rule/change': change ?? (() => ({ id: '5' })),
  });
}

const show = (client: ReturnType<typeof server>['client'], permissions: string[]) =>
  renderConsole(<RuleConfig location={{ path: '/qc/rule/config', query: { id: '5', _modal: 'large' } }} />, {
    client,
    permissions,
  });

/** The text Mantine shows as the error of the input labelled `label`. */
function errorOf(label: RegExp): string | null {
  const input = screen.getByLabelText(label);
  const id = (input.getAttribute('aria-describedby') ?? '').split(' ').find((x) => x.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** Disabled by itself or by a disabled fieldset around it (jsdom does not apply the fieldset to `.disabled`). */
const isDisabled = (element: HTMLElement) =>
  (element as HTMLInputElement).disabled || element.closest('fieldset[disabled]') !== null;

const nameInput = () => screen.getByLabelText(/规则名称/) as HTMLInputElement;

describe('QC rule config', () => {
  it("shows the engine's $.name problem at the name field, not in the banner, and clears it on edit", async () => {
    const { client, calls } = server(() => {
      // how the server answers the engine's `$.name` compile error (routes/qc-rule/check-condition-config.ts)
      throw new ApiError(400, 'RULE_NOT_STRING', '$.name 必须是字符串', 'conditionConfig.name');
    });
    show(client, ['qc-rule.view', 'qc-rule.edit']);
    await waitFor(() => expect(nameInput().value).toBe('服务禁语'));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errorOf(/规则名称/)).toBe('$.name 必须是字符串'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.find((c) => c.path.endsWith('/change'))?.body).toMatchObject({ id: '5', version: 2 });
    await userEvent.type(nameInput(), '！');
    expect(errorOf(/规则名称/)).toBeNull();
  });

  it('maps the compiler path $.name to the name field', () => {
    expect(fieldOfPath('$.name')).toBe('name');
  });

  it('another server problem goes to the banner', async () => {
    const { client } = server(() => {
      throw new ApiError(409, 'VERSION_CONFLICT', '记录已被他人修改，请刷新后重试');
    });
    show(client, ['qc-rule.view', 'qc-rule.edit']);
    await waitFor(() => expect(nameInput().value).toBe('服务禁语'));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toContain('记录已被他人修改，请刷新后重试');
    expect(errorOf(/规则名称/)).toBeNull();
  });

  it('is read-only without qc-rule.edit: inputs disabled, no add, delete or save', async () => {
    const { client, calls } = server();
    show(client, ['qc-rule.view']);
    await waitFor(() => expect(nameInput().value).toBe('服务禁语'));
    const card = await screen.findByTestId('condition-a');
    const inputs = [
      nameInput(),
      screen.getByLabelText('备注'),
      screen.getByRole('combobox', { name: /规则类型/ }),
      screen.getByLabelText('参与评分'),
      screen.getByLabelText('分值'),
      within(card).getByLabelText('关键词'),
    ];
    for (const input of inputs) expect(isDisabled(input)).toBe(true);
    // typing changes nothing
    await userEvent.type(nameInput(), '改');
    expect(nameInput().value).toBe('服务禁语');
    expect(within(card).getByDisplayValue('滚')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加条件' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除条件 a' })).toBeNull();
    // the tabs are not inputs: still there to switch
    expect(isDisabled(screen.getByRole('tab', { name: 'JSON' }))).toBe(false);
    expect(calls.some((c) => c.path.endsWith('/change'))).toBe(false);
  });

  it('an editor gets enabled inputs and the add, delete and save controls', async () => {
    const { client } = server();
    show(client, ['qc-rule.view', 'qc-rule.edit']);
    await waitFor(() => expect(nameInput().value).toBe('服务禁语'));
    const card = await screen.findByTestId('condition-a');
    expect(isDisabled(nameInput())).toBe(false);
    expect(isDisabled(within(card).getByLabelText('关键词'))).toBe(false);
    expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '添加条件' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '删除条件 a' })).toBeTruthy();
  });
});

/** A rule whose second condition has a regular expression the engine cannot read. */
const badRegexRule: QcRule = {
  ...rule,
  conditionConfig: {
    ...rule.conditionConfig!,
    conditions: [
      rule.conditionConfig!.conditions[0]!,
      {
        cid: 'b',
        operators: [{ type: 'REGULAR_EXPRESSION', name: '', param: { regex: 'a[b', notRegex: null } }],
        checkRange: { range: null, anchor: null },
      },
    ],
  },
};

describe('QC rule config: problems in sight and in words, unsaved edits, a missing rule (issue 15)', () => {
  const newRule = () => {
    const { client, calls } = fakeClient({ '/v3/chats/qc-rule/change': () => ({ id: '7' }) });
    renderConsole(<RuleConfig location={{ path: '/qc/rule/config', query: {} }} />, {
      client,
      permissions: ['qc-rule.view', 'qc-rule.edit'],
    });
    return calls;
  };

  it('a new rule opens without a red banner; a save shows the problem in words, with no code or path', async () => {
    const calls = newRule();
    // longer than the compiler's debounce: nothing red before the user did anything
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(nameInput(), '新规则');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('检测条件：请至少添加一个检测条件');
    // the same words stay next to the save button
    expect(within(screen.getByTestId('rule-actions')).getByText('检测条件：请至少添加一个检测条件')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/CONDITIONS_EMPTY|\$\.conditionConfig/);
    expect(calls.some((c) => c.path.endsWith('/change'))).toBe(false);
  });

  it('a bad regular expression is shown at its own field in words after a save, not before', async () => {
    const { client, calls } = fakeClient({ '/v3/chats/qc-rule/detail': () => badRegexRule });
    renderConsole(<RuleConfig location={{ path: '/qc/rule/config', query: { id: '5' } }} />, {
      client,
      permissions: ['qc-rule.view', 'qc-rule.edit'],
    });
    const card = await screen.findByTestId('condition-b');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(errorOf(/^正则表达式$/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errorOf(/^正则表达式$/)).toBe('正则表达式写法有误，无法解析'));
    expect(within(card).getByLabelText('正则表达式').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert')[0]!.textContent).toBe('条件 b · 正则表达式：正则表达式写法有误，无法解析');
    expect(document.body.textContent).not.toMatch(/REGEX_INVALID|\$\.|Unterminated/);
    // the field with the problem has the focus, so the user is taken to it
    expect(document.activeElement).toBe(within(card).getByLabelText('正则表达式'));
    expect(calls.some((c) => c.path.endsWith('/change'))).toBe(false);
  });

  it('leaving with unsaved edits asks first: no stays, yes leaves', async () => {
    const { client } = server();
    navigate('/qc/rule/config', { id: '5' }, { force: true });
    show(client, ['qc-rule.view', 'qc-rule.edit']);
    await waitFor(() => expect(nameInput().value).toBe('服务禁语'));
    // nothing edited: the way out is free
    navigate('/qc/rule/config', { id: '5' }, { replace: true });
    await userEvent.type(nameInput(), '改');
    navigate('/qc/scheme/list');
    expect(await screen.findByText('规则有未保存的修改，确定离开吗？离开后修改将丢失。')).toBeTruthy();
    // the modal names itself once its transition has run: wait for the named dialog, not just its text
    const question = () => screen.findByRole('dialog', { name: '请确认' });
    await userEvent.click(within(await question()).getByRole('button', { name: '取消' }));
    expect(useRouterStore.getState().current.path).toBe('/qc/rule/config');
    navigate('/qc/scheme/list');
    await screen.findByText('规则有未保存的修改，确定离开吗？离开后修改将丢失。');
    await userEvent.click(within(await question()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(useRouterStore.getState().current.path).toBe('/qc/scheme/list'));
  });

  it('a rule that does not exist shows not-found and the way back, no form and no save', async () => {
    const { client } = fakeClient({
      '/v3/chats/qc-rule/detail': () => {
        throw new ApiError(404, 'NOT_FOUND', '质检规则 99999 不存在');
      },
    });
    renderConsole(<RuleConfig location={{ path: '/qc/rule/config', query: { id: '99999', _modal: 'large' } }} />, {
      client,
      permissions: ['qc-rule.view', 'qc-rule.edit'],
    });
    expect(await screen.findByText('规则不存在')).toBeTruthy();
    expect(screen.getByText('规则 99999 不存在或已被删除。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByLabelText(/规则名称/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '返回质检规则列表' }));
    expect(useRouterStore.getState().current.path).toBe('/qc/rule/list');
  });
});

describe('QC rule create', () => {
  it("saves name and comments, then opens the new rule's config with _reload=list", async () => {
    const { client, calls } = fakeClient({ '/v3/chats/qc-rule/create': () => ({ id: '12' }) });
    renderConsole(<RuleCreate />, { client, permissions: ['qc-rule.view', 'qc-rule.edit'] });
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/规则名称/), ' 服务禁语 ');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ name: '服务禁语', comments: null });
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/qc/rule/config',
      query: { id: '12', _reload: 'list' },
    });
  });
});
