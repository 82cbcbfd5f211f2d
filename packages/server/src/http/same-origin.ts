import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request a browser sent from another site. SameSite=Lax cookies do not stop another port
 * of the same host or a sibling sub-domain, so a request that carries a foreign `Origin` (or, without one, a foreign
 * `Referer`) is refused with 403 before it is read. Bearer-token calls are exempt: a browser never adds that header
 * on its own. A request with neither header is let through: browsers send `Origin` on every cross-site POST, so only
 * non-browser clients (curl, services) come without.
 */
export function registerSameOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return;
    const from = senderOrigin(request);
    if (from === null || allowed.has(from) || sameHost(from, request)) return;
    throw new ApiError(
      403,
      'CROSS_SITE_REQUEST',
      `拒绝来自其他站点的请求：${from} 不是本控制台的地址`,
      `cross-site request refused: ${from} is not this console`,
    );
  });
}

/** The origin the browser says the request comes from: `Origin`, else the origin of `Referer`; null when neither. */
function senderOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== '') return origin;
  const referer = request.headers.referer;
  if (referer === undefined || referer === '') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Whether `origin` is the console itself: the same host and port as the request was sent to (`Host`, or with
 * QCDESK_TRUST_PROXY the proxy's `X-Forwarded-Host`). The scheme is not compared: behind a TLS proxy the browser
 * says https while the server hears http, and no other site can answer on the same host and port. `Origin: null`
 * (sandboxed frames, file pages) is never the console.
 */
function sameHost(origin: string, request: FastifyRequest): boolean {
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false;
  }
  if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
  const own = request.host;
  if (own === '') return false;
  return withPort(from.host, from.protocol) === withPort(own.toLowerCase(), from.protocol);
}

/** `host` with its port spelt out, so that `example.com` and `example.com:443` over https compare equal. */
function withPort(host: string, protocol: string): string {
  if (/:\d+$/.test(host)) return host;
  return `${host}:${protocol === 'https:' ? 443 : 80}`;
}
