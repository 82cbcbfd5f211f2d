import type { CustomField } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { customFieldDescription, FIELD_LIST_PATH } from '../src/entities/custom-field';
import { EntityList } from '../src/entity/EntityList';
import { useRouterStore } from '../src/router/router-store';
import { FieldConfig } from '../src/screens/field/FieldConfig';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';
import { drawAtRoute } from './list-route';

const FIELD = '/v3/feed/field';
const ALL = ['csField.view', 'csField.edit', 'csField.delete'];

function field(i: number, more: Partial<CustomField> = {}): CustomField {
  return {
    id: String(i),
    name: `字段${i}号`,
    code: `f_${i}`,
    type: 'RADIO',
    options: [
      { label: '是', value: 'Y' },
      { label: '否', value: 'N' },
    ],
    placeholder: null,
    intro: null,
    tenantId: '1',
    version: 2,
    modifyTime: '2026-11-20 10:00:00',
    ...more,
  };
}

describeEntityScreens<CustomField>(customFieldDescription, { record: (i) => field(i) });

function openConfig(query: Record<string, string>, handlers: Record<string, Handler> = {}, permissions = ALL) {
  const server = fakeClient({
    [`${FIELD}/detail`]: () => field(1),
    [`${FIELD}/create`]: () => ({ id: '9' }),
    [`${FIELD}/change`]: () => ({ id: '1' }),
    ...handlers,
  });
  renderConsole(<FieldConfig location={{ path: '/field/config', query: { _modal: 'large', ...query } }} />, {
    client: server.client,
    permissions,
  });
  return server;
}

const text = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const optionInput = (kind: '选项名称' | '选项值', path: string) => text(`${kind} ${path}`);
async function chooseType(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /^字段类型/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}
async function saved(calls: ApiRequest[], path: 'create' | 'change') {
  await userEvent.click(screen.getByRole('button', { name: '保存' }));
  return waitFor(() => {
    const body = calls.find((c) => c.path === `${FIELD}/${path}`)?.body;
    expect(body).toBeDefined();
    return body as Record<string, unknown>;
  });
}

describe('custom field list (T-S22)', () => {
  it('shows name, code, type and last change; searches by code and type; the name opens the large config', async () => {
    const server = fakeClient({
      [`${FIELD}/page`]: (request) => {
        const type = (request.body as { type?: string }).type;
        const rows = type === 'DATE' ? [field(2, { name: '回访日期', type: 'DATE', options: [] })] : [field(1)];
        return { records: rows, total: rows.length, page: 1, size: 20 };
      },
    });
    renderConsole(
      drawAtRoute(
        (location) => <EntityList description={customFieldDescription} location={location} />,
        FIELD_LIST_PATH,
      ),
      { client: server.client, permissions: ALL },
    );
    const row = (await screen.findByText('字段1号')).closest('tr')!;
    expect(within(row).getByText('f_1')).toBeTruthy();
    expect(within(row).getByText('单选')).toBeTruthy();
    for (const title of ['字段名称', '字段编码', '字段类型', '修改时间'])
      expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: '字段编码' }), 'call');
    await userEvent.click(screen.getAllByRole('combobox', { name: '字段类型' })[0]!);
    await userEvent.click(await screen.findByRole('option', { name: '日期' }));
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await screen.findByText('回访日期');
    expect(server.calls.at(-1)!.body).toMatchObject({ code: 'call', type: 'DATE', deleted: 'NONE' });
    await userEvent.click(screen.getByText('回访日期'));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/field/config',
      query: { id: '2', _modal: 'large' },
    });
  });
});

describe('custom field config (T-S23)', () => {
  it('creates a choice field with its options and reopens on it, reloading the list', async () => {
    const { calls } = openConfig({});
    await userEvent.type(text(/^字段名称/), '是否解决');
    await userEvent.type(text(/^字段编码/), 'solved');
    // no options for a text type
    await chooseType('多行文本');
    expect(screen.queryByTestId('field-options')).toBeNull();
    await chooseType('单选');
    await userEvent.click(screen.getByRole('button', { name: '添加选项' }));
    await userEvent.click(screen.getByRole('button', { name: '添加选项' }));
    await userEvent.type(optionInput('选项名称', 'options[0]'), '已解决');
    await userEvent.type(optionInput('选项值', 'options[0]'), 'YES');
    await userEvent.type(optionInput('选项名称', 'options[1]'), '未解决');
    await userEvent.type(optionInput('选项值', 'options[1]'), 'NO');
    await userEvent.type(text(/^提示文字/), '请选择');
    expect(await saved(calls, 'create')).toEqual({
      name: '是否解决',
      code: 'solved',
      type: 'RADIO',
      placeholder: '请选择',
      intro: null,
      options: [
        { label: '已解决', value: 'YES' },
        { label: '未解决', value: 'NO' },
      ],
    });
    await waitFor(() =>
      expect(useRouterStore.getState().current).toMatchObject({
        path: '/field/config',
        query: { id: '9', _modal: 'large', _reload: 'list' },
      }),
    );
  });

  it('says what is wrong with the options where it is, and sends nothing', async () => {
    const { calls } = openConfig({});
    await userEvent.type(text(/^字段名称/), '咨询类型');
    await userEvent.type(text(/^字段编码/), 'category');
    await chooseType('下拉单选');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByTestId('options-error')).textContent).toBe('请至少添加一个选项');
    await userEvent.click(screen.getByRole('button', { name: '添加选项' }));
    await userEvent.click(screen.getByRole('button', { name: '添加选项' }));
    await userEvent.type(optionInput('选项名称', 'options[0]'), '售前');
    await userEvent.type(optionInput('选项值', 'options[0]'), 'A');
    await userEvent.type(optionInput('选项值', 'options[1]'), 'A');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('选项值重复：A')).toBeTruthy();
    expect(screen.getByText('请填写选项名称')).toBeTruthy();
    expect(calls.some((c) => c.path === `${FIELD}/create`)).toBe(false);
  });

  it('builds a tree of options down to three levels', async () => {
    const { calls } = openConfig({});
    await userEvent.type(text(/^字段名称/), '地区');
    await userEvent.type(text(/^字段编码/), 'region');
    await chooseType('树形单选');
    await userEvent.click(screen.getByRole('button', { name: '添加选项' }));
    await userEvent.type(optionInput('选项名称', 'options[0]'), '华东');
    await userEvent.type(optionInput('选项值', 'options[0]'), 'east');
    await userEvent.click(screen.getByRole('button', { name: '添加下级 华东' }));
    await userEvent.type(optionInput('选项名称', 'options[0].children[0]'), '上海');
    await userEvent.type(optionInput('选项值', 'options[0].children[0]'), 'sh');
    await userEvent.click(screen.getByRole('button', { name: '添加下级 上海' }));
    await userEvent.type(optionInput('选项名称', 'options[0].children[0].children[0]'), '浦东');
    await userEvent.type(optionInput('选项值', 'options[0].children[0].children[0]'), 'pd');
    // the third level takes no sub-options
    expect(screen.queryByRole('button', { name: '添加下级 浦东' })).toBeNull();
    expect((await saved(calls, 'create')).options).toEqual([
      {
        label: '华东',
        value: 'east',
        children: [{ label: '上海', value: 'sh', children: [{ label: '浦东', value: 'pd' }] }],
      },
    ]);
  });

  it('edits a field: the type is kept, options are shown and changed, the version sent back', async () => {
    const { calls } = openConfig({ id: '1' });
    await waitFor(() => expect(text(/^字段名称/).value).toBe('字段1号'));
    expect((screen.getByRole('combobox', { name: /^字段类型/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('字段类型创建后不能修改')).toBeTruthy();
    expect(optionInput('选项名称', 'options[1]').value).toBe('否');
    await userEvent.click(screen.getByRole('button', { name: '删除选项 否' }));
    expect(await saved(calls, 'change')).toMatchObject({
      id: '1',
      version: 2,
      type: 'RADIO',
      options: [{ label: '是', value: 'Y' }],
    });
  });

  it("shows the server's refusal of a code under the code", async () => {
    openConfig(
      { id: '1' },
      {
        [`${FIELD}/change`]: () => {
          throw new ApiError(400, 'DUPLICATE', '字段编码已被使用：f_1', 'code');
        },
      },
    );
    await waitFor(() => expect(text(/^字段名称/).value).toBe('字段1号'));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('字段编码已被使用：f_1')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is read-only without csField.edit', async () => {
    openConfig({ id: '1' }, {}, ['csField.view']);
    await waitFor(() => expect(text(/^字段名称/).value).toBe('字段1号'));
    expect(text(/^字段名称/).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加选项' })).toBeNull();
  });
});
