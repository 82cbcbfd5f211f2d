/**
 * Real-time QC (issue 20 "Real time"; tickets spec §3 QC task type REAL_TIME_TEXT, "Agent alarm"): an ACTIVE
 * REAL_TIME_TEXT task inspects the live sessions of its lines as messages arrive through the feed; a rule hitting on
 * a message raises one alarm on the serving agent (the monitor's alarm tab: /v3/chats/monitor/alarm), announced on
 * the monitors' event stream; when the session closes the task writes the AI result an offline inspection of the
 * same session gives.
 */
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiResults, chatSessions, csLines } from '../../src/db/schema/index.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { type AiSchemeFixture, aiScheme, type Json, ok, stc3Sessions } from '../tasks/fixtures.js';
import { ev, makeDesk, send, type TestDesk } from './live-fixtures.js';

let t: TestApp;
let admin: Caller;
let feeder: Caller;
let watcher: Caller;
let org: number;
let desk: TestDesk;
let scheme: AiSchemeFixture;
/** a line no real-time task watches: the offline twin sessions are imported onto it */
let offlineLine: number;
const TASK = '实时质检';

const alarmsOf = (agentId: number, who: Caller = watcher) =>
  ok(who.post('/v3/chats/monitor/alarm', {}, { query: { agentId: String(agentId) } }));
const settle = async () => {
  await t.app.realtimeQc.whenIdle();
  await t.app.tasks.whenIdle();
};

beforeAll(async () => {
  t = await startTestApp();
  ({
    admin,
    feeder,
    watcher,
    organizationId: org,
  } = await organisationWith(t, 'realtime-qc', {
    admin: ['*'],
    feeder: ['live-feed.push'],
    watcher: ['monitor-agent.view'],
  }));
  desk = await makeDesk(t.database.db, org, {
    agents: [{ capacity: 50 }, { capacity: 50 }],
    groups: [{ name: '售后', agents: [0] }],
  });
  const [line] = await t.database.db
    .insert(csLines)
    .values({ organizationId: org, name: '离线线路', navs: [] })
    .returning({ id: csLines.id });
  offlineLine = line!.id;
  scheme = await aiScheme(admin);
  const live = await ok(
    admin.post('/v3/chats/qc-task/create', {
      name: TASK,
      type: 'REAL_TIME_TEXT',
      schemeId: scheme.schemeId,
      lineIds: [String(desk.lineId)],
    }),
  );
  await ok(admin.post('/v3/chats/qc-task/status', { ids: [live.id], status: 'ACTIVE' }));
  const offline = await ok(
    admin.post('/v3/chats/qc-task/create', {
      name: '离线对照',
      type: 'OFFLINE_TEXT',
      schemeId: scheme.schemeId,
      lineIds: [String(offlineLine)],
    }),
  );
  await ok(admin.post('/v3/chats/qc-task/status', { ids: [offline.id], status: 'ACTIVE' }));
  await send(feeder, [ev.status(desk.agentIds[0]!, 'ONLINE', Date.UTC(2018, 0, 1))]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('alarms as messages arrive', () => {
  it('raises one alarm per rule and session, on the message that made it hit, on the serving agent', async () => {
    const [a1] = desk.agentIds;
    const now = Date.now();
    await send(feeder, [ev.open('rt-1', desk.lineId, now - 5000), ev.say('rt-1', 'CUSTOMER', '你好', now - 4000)]);
    await settle();
    expect(await alarmsOf(a1!)).toEqual([]);
    await send(feeder, [ev.say('rt-1', 'AGENT', '非常抱歉让您久等了', now - 3000)]);
    await settle();
    await send(feeder, [ev.say('rt-1', 'CUSTOMER', '我要投诉你们', now - 2000)]);
    await settle();
    // the same rules hit again: no second alarm
    await send(feeder, [
      ev.say('rt-1', 'CUSTOMER', '一定投诉', now - 1000),
      ev.say('rt-1', 'AGENT', '对不起', now - 500),
    ]);
    await settle();
    const alarms = await alarmsOf(a1!);
    expect(alarms.map((a: Json) => [a.reason, a.messageSeq, a.ruleId])).toEqual([
      ['投诉风险：投诉', 2, scheme.complaint],
      ['致歉用语：抱歉', 1, scheme.apology],
    ]);
    expect(alarms[0]).toMatchObject({
      agentId: String(a1),
      sessionId: 'rt-1',
      chatId: 'rt-1',
      type: 'QC_RULE',
      source: TASK,
      handledTime: null,
      alarmTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
  });

  it('watches only the task’s lines', async () => {
    // a second line (routing nowhere, so served in any group): no task watches it
    const other = await makeDesk(t.database.db, org, { agents: [], groups: [] });
    const now = Date.now();
    await send(feeder, [ev.open('rt-other', other.lineId, now - 2000), ev.say('rt-other', 'CUSTOMER', '投诉', now)]);
    await settle();
    const [served] = await t.database.db
      .select({ agentId: chatSessions.agentId })
      .from(chatSessions)
      .where(and(eq(chatSessions.organizationId, org), eq(chatSessions.sessionId, 'rt-other')));
    expect(served!.agentId).toBe(desk.agentIds[0]);
    const alarms = await alarmsOf(desk.agentIds[0]!);
    expect(alarms.length).toBeGreaterThan(0);
    expect(alarms.filter((a: Json) => a.sessionId === 'rt-other')).toEqual([]);
  });

  it('answers 404 for an agent of another organisation, and needs monitor-agent.view', async () => {
    const { outsider } = await organisationWith(t, 'realtime-qc-away', { outsider: ['*'] });
    const res = await outsider.post('/v3/chats/monitor/alarm', {}, { query: { agentId: String(desk.agentIds[0]) } });
    expect(res.statusCode).toBe(404);
    const denied = await feeder.post('/v3/chats/monitor/alarm', {}, { query: { agentId: String(desk.agentIds[0]) } });
    expect(denied.statusCode).toBe(403);
  });

  it('lands an alarm within a second of its message on a small desk (printed)', async () => {
    const [a1] = desk.agentIds;
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = `rt-latency-${i}`;
      await send(feeder, [ev.open(id, desk.lineId, Date.now() - 1000), ev.say(id, 'CUSTOMER', '你好', Date.now())]);
      await settle();
      const raised = new Promise<number>((resolve) => {
        const stop = t.app.liveUpdates.subscribe(org, (changes) => {
          if (changes.some((c) => c.kind === 'alarm')) {
            stop();
            resolve(performance.now());
          }
        });
      });
      const sent = performance.now();
      await send(feeder, [ev.say(id, 'CUSTOMER', '你们就是骗子', Date.now())]);
      timings.push((await raised) - sent);
    }
    await settle();
    const alarms = await alarmsOf(a1!);
    expect(alarms.filter((a: Json) => a.sessionId.startsWith('rt-latency-')).map((a: Json) => a.reason)).toEqual(
      Array(5).fill('辱骂：骗子'),
    );
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `real-time QC alarm latency (message POSTed → alarm notice), PGlite, 5 sessions: median ${sorted[2]!.toFixed(1)} ms, max ${sorted[4]!.toFixed(1)} ms`,
    );
    // generous: the figure is printed; a second is the requirement on a quiet machine
    expect(sorted[4]).toBeLessThan(5000);
  });
});

describe('GET /v3/chats/monitor/stream', () => {
  it('pushes change notices of feed batches and alarms to a signed-in watcher of the organisation', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/v3/chats/monitor/stream`, {
      headers: { cookie: watcher.cookie },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    await until(/event: ready/);
    const now = Date.now();
    await send(feeder, [ev.open('rt-stream', desk.lineId, now - 1000), ev.say('rt-stream', 'CUSTOMER', '垃圾', now)]);
    await until(/"kind":"alarm"/);
    const notices = text
      .split('\n\n')
      .filter((block) => block.startsWith('event: change'))
      .map((block) => JSON.parse(block.split('\ndata: ')[1]!));
    expect(notices).toContainEqual({ kind: 'session', ids: ['rt-stream'] });
    expect(notices).toContainEqual(expect.objectContaining({ kind: 'agent', ids: [String(desk.agentIds[0])] }));
    expect(notices).toContainEqual(
      expect.objectContaining({ kind: 'alarm', agentIds: [String(desk.agentIds[0])], ids: [expect.any(String)] }),
    );
    abort.abort();
    const signedOut = await fetch(`http://127.0.0.1:${port}/v3/chats/monitor/stream`);
    expect(signedOut.status).toBe(401);
  });
});

describe('the final result when the session closes', () => {
  it('equals the offline inspection of the same STC-3 session, fed message by message', async () => {
    const dialogues = stc3Sessions(8);
    const [a1] = desk.agentIds;
    for (const s of dialogues) {
      const first = s.messages[0]!.sendTime;
      await send(feeder, [ev.open(`live-${s.sessionId}`, desk.lineId, first - 1000)]);
      for (const m of s.messages)
        await send(feeder, [
          {
            type: 'MESSAGE',
            eventId: `live-${m.messageId}`,
            at: m.sendTime,
            sessionId: `live-${s.sessionId}`,
            messageId: m.messageId,
            senderRole: m.senderRole,
            content: m.content,
          },
        ]);
      await send(feeder, [ev.close(`live-${s.sessionId}`, s.messages.at(-1)!.sendTime + 1000)]);
    }
    const twins = dialogues.map((s) => ({
      ...s,
      sessionId: `off-${s.sessionId}`,
      chatId: `off-${s.chatId}`,
      lineId: offlineLine,
      lineName: '离线线路',
      agentId: a1,
      agentName: 'Agent 1',
      agentNick: '坐席1',
      status: 'CLOSED',
      messages: s.messages.map(({ sessionId: _s, chatId: _c, ...m }) => m),
    }));
    await ok(admin.post('/v3/chats/session/import', twins));
    await settle();
    const results = await t.database.db
      .select()
      .from(aiResults)
      .where(
        and(
          eq(aiResults.organizationId, org),
          inArray(aiResults.sessionId, [
            ...dialogues.map((s) => `live-${s.sessionId}`),
            ...twins.map((s) => s.sessionId),
          ]),
        ),
      );
    const judged = (sessionId: string) => {
      const row = results.find((r) => r.sessionId === sessionId);
      expect(row, sessionId).toBeDefined();
      return {
        schemeId: row!.schemeId,
        aiScore: row!.aiScore,
        aiStatus: row!.aiStatus,
        isVeto: row!.isVeto,
        resultRules: row!.resultRules,
        censorBanIds: row!.censorBanIds,
      };
    };
    for (const s of dialogues) expect(judged(`live-${s.sessionId}`), s.sessionId).toEqual(judged(`off-${s.sessionId}`));
    // the comparison means something: some of these sessions hit rules
    expect(results.some((r) => r.resultRules.length > 0)).toBe(true);
  }, 120_000);
});
