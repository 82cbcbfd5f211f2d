/**
 * Forced transfer (tickets spec §2 "Agent transfer dialog", §5, §8) and the monitors' live updates: the dialog asks
 * for the target with the spec's texts, keeps the remark to 200, confirms before it transfers and says 'transfer
 * succeeded'; the button shows only with monitor.transfer; live updates follow the event stream and poll when it
 * fails.
 */
import type { LiveChange } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { AlarmActions } from '../src/screens/monitor/AlarmActions';
import { ForceTransferButton } from '../src/screens/monitor/ForceTransferButton';
import {
  followLiveUpdates,
  LIVE_STREAM_PATH,
  type StreamLike,
  setStreamFactory,
} from '../src/screens/monitor/live-updates';
import { fakeClient, renderConsole } from './helpers';

const GROUPS = [
  { id: '5', name: '售前组', type: 'ONLINE', online: true },
  { id: '6', name: '售后组', type: 'ONLINE', online: false },
];
const AGENTS = [{ id: '31', name: 'Agent 31', nick: '小王', workNo: 'w31', receptions: 1, capacity: 5 }];

function transferDesk() {
  const transfers: ApiRequest[] = [];
  const fake = fakeClient({
    '/v3/chats/cs-group/select': () => GROUPS,
    '/v3/chatting/transfer/agents': (r) => ((r.query as { groupId: string }).groupId === '6' ? AGENTS : []),
    '/v3/chatting/transfer': (r) => {
      transfers.push(r);
      const body = r.body as { agentId?: string; groupId?: string };
      return {
        sessionId: 's-1',
        chatId: 'chat-1',
        agentId: body.agentId ?? null,
        groupId: body.groupId ?? null,
        queued: body.agentId === undefined,
        message: '转接成功',
      };
    },
  });
  return { ...fake, transfers };
}

async function openDialog(permissions = ['monitor.transfer'], onTransferred = vi.fn()) {
  const desk = transferDesk();
  renderConsole(<ForceTransferButton sessionId="s-1" chatId="chat-1" onTransferred={onTransferred} />, {
    client: desk.client,
    permissions,
  });
  await userEvent.click(screen.getByRole('button', { name: '强制转接' }));
  const dialog = await screen.findByRole('dialog', { name: '转接会话' });
  return { ...desk, dialog, onTransferred };
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  const field = within(dialog)
    .getAllByLabelText(new RegExp(`^${label}`))
    .find((e) => e.tagName === 'INPUT')!;
  await userEvent.click(field);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the force-transfer button', () => {
  it('is shown only to whoever holds monitor.transfer', () => {
    const desk = transferDesk();
    renderConsole(<ForceTransferButton sessionId="s-1" chatId="chat-1" />, {
      client: desk.client,
      permissions: ['monitor-agent.view'],
    });
    expect(screen.queryByRole('button', { name: '强制转接' })).toBeNull();
  });
});

describe('the transfer dialog', () => {
  it('asks for the target skill group, or the target agent, before anything is sent', async () => {
    const { dialog, transfers } = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '转接' }));
    expect(await within(dialog).findByText('请选择目标技能组')).toBeTruthy();
    await userEvent.click(within(dialog).getByText('坐席'));
    await choose(dialog, '目标技能组', '售后组（非服务时间）');
    await userEvent.click(within(dialog).getByRole('button', { name: '转接' }));
    expect(await within(dialog).findByText('请选择目标坐席')).toBeTruthy();
    expect(transfers).toEqual([]);
  });

  it('keeps the remark to 200 characters', async () => {
    const { dialog, transfers } = await openDialog();
    await choose(dialog, '目标技能组', '售前组');
    const remark = within(dialog).getByRole('textbox', { name: '备注' });
    await userEvent.click(remark);
    await userEvent.paste('备'.repeat(201));
    expect(within(dialog).getByText('201/200')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '转接' }));
    expect(await within(dialog).findByText('备注不能超过 200 个字符')).toBeTruthy();
    expect(transfers).toEqual([]);
  });

  it('confirms first; cancelled, nothing moves; confirmed, the chat goes to the group and it says so', async () => {
    const { dialog, transfers, onTransferred } = await openDialog();
    await choose(dialog, '目标技能组', '售前组');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '备注' }), '客户要买新机');
    await userEvent.click(within(dialog).getByRole('button', { name: '转接' }));
    const ask = await screen.findByText('确认将会话 chat-1 转接到技能组「售前组」吗？');
    await userEvent.click(within(ask.closest('section')!).getByRole('button', { name: '取消' }));
    expect(transfers).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: '转接' }));
    await screen.findByText('确认将会话 chat-1 转接到技能组「售前组」吗？');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(transfers).toHaveLength(1));
    expect(transfers[0]!.body).toEqual({ chatId: 'chat-1', transferTo: 'GROUP', groupId: '5', remark: '客户要买新机' });
    expect(await screen.findByText('转接成功')).toBeTruthy();
    expect(onTransferred).toHaveBeenCalledWith(expect.objectContaining({ groupId: '5', queued: true }));
  });

  it('offers the ONLINE agents of the chosen group with their load, and sends the one chosen', async () => {
    const { dialog, transfers } = await openDialog();
    await userEvent.click(within(dialog).getByText('坐席'));
    await choose(dialog, '目标技能组', '售后组（非服务时间）');
    await choose(dialog, '目标坐席', '小王（接待 1/5）');
    await userEvent.click(within(dialog).getByRole('button', { name: '转接' }));
    await screen.findByText('确认将会话 chat-1 转接给坐席「小王」吗？');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(transfers).toHaveLength(1));
    expect(transfers[0]!.body).toEqual({ chatId: 'chat-1', transferTo: 'AGENT', groupId: '6', agentId: '31' });
  });
});

describe('the alarm actions', () => {
  it('offer Listen and Force transfer', async () => {
    const desk = transferDesk();
    renderConsole(<AlarmActions agentId="3" sessionId="s-1" chatId="chat-1" />, {
      client: desk.client,
      permissions: ['monitor-agent.view', 'monitor.transfer'],
    });
    const actions = screen.getByTestId('alarm-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['监听', '强制转接']);
  });
});

/** A stream the test drives: notices in, an error that closes it. */
class FakeStream implements StreamLike {
  static made: FakeStream[] = [];
  readyState = 1;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  constructor(readonly url: string) {
    FakeStream.made.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown = {}) {
    for (const l of this.listeners.get(type) ?? []) l({ data: JSON.stringify(data) });
  }
}

describe('live updates', () => {
  afterEach(() => {
    setStreamFactory();
    FakeStream.made = [];
    vi.useRealTimers();
  });

  it('share one stream, hear only their kinds, and stop with the last follower', () => {
    setStreamFactory((url) => new FakeStream(url));
    const alarms: (LiveChange | null)[] = [];
    const agents: (LiveChange | null)[] = [];
    const stopAlarms = followLiveUpdates(['alarm'], (c) => alarms.push(c), { throttleMs: 0 });
    const stopAgents = followLiveUpdates(['agent'], (c) => agents.push(c), { throttleMs: 0 });
    expect(FakeStream.made.map((s) => s.url)).toEqual([LIVE_STREAM_PATH]);
    const stream = FakeStream.made[0]!;
    stream.emit('ready');
    stream.emit('change', { kind: 'agent', ids: ['7'] });
    stream.emit('change', { kind: 'alarm', ids: ['1'], agentIds: ['7'] });
    expect(alarms).toEqual([{ kind: 'alarm', ids: ['1'], agentIds: ['7'] }]);
    expect(agents).toEqual([{ kind: 'agent', ids: ['7'] }]);
    stopAlarms();
    expect(stream.closed).toBe(false);
    stopAgents();
    expect(stream.closed).toBe(true);
  });

  it('poll while the stream is refused, and follow it again once it is back', () => {
    vi.useFakeTimers();
    setStreamFactory((url) => new FakeStream(url));
    const heard: (LiveChange | null)[] = [];
    const stop = followLiveUpdates(['session'], (c) => heard.push(c), { pollMs: 1000, throttleMs: 0 });
    const stream = FakeStream.made[0]!;
    stream.onerror?.({});
    vi.advanceTimersByTime(3000);
    // three polls, each a reload without a notice
    expect(heard).toEqual([null, null, null]);
    stream.emit('ready');
    vi.advanceTimersByTime(3000);
    expect(heard).toHaveLength(3);
    stream.emit('change', { kind: 'session', ids: ['s-1'] });
    expect(heard.at(-1)).toEqual({ kind: 'session', ids: ['s-1'] });
    stop();
  });

  it('poll when the browser has no EventSource', () => {
    vi.useFakeTimers();
    setStreamFactory(null);
    let polls = 0;
    const stop = followLiveUpdates(['agent'], () => polls++, { pollMs: 500 });
    vi.advanceTimersByTime(1600);
    expect(polls).toBe(3);
    stop();
  });
});
