import fastifyCookie from '@fastify/cookie';
import { okAnswerSchema } from '@qcdesk/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAuthHook } from '../auth/auth-hook.js';
import type { ServerConfig } from '../config/server-config.js';
import type { Database } from '../db/connect.js';
import { aiResultRoutes } from '../routes/ai-result/index.js';
import { authRoutes } from '../routes/auth/index.js';
import { complaintRoutes } from '../routes/complaint/index.js';
import { docsRoutes } from '../routes/docs/index.js';
import { fileRoutes } from '../routes/files/index.js';
import { manualResultRoutes } from '../routes/qc-manual-result/index.js';
import { qcRuleRoutes } from '../routes/qc-rule/index.js';
import { qcSchemeRoutes } from '../routes/qc-scheme/index.js';
import { qcTaskRoutes } from '../routes/qc-task/index.js';
import { sessionRoutes } from '../routes/sessions/index.js';
import { attachTaskRunner } from '../tasks/attach-task-runner.js';
import { ApiError, errorBody, languageOf } from './api-error.js';
import { defineRoute } from './define-route.js';
import { serveWorkbench } from './serve-workbench.js';

export interface AppDependencies {
  readonly db: Database;
  readonly config: ServerConfig;
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
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  app.decorate('deps', deps);
  app.decorateRequest('auth', null);
  await app.register(fastifyCookie);
  registerAuthHook(app);

  app.setErrorHandler((error, request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    if (error instanceof ApiError) return reply.status(error.status).send(errorBody(error, language));
    const fastifyError = error as { statusCode?: number; code?: string; message?: string };
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      const bad = ApiError.badRequest(
        'INVALID_JSON',
        `请求体不是合法的 JSON：${fastifyError.message}`,
        `the body is not valid JSON: ${fastifyError.message}`,
      );
      return reply.status(400).send(errorBody(bad, language));
    }
    if (fastifyError.statusCode !== undefined && fastifyError.statusCode < 500) {
      const other = new ApiError(
        fastifyError.statusCode,
        fastifyError.code ?? 'BAD_REQUEST',
        fastifyError.message ?? '请求有误',
        fastifyError.message ?? 'bad request',
      );
      return reply.status(other.status).send(errorBody(other, language));
    }
    request.log.error(error);
    const internal = new ApiError(500, 'INTERNAL', '服务器内部错误', 'internal server error');
    return reply.status(500).send(errorBody(internal, language));
  });
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
    () => ({
      ok: true,
    }),
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
  await app.register(manualResultRoutes);
  await app.register(complaintRoutes);
  await app.register(fileRoutes);
  await app.register(docsRoutes);
  await serveWorkbench(app);
  return app;
}
