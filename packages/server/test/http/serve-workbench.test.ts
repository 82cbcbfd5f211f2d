import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWorkbench } from '../../src/http/serve-workbench.js';

// A build as `npm run build` leaves it: index.html and hashed assets, each with its .br and .gz beside it, plus a
// hashed file the build did not compress (too small) and an unhashed one.
const MAIN = `console.log(${JSON.stringify('质检控制台 '.repeat(400))});\n`;
const CSS = `body { color: #222; }\n${'.row { padding: 4px; }\n'.repeat(200)}`;
const INDEX = `<!doctype html><html lang="zh-CN"><head><script type="module" src="./assets/index-Dpu-xFvz.js"></script></head><body><div id="root"></div>${'<!-- -->'.repeat(100)}</body></html>`;
const SMALL = 'export const x = 1;\n';

let root: string;
let app: FastifyInstance;

function writeWithCompressed(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'qcdesk-dist-'));
  mkdirSync(join(root, 'assets'));
  writeWithCompressed(join(root, 'index.html'), INDEX);
  writeWithCompressed(join(root, 'assets', 'index-Dpu-xFvz.js'), MAIN);
  writeWithCompressed(join(root, 'assets', 'index-Bp-CpzYm.css'), CSS);
  writeFileSync(join(root, 'assets', 'noop-mXPS5vjY.js'), SMALL);
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n');
  app = Fastify();
  expect(await serveWorkbench(app, root)).toBe(true);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('serving the built workbench', () => {
  it('sends brotli to a browser that accepts it, with the type, length and vary of the file', async () => {
    const res = await get('/assets/index-Dpu-xFvz.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('accept-encoding');
    const br = statSync(join(root, 'assets', 'index-Dpu-xFvz.js.br')).size;
    expect(res.headers['content-length']).toBe(String(br));
    expect(br).toBeLessThan(MAIN.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(MAIN);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get('/assets/index-Bp-CpzYm.css', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(statSync(join(root, 'assets', 'index-Bp-CpzYm.css.gz')).size));
    expect(gunzipSync(res.rawPayload).toString()).toBe(CSS);
  });

  it('sends the plain file to a client that accepts no encoding, still varying on accept-encoding', async () => {
    const clients: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
    for (const headers of clients) {
      const res = await get('/assets/index-Dpu-xFvz.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(MAIN)));
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.body).toBe(MAIN);
    }
  });

  it('sends the plain file when the build has no compressed copy of it', async () => {
    const res = await get('/assets/noop-mXPS5vjY.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SMALL);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets browsers keep hashed assets for a year, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      for (const url of ['/assets/index-Dpu-xFvz.js', '/assets/index-Bp-CpzYm.css']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const res = await get(url, headers);
        expect(res.headers['cache-control'], `${url} ${encoding}`).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('has index.html revalidated: no-cache with an ETag, and 304 when it has not changed', async () => {
    for (const encoding of ['br', '']) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const first = await get('/', headers);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(first.headers['content-encoding']).toBe(encoding || undefined);
      expect(first.headers['last-modified']).toBeTruthy();
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await get('/', { ...headers, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['cache-control']).toBe('no-cache');
      const byName = await get('/index.html', headers);
      expect(byName.headers['cache-control']).toBe('no-cache');
    }
    // the brotli and the plain index.html are different bytes: their ETags differ, so a cache never mixes them
    const br = await get('/', { 'accept-encoding': 'br' });
    const plain = await get('/');
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });

  it('has unhashed files revalidated too', async () => {
    const res = await get('/robots.txt', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves nothing when the workbench is not built', async () => {
    const bare = Fastify();
    expect(await serveWorkbench(bare, join(root, 'missing'))).toBe(false);
    await bare.close();
  });
});
