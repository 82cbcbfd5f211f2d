import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CustomFieldRecord } from '../src/entities/custom-field';
import type { PickerParams } from '../src/entity/types';
import { FieldPicker } from '../src/screens/field/FieldPicker';
import { fakeClient, renderConsole } from './helpers';

const TYPES = ['INPUT', 'PHONE', 'TEXTAREA', 'DATE', 'LIST_SINGLE'];

/** 25 fields; the loader filters by keyword (name), code and type and pages, recording what it was asked. */
function fields(count = 25) {
  const all: CustomFieldRecord[] = Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    name: i === 3 ? '客户电话' : `字段${i + 1}`,
    code: `f_${String(i + 1).padStart(2, '0')}`,
    type: TYPES[i % TYPES.length]!,
  }));
  const asked: PickerParams[] = [];
  const load = vi.fn(async (params: PickerParams) => {
    asked.push(params);
    const found = all.filter(
      (f) =>
        (!params.keyword || f.name.includes(params.keyword)) &&
        (!params.filters.code || f.code.includes(params.filters.code)) &&
        (!params.filters.type || f.type === params.filters.type),
    );
    return { records: found.slice((params.page - 1) * params.size, params.page * params.size), total: found.length };
  });
  return { load, asked };
}

function show(
  load: (params: PickerParams) => Promise<{ records: CustomFieldRecord[]; total: number }>,
  taken?: string[],
) {
  const onPick = vi.fn();
  renderConsole(<FieldPicker load={load} opened onClose={() => {}} onPick={onPick} takenIds={taken} />, {
    client: fakeClient({}).client,
  });
  return onPick;
}

const rows = () => screen.queryAllByRole('row').filter((r) => r.getAttribute('data-row-id') !== null);
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const confirmBox = () => screen.findByRole('dialog', { name: '请确认' });
async function answer(button: '确定' | '取消') {
  await userEvent.click(within(await confirmBox()).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '请确认' })).toBeNull());
}

/** The input labelled `label` (a Mantine Select also labels its option list with it). */
const input = (label: string) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT') as HTMLInputElement;

describe('field picker', () => {
  it('shows name, code and type, 10 to a page, with page sizes 10, 20, 30 and 100', async () => {
    const { load, asked } = fields();
    show(load);
    expect(await screen.findByText('字段1')).toBeTruthy();
    expect(screen.getByText('选择字段')).toBeTruthy();
    for (const title of ['字段名称', '字段编码', '字段类型']) expect(screen.getByRole('columnheader', { name: title }));
    expect(within(row('字段2')).getByText('f_02')).toBeTruthy();
    expect(within(row('字段2')).getByText('电话')).toBeTruthy();
    expect(rows()).toHaveLength(10);
    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(asked[0]).toEqual({ page: 1, size: 10, filters: {} });
    await userEvent.click(screen.getByRole('combobox', { name: '每页条数' }));
    const sizes = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(sizes).toEqual(['10', '20', '30', '100']);
    await userEvent.click(screen.getByRole('option', { name: '20' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(asked.at(-1)).toEqual({ page: 1, size: 20, filters: {} });
  });

  it('searches by keyword, code and type', async () => {
    const { load, asked } = fields();
    show(load);
    await screen.findByText('字段1');
    await userEvent.type(input('关键词'), '电话');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('客户电话')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ page: 1, size: 10, keyword: '电话', filters: {} });

    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await userEvent.type(input('字段编码'), 'f_1{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByText('f_10')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ page: 1, size: 10, filters: { code: 'f_1' } });

    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await userEvent.click(input('字段类型'));
    await userEvent.click(await screen.findByRole('option', { name: '日期' }));
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(asked.at(-1)).toEqual({ page: 1, size: 10, filters: { type: 'DATE' } });
  });

  it('clicking a row selects it, clicking again unselects, and the choice is kept across pages', async () => {
    const { load } = fields();
    const onPick = show(load);
    await screen.findByText('字段1');
    await userEvent.click(screen.getByText('字段2'));
    expect(row('字段2').getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByText('字段3'));
    await userEvent.click(screen.getByText('字段3'));
    expect(row('字段3').getAttribute('aria-selected')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await userEvent.click(await screen.findByText('字段12'));
    expect(screen.getByText('已选 2 条')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick.mock.calls[0]![0].map((f: CustomFieldRecord) => f.name)).toEqual(['字段2', '字段12']);
  });

  it('select-all asks first, then selects the rows of the page; again it unselects them', async () => {
    const { load } = fields();
    const onPick = show(load);
    await screen.findByText('字段1');
    await userEvent.click(screen.getByRole('button', { name: '全选' }));
    await answer('取消');
    expect(screen.getByText('已选 0 条')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '全选' }));
    expect(within(await confirmBox()).getByText('确定选择本页的 10 个字段吗？')).toBeTruthy();
    await answer('确定');
    await waitFor(() => expect(rows().every((r) => r.getAttribute('aria-selected') === 'true')).toBe(true));
    expect(screen.getByText('已选 10 条')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '取消全选' }));
    expect(screen.getByText('已选 0 条')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '全选' }));
    await answer('确定');
    await waitFor(() => expect(screen.getByText('已选 10 条')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onPick.mock.calls[0]![0]).toHaveLength(10);
  });

  it("select-all with no records warns '请选择记录'", async () => {
    const { load } = fields(0);
    const onPick = show(load);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '全选' }));
    expect(await screen.findByText('请选择记录')).toBeTruthy();
    expect(onPick).not.toHaveBeenCalled();
  });

  it("confirming with nothing chosen warns '请选择记录'", async () => {
    const { load } = fields();
    const onPick = show(load);
    await screen.findByText('字段1');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择记录')).toBeTruthy();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('fields already taken are shown ticked and cannot be chosen again', async () => {
    const { load } = fields();
    const onPick = show(load, ['1']);
    await screen.findByText('字段1');
    expect(row('字段1').getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByText('字段1'));
    await userEvent.click(screen.getByText('字段2'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onPick.mock.calls[0]![0].map((f: CustomFieldRecord) => f.id)).toEqual(['2']);
  });

  it("shows the loader's failure in the banner", async () => {
    show(async () => {
      throw new Error('字段服务不可用');
    });
    expect((await screen.findByRole('alert')).textContent).toContain('字段服务不可用');
  });
});
