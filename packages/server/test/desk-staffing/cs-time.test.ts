import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClock } from '../../src/http/time-zone.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type Json, ok } from '../tasks/fixtures.js';
import { createAgent, createTime, createUsers, detail, WORKDAYS } from './helpers.js';

let t: TestApp;
let admin: Caller;
let organizationId: number;

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, admin } = await organisationWith(t, 'cs-time', { admin: ['*'] }));
}, 60_000);
afterAll(async () => t?.close());

const create = (body: Json, lang?: 'en') => admin.post('/v3/chats/cs-time/create', body, lang ? { lang } : {});

/** Today in the desk's zone (the test app's QCDESK_TIME_ZONE): its date and ISO weekday. */
function today() {
  const wall = new Date(wallClock(new Date(), t.config.timeZone));
  return { date: wall.toISOString().slice(0, 10), weekday: wall.getUTCDay() === 0 ? 7 : wall.getUTCDay() };
}

describe('service times (cs-time): periods', () => {
  it('asks for at least one complete period, in the spec’s words, naming `config`', async () => {
    for (const config of [undefined, {}, { generalPeriods: [], specialPeriods: [] }]) {
      const res = await create({ name: '空', config });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'config', message: 'config：通用时段和特殊时段：请至少设置一个' });
    }
    const en = await create({ name: '空', config: {} }, 'en');
    expect(en.json().message).toBe('config: General and special periods: please set at least one');
  });

  it('drops incomplete periods on save and refuses when only incomplete ones are left', async () => {
    const incomplete = {
      generalPeriods: [
        { daysOfWeek: [], beginTime: '09:00', endTime: '18:00' },
        { daysOfWeek: [6, 7], beginTime: '', endTime: '18:00' },
      ],
      specialPeriods: [{ beginDate: '2026-10-01', endDate: '', beginTime: '10:00', endTime: '16:00' }],
    };
    const refused = await create({ name: '不完整', config: incomplete });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('config');

    const { id } = await ok(
      create({
        name: '国庆',
        config: {
          generalPeriods: [
            ...incomplete.generalPeriods,
            { daysOfWeek: [5, 1, 3], beginTime: '09:00', endTime: '18:00' },
          ],
          specialPeriods: [
            ...incomplete.specialPeriods,
            { beginDate: '2026-10-01', endDate: '2026-10-07', beginTime: '10:00', endTime: '16:00', remark: '国庆' },
          ],
        },
      }),
    );
    expect((await detail(admin, 'cs-time', id)).config).toEqual({
      generalPeriods: [{ daysOfWeek: [1, 3, 5], beginTime: '09:00', endTime: '18:00' }],
      specialPeriods: [
        { beginDate: '2026-10-01', endDate: '2026-10-07', beginTime: '10:00', endTime: '16:00', remark: '国庆' },
      ],
    });
  });

  it('refuses a bad time or a special period ending before it begins, naming the path', async () => {
    const badTime = await create({ name: '错', config: { generalPeriods: [{ ...WORKDAYS, endTime: '25:00' }] } });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().field).toBe('config.generalPeriods[0].endTime');
    const backwards = await create({
      name: '倒',
      config: {
        specialPeriods: [{ beginDate: '2026-10-07', endDate: '2026-10-01', beginTime: '10:00', endTime: '16:00' }],
      },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().field).toBe('config.specialPeriods[0].endDate');
  });

  it('requires a name of at most 100 characters and a prompt, which defaults to the hours text', async () => {
    const noName = await create({ config: { generalPeriods: [WORKDAYS] } });
    expect(noName.json()).toMatchObject({ field: 'name', message: 'name：此项为必填项' });
    const long = await create({ name: 'x'.repeat(101), config: { generalPeriods: [WORKDAYS] } });
    expect(long.json().field).toBe('name');
    const blankPrompt = await create({ name: '空提示', prompt: '  ', config: { generalPeriods: [WORKDAYS] } });
    expect(blankPrompt.json().field).toBe('prompt');
    const id = await createTime(admin, '默认提示');
    expect((await detail(admin, 'cs-time', id)).prompt).toBe('您好，人工客服服务时间为{X}');
  });
});

describe('service times (cs-time): today and the groups using it', () => {
  it("answers today's spans: the weekday's general periods, replaced by a special period covering today", async () => {
    const { date, weekday } = today();
    const other = (weekday % 7) + 1;
    const general = await createTime(admin, '今天', {
      config: {
        generalPeriods: [
          { daysOfWeek: [weekday], beginTime: '13:00', endTime: '18:00' },
          { daysOfWeek: [weekday, other], beginTime: '08:30', endTime: '12:00' },
          { daysOfWeek: [other], beginTime: '20:00', endTime: '22:00' },
        ],
      },
    });
    expect((await detail(admin, 'cs-time', general)).todayTimes).toEqual([
      { beginTime: '08:30', endTime: '12:00' },
      { beginTime: '13:00', endTime: '18:00' },
    ]);
    const holiday = await createTime(admin, '假日', {
      config: {
        generalPeriods: [{ daysOfWeek: [weekday], beginTime: '09:00', endTime: '18:00' }],
        specialPeriods: [{ beginDate: date, endDate: date, beginTime: '10:00', endTime: '15:00', remark: '假日' }],
      },
    });
    expect((await detail(admin, 'cs-time', holiday)).todayTimes).toEqual([{ beginTime: '10:00', endTime: '15:00' }]);
  });

  it('lists the groups using it, and refuses to trash it while a live group does (naming the group)', async () => {
    const timeId = await createTime(admin, '被使用');
    const [userId] = await createUsers(t, organizationId, ['用时间的人']);
    const agentId = await createAgent(admin, userId!, '小时');
    const { id: groupId } = await ok(
      admin.post('/v3/chats/cs-group/create', { name: '售后组', type: 'ONLINE', timeId, agentIds: [agentId] }),
    );
    expect((await detail(admin, 'cs-time', timeId)).groups).toEqual([{ groupId, groupName: '售后组' }]);
    const refused = await admin.post('/v3/chats/cs-time/delete', { ids: [timeId], deleted: 'TRASH' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'TIME_IN_USE',
      field: 'ids[0]',
      message: '服务时间“被使用”正被技能组“售后组”使用，请先更换再删除',
    });
    await ok(admin.post('/v3/chats/cs-group/delete', { ids: [groupId], deleted: 'TRASH' }));
    expect((await detail(admin, 'cs-time', timeId)).groups).toEqual([]);
    await ok(admin.post('/v3/chats/cs-time/delete', { ids: [timeId], deleted: 'TRASH' }));
  });
});
