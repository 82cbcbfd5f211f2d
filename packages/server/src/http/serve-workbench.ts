import { existsSync } from 'node:fs';
import { basename, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built workbench (workbench/dist), so that one process on one port is the whole product. */
export const WORKBENCH_DIST = fileURLToPath(new URL('../../../../workbench/dist', import.meta.url));

/** A year: a content-hashed file never changes under its name, so browsers keep it without asking again. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: kept, but revalidated (ETag / Last-Modified) before each use. */
export const REVALIDATED_CACHE = 'no-cache';

/** Vite's output names under assets/: `<name>-<8-character hash>.<ext>` (the hash may hold `-` and `_`). */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;
/** The precompressed siblings written at build time (workbench/build/precompress.ts). */
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

/** The Cache-Control of a file of the build, by its path on disk (a `.br` / `.gz` sibling counts as its original). */
export function cacheControlFor(root: string, file: string): string {
  const original = relative(root, file).replace(COMPRESSED_SUFFIX, '').split(sep).join('/');
  const hashed = original.startsWith('assets/') && HASHED_NAME.test(basename(original));
  return hashed ? HASHED_ASSET_CACHE : REVALIDATED_CACHE;
}

export async function serveWorkbench(app: FastifyInstance, root = WORKBENCH_DIST): Promise<boolean> {
  if (!existsSync(root)) return false;
  // Hash routes: every screen is index.html#/..., so plain static files are all the console needs.
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    wildcard: true,
    // the build's .br / .gz beside each file, chosen by Accept-Encoding (with `vary: accept-encoding`); the plain
    // file when the client accepts neither or the build has no compressed copy
    preCompressed: true,
    // ours below instead of the default `public, max-age=0`, which had browsers ask again for every hashed file
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(root, path));
    },
  });
  return true;
}
