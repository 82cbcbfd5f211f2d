import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built workbench (workbench/dist), so that one process on one port is the whole product. */
export const WORKBENCH_DIST = fileURLToPath(new URL('../../../../workbench/dist', import.meta.url));

export async function serveWorkbench(app: FastifyInstance, root = WORKBENCH_DIST): Promise<boolean> {
  if (!existsSync(root)) return false;
  // Hash routes: every screen is index.html#/..., so plain static files are all the console needs.
  await app.register(fastifyStatic, { root, prefix: '/', index: ['index.html'], wildcard: true });
  return true;
}
