import { randomUUID } from 'node:crypto';
import {
  formatMessage,
  LIMITS,
  transferAgentSchema,
  transferAgentsQuerySchema,
  transferAnswerSchema,
  transferBodySchema,
} from '@qcdesk/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { agentAlarms } from '../../db/schema/index.js';
import { ApiError, languageOf } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import { agentStates } from '../../live/desk-state.js';
import { type ChatSession, sessionOfChat, transferGroups } from '../../live/transfer-targets.js';

const SESSION = { zh: '会话', en: 'Session' } as const;

/** Where a refusal of the feed points in the event, as a field of the transfer request. */
const FIELD_OF_EVENT: Readonly<Record<string, string>> = {
  sessionId: 'chatId',
  agentId: 'agentId',
  groupId: 'groupId',
};

/**
 * Forced transfer (tickets spec §2 "Agent transfer dialog", §5, §7): the chat moves to a skill group (its agents take
 * it by the group's rule, or it waits in the group's queue) or straight to an agent who is ONLINE and below his
 * ceiling. It is a SESSION_TRANSFERRED event sent through the app's live feed like any desk's, so receptions, the
 * queue, the session's history (live_events, with remark and who) and every follower of the feed see it.
 */
export async function transferRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;

  defineRoute(
    app,
    {
      path: '/v3/chatting/transfer',
      body: transferBodySchema,
      summary:
        "force-transfer a live chat (chatId) to a skill group it may go to (groupId, from /v3/chats/cs-group/select) or to an agent (agentId: ONLINE, below his ceiling, of groupId when given), with a remark of at most 200; a missing target is 400 'Please select the target skill group' / 'Please select the target agent'. Answers where the chat went and 'transfer succeeded'",
      response: transferAnswerSchema,
      errors: [404],
      tags: ['monitor'],
    },
    async ({ body, auth, request }) => {
      const lang = languageOf(request.headers['accept-language']);
      const session = await sessionOfChat(db, auth.organizationId, body.chatId);
      if (session === null) throw notFound(SESSION, body.chatId);
      // only a chat going on now moves (the feed says so too; this says it before the targets are looked at)
      if (session.liveSeq === null)
        throw ApiError.of(400, 'SESSION_UNKNOWN', 'live.sessionUnknown', { id: session.sessionId }, 'chatId');
      if (session.status === 'CLOSED')
        throw ApiError.of(400, 'SESSION_CLOSED', 'live.sessionClosed', { id: session.sessionId }, 'chatId');
      const toAgent = (body.transferTo ?? (body.agentId ? 'AGENT' : 'GROUP')) === 'AGENT';
      if (body.groupId) await offeredGroup(session, body.groupId);
      if (toAgent && body.groupId) {
        const group = (await transferGroups(db, auth.organizationId, session.lineId, LIMITS.topLookup)).find(
          (g) => String(g.id) === body.groupId,
        )!;
        if (!group.agentIds.includes(dbId(body.agentId!) ?? -1))
          throw ApiError.of(400, 'INVALID_REFERENCE', 'transfer.agentNotInGroup', { id: body.agentId! }, 'agentId');
      }
      const target = toAgent ? { agentId: body.agentId! } : { groupId: body.groupId! };
      const answer = await app.liveFeed.accept(
        auth.organizationId,
        [
          {
            type: 'SESSION_TRANSFERRED',
            // ids of the console's own transfers; a platform's events use its own
            eventId: `transfer:${randomUUID()}`,
            at: Date.now(),
            sessionId: session.sessionId,
            ...target,
            ...(body.remark ? { remark: body.remark } : {}),
            by: auth.name || auth.username,
          },
        ],
        lang,
      );
      const result = answer.results[0]!;
      if (result.outcome !== 'ACCEPTED') {
        const field = FIELD_OF_EVENT[(result.field ?? '').replace(/^events\[0\]\.?/, '')] ?? 'chatId';
        const message = result.message ?? result.code ?? 'REFUSED';
        throw ApiError.badRequest(result.code ?? 'TRANSFER_REFUSED', message, message, field);
      }
      // someone acted on the chat: its alarms are handled
      await db
        .update(agentAlarms)
        .set({ handledTime: new Date() })
        .where(
          and(
            eq(agentAlarms.organizationId, auth.organizationId),
            eq(agentAlarms.sessionId, session.sessionId),
            isNull(agentAlarms.handledTime),
          ),
        );
      const moved = (await sessionOfChat(db, auth.organizationId, body.chatId))!;
      return {
        sessionId: moved.sessionId,
        chatId: moved.chatId,
        agentId: moved.agentId === null ? null : String(moved.agentId),
        groupId: moved.groupId === null ? null : String(moved.groupId),
        queued: moved.agentId === null,
        message: formatMessage('transfer.succeeded', lang),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chatting/transfer/agents',
      query: transferAgentsQuerySchema,
      body: noBody,
      summary:
        'the agents of a skill group (groupId, one the chat may go to) the chat (chatId) may be transferred to now: ONLINE, below their reception ceiling, not the agent serving it; by fewest receptions',
      response: z.array(transferAgentSchema),
      errors: [404],
      tags: ['monitor'],
    },
    async ({ query, auth }) => {
      const session = await sessionOfChat(db, auth.organizationId, query.chatId);
      if (session === null) throw notFound(SESSION, query.chatId);
      const group = await offeredGroup(session, query.groupId);
      const states = await agentStates(db, auth.organizationId, {
        timeZone: config.timeZone,
        agentIds: group.agentIds,
        statuses: ['ONLINE'],
      });
      return states
        .filter((a) => a.receptions < a.capacity && a.agentId !== session.agentId)
        .sort((a, b) => a.receptions - b.receptions || a.agentId - b.agentId)
        .map((a) => ({
          id: String(a.agentId),
          name: a.name,
          nick: a.nick,
          workNo: a.workNo,
          receptions: a.receptions,
          capacity: a.capacity,
        }));
    },
  );

  /** The group, if the chat may go to it (what /v3/chats/cs-group/select offers); else 400 on groupId. */
  async function offeredGroup(session: ChatSession, groupId: string) {
    const offered = await transferGroups(db, session.organizationId, session.lineId, LIMITS.topLookup);
    const group = offered.find((g) => String(g.id) === groupId);
    if (group === undefined)
      throw ApiError.of(400, 'INVALID_REFERENCE', 'transfer.groupNotOffered', { id: groupId }, 'groupId');
    return group;
  }
}
