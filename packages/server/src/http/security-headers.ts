import type { FastifyInstance } from 'fastify';

/**
 * What the console's pages may do. Scripts, workers (Monaco's, the replay pool's) and fonts come from the server
 * itself (Monaco is bundled, never from a CDN); styles may be inline because Mantine and Monaco inject theirs at run
 * time; no page may be framed (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** HSTS for a year once the console is reached over HTTPS (directly or, with QCDESK_TRUST_PROXY, via a proxy). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Security headers on every answer, the API's and the workbench's files alike. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    // same-origin: our own requests keep their Referer (the cross-site check reads it), others get none
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-request-id', String(request.id));
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    return payload;
  });
}
