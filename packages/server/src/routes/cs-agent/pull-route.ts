import { type CsAgentPullAnswer, csAgentPullAnswerSchema, csAgentPullQuerySchema } from '@qcdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { CallPlatformError } from '../../desk/call-platform/adapter.js';
import { configuredPlatforms } from '../../desk/call-platform/platforms.js';
import { pullAgents } from '../../desk/call-platform/pull-agents.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';

/**
 * /pull?platform=: reads the configured platform's agent export and upserts the organisation's agents by their
 * platform id (desk/call-platform/pull-agents.ts).
 */
export function agentPullRoute(app: FastifyInstance): void {
  const { db } = app.deps;
  defineRoute(
    app,
    {
      path: '/v3/chats/cs-agent/pull',
      query: csAgentPullQuerySchema,
      body: noBody,
      summary:
        'pull agents from a configured call platform (QCDESK_CALL_PLATFORMS): upserts by the platform’s agent id, answers created, updated and the failed rows with their line',
      response: csAgentPullAnswerSchema,
      tags: ['cs-agent'],
    },
    async ({ query, auth }): Promise<CsAgentPullAnswer> => {
      const platforms = configuredPlatforms();
      const adapter = platforms.get(query.platform);
      if (adapter === undefined)
        throw ApiError.of(
          400,
          'UNKNOWN_PLATFORM',
          'desk.agent.platformUnknown',
          { platform: query.platform, platforms: [...platforms.keys()].join(', ') || '-' },
          'platform',
        );
      let rows: Awaited<ReturnType<typeof adapter.readAgents>>;
      try {
        rows = await adapter.readAgents();
      } catch (error) {
        if (!(error instanceof CallPlatformError)) throw error;
        throw ApiError.of(
          502,
          'PLATFORM_UNREADABLE',
          'desk.agent.platformUnreadable',
          { platform: query.platform, reason: error.message },
          'platform',
        );
      }
      const { created, updated, failed } = await pullAgents(db, auth, query.platform, rows);
      return { platform: query.platform, created, updated, failed };
    },
  );
}
