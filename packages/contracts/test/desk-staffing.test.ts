import { describe, expect, it } from 'vitest';
import {
  AgentStatus,
  csAgentChangeBatchSchema,
  csAgentContract,
  csAgentSaveSchema,
  csGroupContract,
  csGroupSaveSchema,
  csTimeContract,
  csTimeSaveSchema,
  DeskAssign,
  DICTIONARIES,
  ENTITY_CONTRACTS,
  GroupType,
  ROUTE_PERMISSIONS,
  toFieldErrors,
} from '../src/index.js';

const group = { name: '售后组', type: 'ONLINE', timeId: '1', agentIds: ['7'] };
const workdays = { daysOfWeek: [1, 2, 3, 4, 5], beginTime: '09:00', endTime: '18:00' };
const errorsOf = (
  result: { success: boolean; error?: Parameters<typeof toFieldErrors>[0] },
  lang: 'zh' | 'en' = 'zh',
) => (result.success ? [] : toFieldErrors(result.error!, lang).map((e) => `${e.field}: ${e.message}`));

describe('desk-staffing dictionaries', () => {
  it('hold the spec’s values, each with a Chinese and an English label, and are loadable by code', () => {
    expect(GroupType.values).toEqual(['ONLINE', 'HOTLINE', 'CATEGORY', 'TICKET']);
    expect(DeskAssign.values.slice(0, 2)).toEqual(['IDLE_RATE', 'LAST_RECEIVER']);
    expect(AgentStatus.values).toEqual(expect.arrayContaining(['ONLINE', 'OFFLINE', 'BREAK', 'TRAINING', 'MEETING']));
    for (const code of ['dict-desk-assign', 'dict-desk-type', 'dict-agent-status', 'dict-agent-mode']) {
      const dictionary = DICTIONARIES[code]!;
      for (const value of dictionary.values) {
        expect(dictionary.label(value, 'zh')).toMatch(/[\u4e00-\u9fff]/);
        expect(dictionary.label(value, 'en')).toMatch(/^[A-Z]/);
      }
    }
  });
});

describe('desk-staffing contracts', () => {
  it('are registered, and every generated call has its key in the route table', () => {
    expect(ENTITY_CONTRACTS['cs-time']).toBe(csTimeContract);
    expect(ENTITY_CONTRACTS['cs-group']).toBe(csGroupContract);
    expect(ENTITY_CONTRACTS['cs-agent']).toBe(csAgentContract);
    const table = ROUTE_PERMISSIONS as Record<string, string>;
    expect(table['/v3/chats/cs-group/create']).toBe('csGroup.edit');
    expect(table['/v3/chats/cs-group/delete']).toBe('csGroup.delete');
    expect(table['/v3/chats/cs-time/delete']).toBe('csTime.delete');
    expect(table['/v3/chats/cs-agent/createBatch']).toBe('csAgent.edit');
    expect(table['/v3/chats/cs-agent/changeBatch']).toBe('csAgent.edit');
    expect(table['/v3/chats/cs-agent/pull']).toBe('csAgent.pull');
    expect(table['/v3/chats/cs-agent/delete']).toBe('csAgent.delete');
    // no /status for service times and agents (the spec lists none)
    expect(table['/v3/chats/cs-time/status']).toBeUndefined();
    expect(table['/v3/chats/cs-agent/status']).toBeUndefined();
  });

  it('group save: receivers required; second assignment kept only after LAST_RECEIVER; parent only for ONLINE/HOTLINE', () => {
    expect(errorsOf(csGroupSaveSchema.safeParse({ ...group, agentIds: [] }))).toEqual(['agentIds: 请设置接待人']);
    const cleared = csGroupSaveSchema.parse({ ...group, config: { secondAssign: 'ROUND_ROBIN' } });
    expect(cleared.config).toMatchObject({ firstAssign: 'IDLE_RATE', secondAssign: null });
    const kept = csGroupSaveSchema.parse({
      ...group,
      config: { firstAssign: 'LAST_RECEIVER', secondAssign: 'ROUND_ROBIN' },
    });
    expect(kept.config?.secondAssign).toBe('ROUND_ROBIN');
    const same = csGroupSaveSchema.safeParse({
      ...group,
      config: { firstAssign: 'LAST_RECEIVER', secondAssign: 'LAST_RECEIVER' },
    });
    expect(errorsOf(same, 'en')).toEqual(['config.secondAssign: The second assignment cannot equal the first']);
    const self = csGroupSaveSchema.safeParse({ ...group, id: '5', version: 1, config: { offlineGroupId: '5' } });
    expect(errorsOf(self, 'en')).toEqual(['config.offlineGroupId: Cannot select the current group']);
    expect(errorsOf(csGroupSaveSchema.safeParse({ ...group, type: 'CATEGORY', parentId: '3' }))).toEqual([
      'parentId: 只有在线和热线技能组可以设置分类',
    ]);
    expect(csGroupSaveSchema.parse({ ...group, type: 'HOTLINE', parentId: '3' })).toMatchObject({
      parentId: '3',
      config: null,
    });
  });

  it('service time save: incomplete periods dropped, at least one complete one, prompt defaulted', () => {
    const saved = csTimeSaveSchema.parse({
      name: '工作日',
      config: { generalPeriods: [workdays, { daysOfWeek: [6], beginTime: '', endTime: '' }], specialPeriods: [{}] },
    });
    expect(saved.config).toEqual({ generalPeriods: [workdays], specialPeriods: [] });
    expect(saved.prompt).toBe('您好，人工客服服务时间为{X}');
    expect(
      errorsOf(
        csTimeSaveSchema.safeParse({ name: '空', config: { specialPeriods: [{ beginDate: '2026-10-01' }] } }),
        'en',
      ),
    ).toEqual(['config: General and special periods: please set at least one']);
  });

  it('agent save and batch: capacity 1..1000 (20 by default), user on create; batch capacity clamped', () => {
    expect(csAgentSaveSchema.parse({ userId: '3', nick: '小王' }).capacity).toBe(20);
    expect(errorsOf(csAgentSaveSchema.safeParse({ userId: '3', nick: '小王', capacity: 0 }))).toEqual([
      'capacity: 接待上限须为 1 到 1000 的整数',
    ]);
    expect(errorsOf(csAgentSaveSchema.safeParse({ nick: '小王' }))).toEqual(['userId: 请选择用户']);
    const batch = csAgentChangeBatchSchema.parse({
      agents: [
        { id: '1', nick: '甲', capacity: '12x0' },
        { id: '2', capacity: 9999 },
      ],
    });
    expect(batch.agents.map((a) => [a.nick, a.capacity])).toEqual([
      ['甲', 120],
      ['', 1000],
    ]);
  });
});
