import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
/** the home organisation's custom fields, and one of another organisation */
const fields = { type: '', phone: '', solved: '', away: '' };

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await organisationWith(t, 'summary-config', { admin: ['*'] }));
  const field = async (as: Caller, name: string, code: string, type: string, options?: Json[]) =>
    (await ok(as.post('/v3/feed/field/create', { name, code, type, options }))).id as string;
  const yesNo = [
    { label: '是', value: 'Y' },
    { label: '否', value: 'N' },
  ];
  fields.type = await field(admin, '咨询类型', 'category', 'RADIO', yesNo);
  fields.phone = await field(admin, '客户电话', 'phone', 'PHONE');
  fields.solved = await field(admin, '是否解决', 'solved', 'RADIO', yesNo);
  const other = await organisationWith(t, 'summary-config-other', { admin: ['*'] });
  fields.away = await field(other.admin, '别家字段', 'away', 'INPUT');
}, 60_000);
afterAll(async () => t?.close());

const save = (body: Json, lang?: 'en') =>
  admin.post(
    body.id ? '/v3/chats/summary-config/change' : '/v3/chats/summary-config/create',
    body,
    lang ? { lang } : {},
  );
const detail = (summaryConfigId: string): Promise<Json> =>
  ok(admin.post('/v3/chats/summary-config/detail', {}, { query: { summaryConfigId } }));
const create = async (body: Json) => (await ok(save(body))).id as string;
const refusal = async (res: Promise<{ statusCode: number; json(): Json }>) => {
  const answer = await res;
  expect(answer.statusCode).toBe(400);
  return answer.json();
};
const line = async (name: string, summaryConfigId: string | null) =>
  (await ok(admin.post('/v3/chats/cs-line/create', { name, summaryConfigId }))).id as string;
const lineDetail = (lineId: string): Promise<Json> =>
  ok(admin.post('/v3/chats/cs-line/detail', {}, { query: { lineId } }));

describe('service summaries: the form (spec §3.9, §5)', () => {
  it("asks for a name with the spec's 请输入名称, at most 100 characters (O-V38)", async () => {
    for (const name of [undefined, '', '   '])
      expect(await refusal(save({ name, fields: [] }))).toMatchObject({ field: 'name', message: 'name：请输入名称' });
    expect(await refusal(save({ name: '' }, 'en'))).toMatchObject({ message: 'name: Please enter a name' });
    expect(await refusal(save({ name: '小'.repeat(101) }))).toMatchObject({
      field: 'name',
      message: 'name：不能超过 100 个字符',
    });
    await ok(save({ name: '小'.repeat(100) }));
  });

  it('starts ACTIVE and ONLINE, and keeps the fields in order with their names, codes, types and switches', async () => {
    const id = await create({
      name: '在线小结',
      fields: [
        { fieldId: fields.solved, required: true },
        { fieldId: fields.type, required: true, search: true },
        { fieldId: fields.phone, search: true },
      ],
    });
    expect(await detail(id)).toMatchObject({
      name: '在线小结',
      type: 'ONLINE',
      status: 'ACTIVE',
      lines: [],
      fields: [
        {
          fieldId: fields.solved,
          fieldName: '是否解决',
          fieldCode: 'solved',
          fieldType: 'RADIO',
          required: true,
          search: false,
        },
        { fieldId: fields.type, fieldName: '咨询类型', fieldType: 'RADIO', required: true, search: true },
        { fieldId: fields.phone, fieldName: '客户电话', fieldType: 'PHONE', required: false, search: true },
      ],
    });
  });

  it('ignores a field listed again, keeping it where it first appears (O-V39)', async () => {
    const id = await create({
      name: '重复字段',
      fields: [
        { fieldId: fields.phone, required: true },
        { fieldId: fields.type },
        { fieldId: fields.phone, search: true },
      ],
    });
    expect((await detail(id)).fields.map((f: Json) => [f.fieldId, f.required, f.search])).toEqual([
      [fields.phone, true, false],
      [fields.type, false, false],
    ]);
  });

  it("refuses an unknown field, another organisation's and one in the trash, naming it", async () => {
    for (const fieldId of ['999999', fields.away])
      expect(await refusal(save({ name: '坏字段', fields: [{ fieldId: fields.type }, { fieldId }] }))).toMatchObject({
        code: 'INVALID_REFERENCE',
        field: 'fields[1].fieldId',
        message: `自定义字段 ${fieldId} 不存在`,
      });
    const { id: trashed } = await ok(
      admin.post('/v3/feed/field/create', { name: '旧字段', code: 'old', type: 'INPUT' }),
    );
    const id = await create({ name: '含旧字段', fields: [{ fieldId: fields.type }, { fieldId: trashed }] });
    await ok(admin.post('/v3/feed/field/delete', { ids: [trashed], deleted: 'TRASH' }));
    expect((await refusal(save({ name: '坏字段', fields: [{ fieldId: trashed }] }))).field).toBe('fields[0].fieldId');
    // a summary that had it lists it no more, and again once it is restored
    expect((await detail(id)).fields.map((f: Json) => f.fieldId)).toEqual([fields.type]);
    await ok(admin.post('/v3/feed/field/delete', { ids: [trashed], deleted: 'NONE' }));
    expect((await detail(id)).fields.map((f: Json) => f.fieldId)).toEqual([fields.type, trashed]);
  });

  it('shows a renamed field by its new name', async () => {
    const { id: fieldId } = await ok(
      admin.post('/v3/feed/field/create', { name: '订单', code: 'order', type: 'INPUT' }),
    );
    const id = await create({ name: '改名字段', fields: [{ fieldId }] });
    const field = await ok(admin.post('/v3/feed/field/detail', {}, { query: { fieldId } }));
    await ok(
      admin.post('/v3/feed/field/change', {
        id: fieldId,
        version: field.version,
        name: '关联订单',
        code: 'order',
        type: 'INPUT',
      }),
    );
    expect((await detail(id)).fields[0]).toMatchObject({ fieldId, fieldName: '关联订单' });
  });

  it('keeps the type it was created with', async () => {
    const id = await create({ name: '热线小结', type: 'HOTLINE' });
    const { version } = await detail(id);
    // a change need not name the type (spec §7 sends id, name, version, fields)
    await ok(save({ id, version, name: '热线服务小结', fields: [{ fieldId: fields.phone }] }));
    expect(await detail(id)).toMatchObject({ type: 'HOTLINE', name: '热线服务小结' });
    const again = await detail(id);
    expect(await refusal(save({ id, version: again.version, name: '热线服务小结', type: 'ONLINE' }))).toMatchObject({
      field: 'type',
      message: '服务小结类型创建后不能修改',
    });
  });

  it('finds summaries by keyword, type and status', async () => {
    const a = await create({ name: '筛选小结甲' });
    const b = await create({ name: '筛选小结乙', type: 'HOTLINE' });
    await ok(admin.post('/v3/chats/summary-config/status', { ids: [a], status: 'INACTIVE' }));
    const ids = async (body: Json) =>
      (await ok(admin.post('/v3/chats/summary-config/list', body))).map((r: Json) => r.id);
    // newest change first: switching it off changed a
    expect(await ids({ keyword: '筛选小结' })).toEqual([a, b]);
    expect(await ids({ keyword: '筛选小结', type: 'HOTLINE' })).toEqual([b]);
    expect(await ids({ keyword: '筛选小结', status: 'INACTIVE' })).toEqual([a]);
  });
});

describe('service summaries and the lines that bind them', () => {
  it('binds a line to a live summary, answering its name, and lists the live lines on the summary', async () => {
    const id = await create({ name: '线路小结' });
    const first = await line('小结线路一', id);
    const second = await line('小结线路二', id);
    const trashed = await line('小结线路三', id);
    await ok(admin.post('/v3/chats/cs-line/delete', { ids: [trashed], deleted: 'TRASH' }));
    expect(await lineDetail(first)).toMatchObject({ summaryConfigId: id, summaryConfigName: '线路小结' });
    expect((await detail(id)).lines).toEqual([
      { lineId: first, lineName: '小结线路一' },
      { lineId: second, lineName: '小结线路二' },
    ]);
    const page = await ok(admin.post('/v3/chats/summary-config/page', { keyword: '线路小结' }));
    expect(page.records[0].lines).toHaveLength(2);
  });

  it('refuses to bind a line to an unknown summary or one in the trash (400 naming summaryConfigId)', async () => {
    const id = await create({ name: '将删除的小结' });
    await ok(admin.post('/v3/chats/summary-config/delete', { ids: [id], deleted: 'TRASH' }));
    for (const summaryConfigId of ['999999', id, '1x'])
      expect(await refusal(admin.post('/v3/chats/cs-line/create', { name: '坏引用', summaryConfigId }))).toMatchObject({
        code: 'INVALID_REFERENCE',
        field: 'summaryConfigId',
        message: `服务小结 ${summaryConfigId} 不存在`,
      });
  });

  it('refuses to move a summary live lines bind to the trash, naming the lines; once they let go it moves', async () => {
    const id = await create({ name: '在用小结' });
    const other = await create({ name: '空闲小结' });
    const a = await line('在用线路甲', id);
    await line('在用线路乙', id);
    const refused = await admin.post('/v3/chats/summary-config/delete', { ids: [other, id], deleted: 'TRASH' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'SUMMARY_IN_USE',
      field: 'ids[1]',
      message: '服务小结“在用小结”仍被服务线路 在用线路甲、在用线路乙 使用，请先为这些线路换一个服务小结再删除',
    });
    // nothing moved, the free one neither
    expect((await detail(other)).deleted).toBe('NONE');
    const en = await admin.post('/v3/chats/summary-config/delete', { ids: [id], deleted: 'TRASH' }, { lang: 'en' });
    expect(en.json().message).toBe(
      'Service summary "在用小结" is still used by the service lines 在用线路甲, 在用线路乙; give them another summary first',
    );
    // the lines move to another summary or to the trash
    const lineA = await lineDetail(a);
    await ok(
      admin.post('/v3/chats/cs-line/change', {
        id: a,
        name: lineA.name,
        version: lineA.version,
        summaryConfigId: other,
      }),
    );
    const b = (await detail(id)).lines[0].lineId as string;
    await ok(admin.post('/v3/chats/cs-line/delete', { ids: [b], deleted: 'TRASH' }));
    await ok(admin.post('/v3/chats/summary-config/delete', { ids: [id], deleted: 'TRASH' }));
    expect((await detail(id)).deleted).toBe('TRASH');
  });
});
