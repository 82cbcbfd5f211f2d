import { agentAlarmSchema, alarmQuerySchema, type LiveChange } from '@qcdesk/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { agentAlarms, chatSessions, csAgents } from '../../db/schema/index.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import { formatTime } from '../../http/time-zone.js';

const AGENT = { zh: '坐席', en: 'Agent' } as const;
/** An agent's alarms the alarm tab lists at most, newest first. */
export const ALARMS_MAX = 500;
/** A comment line keeps idle connections (and proxies) from timing the stream out. */
const KEEP_ALIVE_MS = 25_000;

/**
 * What the monitors read live (issue 20): an agent's alarms (tickets spec §2 the detail's "alarm" tab, §7
 * /v3/chats/monitor/alarm) and the change notices of the desk as server-sent events (ours: the spec refreshes by
 * button; a monitor may switch live updates on).
 */
export async function monitorLiveRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;

  defineRoute(
    app,
    {
      path: '/v3/chats/monitor/alarm',
      query: alarmQuerySchema,
      body: noBody,
      summary: `an agent's alarms (agentId), newest first, at most ${ALARMS_MAX}: session, type (QC_RULE raised by real-time QC), source (the task), rule, reason (the rule and the words that made it hit), the message, alarm time and when someone acted on it`,
      response: z.array(agentAlarmSchema),
      errors: [404],
      tags: ['monitor'],
    },
    async ({ query, auth }) => {
      const agentId = dbId(query.agentId) ?? -1;
      const [agent] = await db
        .select({ id: csAgents.id })
        .from(csAgents)
        .where(and(eq(csAgents.organizationId, auth.organizationId), eq(csAgents.id, agentId)));
      if (agent === undefined) throw notFound(AGENT, query.agentId);
      const rows = await db
        .select({ alarm: agentAlarms, chatId: chatSessions.chatId })
        .from(agentAlarms)
        .leftJoin(
          chatSessions,
          and(
            eq(chatSessions.organizationId, agentAlarms.organizationId),
            eq(chatSessions.sessionId, agentAlarms.sessionId),
          ),
        )
        .where(and(eq(agentAlarms.organizationId, auth.organizationId), eq(agentAlarms.agentId, agentId)))
        .orderBy(desc(agentAlarms.alarmTime), desc(agentAlarms.id))
        .limit(ALARMS_MAX);
      return rows.map(({ alarm, chatId }) => ({
        id: String(alarm.id),
        agentId: String(alarm.agentId),
        sessionId: alarm.sessionId,
        chatId,
        type: alarm.type,
        source: alarm.source,
        ruleId: alarm.ruleId === null ? null : String(alarm.ruleId),
        reason: alarm.reason,
        messageSeq: alarm.messageSeq,
        alarmTime: formatTime(alarm.alarmTime, config.timeZone)!,
        handledTime: formatTime(alarm.handledTime, config.timeZone),
      }));
    },
  );

  /** open streams, ended when the app closes (a stream never ends on its own) */
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/v3/chats/monitor/stream',
      summary:
        'the desk’s change notices as server-sent events (`event: change`, data {kind: agent | session | alarm | queue, ids?, agentIds?}): after every feed batch the agents, sessions and queue it changed, and every alarm real-time QC raises; the monitors read their pages again on a notice. A comment line every 25 s keeps the connection open',
      produces: 'text/event-stream',
      response: z
        .string()
        .meta({ description: 'text/event-stream: `event: ready`, then `event: change` with a JSON LiveChange each' }),
      tags: ['monitor'],
    },
    async ({ auth, reply, request }) => {
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // a proxy must pass each notice on at once
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      // the browser reconnects after 3 s when the connection drops; `ready` tells the page the stream is on
      out.write('retry: 3000\nevent: ready\ndata: {}\n\n');
      const send = (changes: readonly LiveChange[]) => {
        for (const change of changes) out.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
      };
      const stop = app.liveUpdates.subscribe(auth.organizationId, send);
      const beat = setInterval(() => out.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const end = () => {
        clearInterval(beat);
        stop();
        open.delete(end);
        if (!out.writableEnded) out.end();
      };
      open.add(end);
      request.raw.on('close', end);
      out.on('close', end);
      // the reply is hijacked: what the handler answers is never sent
      return '';
    },
  );
}
