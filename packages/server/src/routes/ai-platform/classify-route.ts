import { modelClassifyAnswerSchema, modelClassifySchema } from '@qcdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route.js';
import { classifyForOrganisation } from '../../models/qc-model-providers.js';

/**
 * POST /v3/feed/ai-platform/classify — texts labelled by the organisation's QC model (its AI platform, behind the
 * circuit breaker that falls back to the built-in model), for the replay tester: the browser cannot reach the
 * platform, and its key stays here. `modelId` names the configured model; `fallback` says the built-in one answered.
 */
export function classifyRoute(app: FastifyInstance): void {
  const { db } = app.deps;
  defineRoute(
    app,
    {
      path: '/v3/feed/ai-platform/classify',
      body: modelClassifySchema,
      summary:
        "labels of texts from the organisation's QC model (newest live non-BUILTIN AI platform, else built-in), for the replay tester",
      response: modelClassifyAnswerSchema,
      tags: ['ai-platform'],
    },
    async ({ body, auth }) => {
      const answer = await classifyForOrganisation(db, auth.organizationId, body.task, body.texts);
      return {
        labels: answer.labels,
        modelId: answer.configured,
        fallback: answer.fallback,
        builtin: answer.builtin,
      };
    },
  );
}
