import { FEED_LIMITS, feedAnswerSchema, feedBatchSchema, feedEventSchema } from '@qcdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { languageOf } from '../http/api-error.js';
import { defineRoute } from '../http/define-route.js';

/** 1,000 events with their messages: far above an ordinary body's 1 MB */
const FEED_BODY_LIMIT = 16 * 1024 * 1024;

/** The live feed: POST /v3/feed/live/events, into the app's feed (attachLiveFeed). */
export async function liveFeedRoutes(app: FastifyInstance): Promise<void> {
  const feed = app.liveFeed;
  defineRoute(
    app,
    {
      path: '/v3/feed/live/events',
      body: feedBatchSchema,
      bodyDoc: {
        'application/json': z.object({ events: z.array(feedEventSchema).min(1).max(FEED_LIMITS.batchMax) }),
      },
      summary: `a batch of live events (at most ${FEED_LIMITS.batchMax}): sessions opening, messages, transfers, closes and agents' presence, each stored once by eventId and applied in order per session; the desk assigns or queues sessions and says so in \`desk\`. Answers each event ACCEPTED (with its place in its session), DUPLICATE or REFUSED (code, message and JSON path)`,
      response: feedAnswerSchema,
      tags: ['live'],
      bodyLimit: FEED_BODY_LIMIT,
      errors: [413],
      // each event is checked on its own: one with text the database cannot store is refused, the others go on
      checksEachRecord: true,
    },
    async ({ body, auth, request }) =>
      feed.accept(auth.organizationId, body.events, languageOf(request.headers['accept-language'])),
  );
}
