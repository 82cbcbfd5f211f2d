import { csLineSaveSchema, TIMEOUT_BLOCK_DEFAULTS } from '@qcdesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  addGroups,
  agentConfigBody,
  hotlineGroupsBody,
  type LineNavValues,
  lineSaveBody,
  navsBody,
  navValuesOf,
  tickBlock,
  timeoutBlocksBody,
  timeoutBlocksOf,
} from '../src/screens/online/line/line-save';

const line = { id: '7', name: '官网咨询', version: 4 };

const single = (navId: string | null = null) => ({ divided: false, navId, rows: [] });

describe('a line save body', () => {
  it('carries id, name, version and only the block being edited', () => {
    const body = lineSaveBody(line, { promptConfig: { welcome: '您好，我是{X}', transfer: '' } });
    expect(body).toEqual({
      id: '7',
      name: '官网咨询',
      version: 4,
      promptConfig: { welcome: '您好，我是{X}', transfer: '' },
    });
    // the contract takes it as it is: no other block appears, so the server keeps them as stored
    const checked = csLineSaveSchema.parse(body);
    expect(Object.keys(checked).sort()).toEqual(['id', 'name', 'promptConfig', 'version']);
  });

  it('takes the name the config screen edits, else the one read', () => {
    expect(lineSaveBody(line, { code: 'WEB' }, '官网咨询（新）')).toMatchObject({
      name: '官网咨询（新）',
      code: 'WEB',
    });
    expect(lineSaveBody(line, { code: 'WEB' }).name).toBe('官网咨询');
  });
});

describe('timeout blocks', () => {
  it('a stored block is ticked; a null one is unticked and empty', () => {
    const blocks = timeoutBlocksOf({ enterTimeoutRemind: { minutes: 5, prompt: '请稍候' }, enterTimeoutAssign: null });
    expect(blocks.enterTimeoutRemind).toEqual({ on: true, minutes: 5, prompt: '请稍候' });
    expect(blocks.enterTimeoutAssign).toEqual({ on: false, minutes: null, prompt: '' });
    expect(blocks.sessionTimeoutAssign).toEqual({ on: false, minutes: null, prompt: '' });
  });

  it("a tick on an empty block fills the spec's defaults (3, 10, 3, 10); on a typed one keeps what was typed", () => {
    const empty = { on: false, minutes: null, prompt: '' };
    expect(tickBlock('enterTimeoutRemind', empty, true)).toEqual({
      on: true,
      ...TIMEOUT_BLOCK_DEFAULTS.enterTimeoutRemind,
    });
    expect(tickBlock('enterTimeoutAssign', empty, true).minutes).toBe(10);
    expect(tickBlock('sessionTimeoutRemind', empty, true).minutes).toBe(3);
    expect(tickBlock('sessionTimeoutAssign', empty, true).minutes).toBe(10);
    expect(tickBlock('enterTimeoutRemind', { on: false, minutes: 7, prompt: '' }, true)).toEqual({
      on: true,
      minutes: 7,
      prompt: '',
    });
    // unticking keeps the values on screen; the save sends null
    expect(tickBlock('enterTimeoutRemind', { on: true, minutes: 7, prompt: 'x' }, false)).toEqual({
      on: false,
      minutes: 7,
      prompt: 'x',
    });
  });

  it('only ticked blocks are sent; unticked ones are null', () => {
    const blocks = timeoutBlocksOf(null);
    blocks.enterTimeoutRemind = { on: true, minutes: 3, prompt: '请稍候' };
    blocks.sessionTimeoutAssign = { on: false, minutes: 10, prompt: '转接中' };
    expect(timeoutBlocksBody(blocks)).toEqual({
      enterTimeoutRemind: { minutes: 3, prompt: '请稍候' },
      enterTimeoutAssign: null,
      sessionTimeoutRemind: null,
      sessionTimeoutAssign: null,
    });
  });

  it('the agent who takes the overflow is kept only when overflow goes to an agent', () => {
    const fields = {
      ...csLineSaveSchema.parse({ name: 'x', agentConfig: {} }).agentConfig!,
      overloadServe: 'QUEUE' as const,
      overloadAgentId: 'A1',
    };
    const { enterTimeoutRemind, enterTimeoutAssign, sessionTimeoutRemind, sessionTimeoutAssign, ...rest } = fields;
    expect(agentConfigBody(rest, timeoutBlocksOf(null)).overloadAgentId).toBeNull();
    expect(agentConfigBody({ ...rest, overloadServe: 'AGENT' }, timeoutBlocksOf(null)).overloadAgentId).toBe('A1');
  });
});

describe('navigations', () => {
  const values = (patch: Partial<LineNavValues>): LineNavValues => ({
    BOTTOM: null,
    SIDE: null,
    IVR: null,
    GROUP: single(),
    SELF: single(),
    ...patch,
  });

  it('sends only the chosen variant of a time-divided kind', () => {
    const group = { navId: '30', rows: [{ timeId: 'T1', navId: '31' }] };
    expect(navsBody(values({ GROUP: { divided: false, ...group } }))).toEqual([
      { navKind: 'GROUP', navId: '30', timeId: null },
    ]);
    expect(navsBody(values({ GROUP: { divided: true, ...group } }))).toEqual([
      { navKind: 'GROUP', navId: '31', timeId: 'T1' },
    ]);
  });

  it('keeps a time-divided row only when both its navigation and its time are set', () => {
    const rows = [
      { timeId: 'T1', navId: '41' },
      { timeId: 'T2', navId: null },
      { timeId: null, navId: '43' },
      { timeId: 'T4', navId: '44' },
    ];
    expect(navsBody(values({ SELF: { divided: true, navId: '40', rows } }))).toEqual([
      { navKind: 'SELF', navId: '41', timeId: 'T1' },
      { navKind: 'SELF', navId: '44', timeId: 'T4' },
    ]);
  });

  it('sends bottom, side and IVR when chosen, never with a time', () => {
    expect(navsBody(values({ BOTTOM: '1', IVR: '3' }))).toEqual([
      { navKind: 'BOTTOM', navId: '1', timeId: null },
      { navKind: 'IVR', navId: '3', timeId: null },
    ]);
    expect(navsBody(values({}))).toEqual([]);
  });

  it('reads stored rows back: a kind with timed rows is time-divided', () => {
    const read = navValuesOf([
      { navKind: 'BOTTOM', navId: '1' },
      { navKind: 'GROUP', navId: '31', timeId: 'T1' },
      { navKind: 'GROUP', navId: '32', timeId: 'T2' },
      { navKind: 'SELF', navId: '40', timeId: null },
    ]);
    expect(read.BOTTOM).toBe('1');
    expect(read.GROUP).toEqual({
      divided: true,
      navId: null,
      rows: [
        { timeId: 'T1', navId: '31' },
        { timeId: 'T2', navId: '32' },
      ],
    });
    expect(read.SELF).toEqual({ divided: false, navId: '40', rows: [] });
    // and saving them unchanged sends them back as they were
    expect(navsBody(read)).toEqual([
      { navKind: 'BOTTOM', navId: '1', timeId: null },
      { navKind: 'GROUP', navId: '31', timeId: 'T1' },
      { navKind: 'GROUP', navId: '32', timeId: 'T2' },
      { navKind: 'SELF', navId: '40', timeId: null },
    ]);
  });
});

describe('hotline groups', () => {
  it('adding a group already in the list is ignored', () => {
    const current = [{ groupId: 'G1', groupName: '热线一组' }];
    const next = addGroups(current, [
      { groupId: 'G1', groupName: '热线一组' },
      { groupId: 'G2', groupName: '热线二组' },
      { groupId: 'G2', groupName: '热线二组' },
    ]);
    expect(next.map((g) => g.groupId)).toEqual(['G1', 'G2']);
    expect(hotlineGroupsBody(next)).toEqual([{ groupId: 'G1' }, { groupId: 'G2' }]);
  });
});
