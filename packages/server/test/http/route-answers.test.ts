import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppDependencies } from '../../src/http/build-app.js';
import { defineRoute } from '../../src/http/define-route.js';

const answer = z.object({ ok: z.literal(true), ids: z.array(z.string()) });

/** A route's handler is held to its response schema: by the compiler, and in tests at run time. */
describe('a route answers what its response schema says', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.decorate('deps', { checkAnswers: true } as AppDependencies);
    defineRoute(app, { path: '/right', access: { public: true }, summary: 'right', response: answer }, () => ({
      ok: true as const,
      ids: ['1'],
    }));
    defineRoute(
      app,
      { path: '/wrong', access: { public: true }, summary: 'wrong', response: answer },
      // @ts-expect-error: ids must be strings; the compiler refuses the handler
      () => ({ ok: true as const, ids: [1] }),
    );
    defineRoute(
      app,
      {
        path: '/trimmed',
        access: { public: true },
        summary: 'trimmed',
        body: z.object({ fields: z.array(z.string()) }),
        response: answer,
      },
      // typed as whole, as pickFields types a trimmed record
      () => ({ ok: true }) as z.input<typeof answer>,
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('passes an answer the schema accepts', async () => {
    const res = await app.inject({ method: 'POST', url: '/right', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, ids: ['1'] });
  });

  it('fails loudly, naming the path and the field, when a handler answers outside its schema', async () => {
    const res = await app.inject({ method: 'POST', url: '/wrong', payload: {} });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/^\/wrong answered outside its response schema: ids\.0: /);
  });

  it('does not check an answer trimmed to the requested fields', async () => {
    const res = await app.inject({ method: 'POST', url: '/trimmed', payload: { fields: ['ok'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
