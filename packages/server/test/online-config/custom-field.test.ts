import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let outsider: Caller;

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await organisationWith(t, 'custom-field', { admin: ['*'] }));
  ({ admin: outsider } = await organisationWith(t, 'custom-field-other', { admin: ['*'] }));
}, 60_000);
afterAll(async () => t?.close());

const save = (body: Json, as: Caller = admin, lang?: 'en') =>
  as.post(body.id ? '/v3/feed/field/change' : '/v3/feed/field/create', body, lang ? { lang } : {});
const detail = (fieldId: string): Promise<Json> => ok(admin.post('/v3/feed/field/detail', {}, { query: { fieldId } }));
const create = async (body: Json) => (await ok(save(body))).id as string;
const refusal = async (res: Promise<{ statusCode: number; json(): Json }>) => {
  const answer = await res;
  expect(answer.statusCode).toBe(400);
  return answer.json();
};
const yesNo = [
  { label: '是', value: 'Y' },
  { label: '否', value: 'N' },
];

describe('custom fields: codes', () => {
  it('refuses a code the organisation already uses, even by a field in the trash, and frees it when emptied', async () => {
    const first = await create({ name: '订单号', code: 'orderNo', type: 'INPUT' });
    expect(await refusal(save({ name: '订单编号', code: 'orderNo', type: 'INPUT' }))).toEqual({
      code: 'DUPLICATE',
      field: 'code',
      message: '字段编码已被使用：orderNo',
    });
    // another organisation has codes of its own
    await ok(save({ name: '订单号', code: 'orderNo', type: 'INPUT' }, outsider));
    await ok(admin.post('/v3/feed/field/delete', { ids: [first], deleted: 'TRASH' }));
    expect((await refusal(save({ name: '订单编号', code: 'orderNo', type: 'INPUT' }))).field).toBe('code');
    await ok(admin.post('/v3/feed/field/delete', { ids: [first], deleted: 'BUFFER' }));
    await ok(save({ name: '订单编号', code: 'orderNo', type: 'INPUT' }));
  });

  it('keeps its own code on a change, and takes letters, digits, _ and - only', async () => {
    const id = await create({ name: '渠道', code: 'channel-1', type: 'INPUT' });
    const field = await detail(id);
    await ok(save({ id, version: field.version, name: '来源渠道', code: 'channel-1', type: 'INPUT' }));
    expect((await detail(id)).name).toBe('来源渠道');
    expect(await refusal(save({ name: '渠道', code: '渠道 1', type: 'INPUT' }, admin, 'en'))).toMatchObject({
      field: 'code',
      message: 'code: A field code may hold only letters, digits, _ and -',
    });
    expect((await refusal(save({ name: '渠道', code: 'c'.repeat(51), type: 'INPUT' }))).field).toBe('code');
  });
});

describe('custom fields: types and options', () => {
  it('keeps the type it was created with', async () => {
    const id = await create({ name: '备注', code: 'remark', type: 'INPUT' });
    const { version } = await detail(id);
    expect(await refusal(save({ id, version, name: '备注', code: 'remark', type: 'TEXTAREA' }))).toMatchObject({
      field: 'type',
      message: '字段类型创建后不能修改',
    });
    expect((await detail(id)).type).toBe('INPUT');
  });

  it('asks a choice field for at least one option, each value once', async () => {
    for (const type of ['RADIO', 'CHECKBOX', 'LIST_SINGLE', 'LIST_MULTI', 'TREE_SINGLE', 'TREE_MULTI'])
      expect(await refusal(save({ name: '选择', code: `c-${type}`, type, options: [] }))).toMatchObject({
        field: 'options',
        message: 'options：请至少添加一个选项',
      });
    const twice = await refusal(
      save({ name: '选择', code: 'twice', type: 'RADIO', options: [...yesNo, { label: '是的', value: 'Y' }] }),
    );
    expect(twice).toMatchObject({ field: 'options[2].value', message: 'options[2].value：选项值重复：Y' });
    expect(
      (await refusal(save({ name: '选择', code: 'blank', type: 'RADIO', options: [{ label: ' ', value: 'A' }] })))
        .field,
    ).toBe('options[0].label');
  });

  it('keeps a tree of up to three levels with values distinct across it', async () => {
    const tree = [
      {
        label: '华东',
        value: 'east',
        children: [{ label: '上海', value: 'sh', children: [{ label: '浦东', value: 'pd' }] }],
      },
      { label: '华南', value: 'south', children: [{ label: '广州', value: 'gz' }] },
    ];
    const id = await create({ name: '地区', code: 'region', type: 'TREE_SINGLE', options: tree });
    expect((await detail(id)).options).toEqual(tree);
    const deep: Json[] = structuredClone(tree);
    deep[0].children[0].children[0] = {
      label: '浦东',
      value: 'pd',
      children: [{ label: '张江', value: 'zj' }],
    };
    expect(await refusal(save({ name: '地区', code: 'deep', type: 'TREE_MULTI', options: deep }))).toMatchObject({
      field: 'options[0].children[0].children[0].children',
      message: 'options[0].children[0].children[0].children：嵌套不能超过 3 层',
    });
    const repeated = [...tree, { label: '上海市', value: 'sh' }];
    expect((await refusal(save({ name: '地区', code: 'rep', type: 'TREE_MULTI', options: repeated }))).field).toBe(
      'options[2].value',
    );
  });

  it('keeps no options for a type without them, and no children in a flat list', async () => {
    const text = await create({ name: '描述', code: 'desc', type: 'TEXTAREA', options: yesNo, placeholder: '请描述' });
    expect(await detail(text)).toMatchObject({ options: [], placeholder: '请描述' });
    const flat = await create({
      name: '结果',
      code: 'result',
      type: 'LIST_SINGLE',
      options: [{ label: '成功', value: 'ok', children: [{ label: '部分', value: 'part' }] }],
    });
    expect((await detail(flat)).options).toEqual([{ label: '成功', value: 'ok' }]);
  });
});

describe('custom fields: the picker’s search', () => {
  it('finds fields by keyword on the name, a part of the code and the type', async () => {
    await create({ name: '查找电话', code: 'find_phone', type: 'PHONE' });
    await create({ name: '查找日期', code: 'find_date', type: 'DATE' });
    await create({ name: '查找时间', code: 'when_x', type: 'DATETIME' });
    const names = async (body: Json) =>
      (await ok(admin.post('/v3/feed/field/page', body))).records.map((r: Json) => r.name).sort();
    expect(await names({ keyword: '查找' })).toEqual(['查找日期', '查找时间', '查找电话']);
    expect(await names({ keyword: 'find' })).toEqual([]);
    expect(await names({ code: 'FIND_' })).toEqual(['查找日期', '查找电话']);
    expect(await names({ keyword: '查找', type: 'DATETIME' })).toEqual(['查找时间']);
    expect((await refusal(admin.post('/v3/feed/field/page', { type: 'SELECT' }))).field).toBe('type');
  });
});
