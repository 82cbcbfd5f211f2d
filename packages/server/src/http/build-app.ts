import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { okAnswerSchema } from '@qcdesk/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAuthHook } from '../auth/auth-hook.js';
import type { ServerConfig } from '../config/server-config.js';
import type { Database } from '../db/connect.js';
import { liveFeedRoutes } from '../live/feed-routes.js';
import { attachLiveFeed } from '../live/live-feed.js';
import { attachLiveUpdates } from '../live/live-updates.js';
import { monitorRoutes } from '../live/monitor-routes.js';
import { aiPlatformRoutes } from '../routes/ai-platform/index.js';
import { aiResultRoutes, overviewRoute } from '../routes/ai-result/index.js';
import { appRoutes } from '../routes/app/index.js';
import { authRoutes } from '../routes/auth/index.js';
import { censorBanRoutes } from '../routes/censor-ban/index.js';
import { censorLogRoutes } from '../routes/censor-log/index.js';
import { chatbotRoutes } from '../routes/chatbot/index.js';
import { complaintRoutes } from '../routes/complaint/index.js';
import { csAgentRoutes } from '../routes/cs-agent/index.js';
import { csGroupRoutes } from '../routes/cs-group/index.js';
import { csLineRoutes } from '../routes/cs-line/index.js';
import { csNavRoutes } from '../routes/cs-nav/index.js';
import { csTimeRoutes } from '../routes/cs-time/index.js';
import { customFieldRoutes } from '../routes/custom-field/index.js';
import { docsRoutes } from '../routes/docs/index.js';
import { fileRoutes } from '../routes/files/index.js';
import { monitorLiveRoutes } from '../routes/monitor-live/index.js';
import { manualResultRoutes } from '../routes/qc-manual-result/index.js';
import { qcRuleRoutes } from '../routes/qc-rule/index.js';
import { qcSchemeRoutes } from '../routes/qc-scheme/index.js';
import { qcTaskRoutes } from '../routes/qc-task/index.js';
import { scoreConfigRoutes } from '../routes/score-config/index.js';
import { sessionRoutes } from '../routes/sessions/index.js';
import { spaceRoutes } from '../routes/space/index.js';
import { summaryConfigRoutes } from '../routes/summary-config/index.js';
import { taskGroupRoutes } from '../routes/task-group/index.js';
import { taskKindRoutes } from '../routes/task-kind/index.js';
import { taskStateRoutes } from '../routes/task-state/index.js';
import { ticketRoutes } from '../routes/ticket/index.js';
import { transferRoutes } from '../routes/transfer/index.js';
import { peopleRoutes } from '../routes/users/index.js';
import { attachTaskRunner } from '../tasks/attach-task-runner.js';
import { attachRealtimeQc } from '../tasks/realtime-qc.js';
import { ApiError, errorBody, languageOf } from './api-error.js';
import { defineRoute, JSON_BODY_LIMIT } from './define-route.js';
import { registerErrorHandler } from './error-handler.js';
import { registerSameOriginCheck } from './same-origin.js';
import { registerSecurityHeaders } from './security-headers.js';
import { serveWorkbench } from './serve-workbench.js';

export interface AppDependencies {
  readonly db: Database;
  readonly config: ServerConfig;
  /** where the log goes (default stdout), e.g. a test's own stream */
  readonly logStream?: { write(line: string): void };
  /**
   * Tests: every JSON answer is checked against its route's response schema, and one that does not fit fails the
   * call (500, logged with the path and the first problems), so the contracts and the handlers cannot drift apart.
   */
  readonly checkAnswers?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDependencies;
  }
}

/**
 * The console's HTTP API. Areas register their routes as plugins; errors of every kind leave as
 * `{code, message, field?}` with a fitting status.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream === undefined ? {} : { stream: deps.logStream }),
      // never the session cookie or a bearer token in the log
      redact: ['req.headers.cookie', 'req.headers.authorization'],
    },
    genReqId: () => randomUUID(),
    bodyLimit: JSON_BODY_LIMIT,
    // off unless QCDESK_TRUST_PROXY says a proxy stands in front: then request.ip, .protocol and .host are the client's
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });
  app.decorate('deps', deps);
  app.decorateRequest('auth', null);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app);
  registerSameOriginCheck(app, config.allowedOrigins);
  registerAuthHook(app);
  registerErrorHandler(app);
  app.setNotFoundHandler((request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    const missing = new ApiError(
      404,
      'NO_SUCH_ROUTE',
      `没有这个接口：${request.method} ${request.url}`,
      `no such route: ${request.method} ${request.url}`,
    );
    return reply.status(404).send(errorBody(missing, language));
  });

  defineRoute(
    app,
    { path: '/v3/health', body: z.object({}).loose(), summary: 'liveness', response: okAnswerSchema },
    () => ({ ok: true }) as const,
  );
  // one plugin per area
  await app.register(authRoutes);
  await app.register(qcSchemeRoutes);
  await app.register(qcRuleRoutes);
  // sessions in, QC tasks run them, AI results out
  attachTaskRunner(app);
  await app.register(sessionRoutes);
  await app.register(qcTaskRoutes);
  await app.register(aiResultRoutes);
  await app.register(overviewRoute);
  await app.register(manualResultRoutes);
  await app.register(complaintRoutes);
  await app.register(fileRoutes);
  // desk staffing: service times, skill groups, agents
  await app.register(csTimeRoutes);
  await app.register(csGroupRoutes);
  await app.register(csAgentRoutes);
  // the live desk: sessions, messages and agents' presence as they happen (issue 20)
  attachLiveFeed(app);
  await app.register(liveFeedRoutes);
  // its change notices, real-time QC on it, and forced transfers through it
  attachLiveUpdates(app);
  attachRealtimeQc(app);
  await app.register(monitorLiveRoutes);
  await app.register(transferRoutes);
  // the monitors of agents, groups and queues read what the feed keeps
  await app.register(monitorRoutes);
  // chatbots and the AI platforms they call
  await app.register(aiPlatformRoutes);
  await app.register(chatbotRoutes);
  // the spaces, ticket kinds and apps that lines and chatbots point at
  await app.register(spaceRoutes);
  await app.register(taskKindRoutes);
  await app.register(ticketRoutes);
  await app.register(taskStateRoutes);
  await app.register(taskGroupRoutes);
  await app.register(appRoutes);
  // custom fields and the service summaries made of them
  await app.register(customFieldRoutes);
  await app.register(summaryConfigRoutes);
  // satisfaction configs, which lines bind
  await app.register(scoreConfigRoutes);
  // navigations, which lines bind
  await app.register(csNavRoutes);
  // service lines, their authorisation panels and the satisfaction check
  await app.register(csLineRoutes);
  await app.register(censorBanRoutes);
  await app.register(censorLogRoutes);
  await app.register(peopleRoutes);
  await app.register(docsRoutes);
  await serveWorkbench(app);
  return app;
}

/** Trusts the last `hops` entries of X-Forwarded-For (the proxies in front of us), never what the client wrote. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
