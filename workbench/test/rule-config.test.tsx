import type { QcRule } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { useRouterStore } from '../src/router/router-store';
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
