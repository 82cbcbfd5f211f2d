import { createHash, randomBytes } from 'node:crypto';

/** A new secret (session cookie or bearer token): 32 random bytes, URL-safe. Only its hash is stored. */
export function newSecret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** SHA-256 of a secret: enough for 256-bit random values, and a stolen table gives no usable cookie or token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export const SESSION_COOKIE = 'qcdesk_session';
/** a signed-in browser stays signed in for 12 hours */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** bearer tokens start with this, so a leaked one is easy to recognise in logs and scanners */
export const API_TOKEN_PREFIX = 'qcd_';
