/**
 * The server's secrets (docs/decisions/0180-security.md). AUTH_SECRET signs session cookies, keys
 * the digests of verification codes, signs guest ids and — unless CAPTCHA_SECRET is set — the
 * captcha challenges, through keys derived from it per purpose (HMAC-SHA256 of the purpose), so a
 * key leaked from one use says nothing about another.
 *
 * Production (NODE_ENV=production) refuses to start without a real AUTH_SECRET; scripts/server.mjs
 * checks before anything else (the rule lives with the configuration: src/server/config/index.ts). Outside production a missing AUTH_SECRET falls back to the
 * development secret (sessions survive restarts and several local nodes agree), while the captcha
 * — whose key must never be public — gets a random key per process.
 *
 * Pure: Node runs it directly from scripts/server.mjs (type stripping).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { config, DEV_AUTH_SECRET, productionSecretProblem } from '../config/index.ts';

export { DEV_AUTH_SECRET, productionSecretProblem };

/** The secret that signs session cookies (better-auth) and everything derived below. */
export function authSecret(): string {
  const c = config();
  const problem = productionSecretProblem(c);
  if (problem) throw new Error(problem);
  return c.AUTH_SECRET || DEV_AUTH_SECRET;
}

/** A key for one purpose, derived from AUTH_SECRET. */
export function derivedKey(purpose: string): string {
  return createHmac('sha256', authSecret()).update(`instrument.by:${purpose}`).digest('base64url');
}

const processCaptchaKey = randomBytes(32).toString('base64url');

/** The captcha's signing key: CAPTCHA_SECRET, else derived from AUTH_SECRET, else (development only) random per process. */
export function captchaSecret(): string {
  const c = config();
  if (c.CAPTCHA_SECRET) return c.CAPTCHA_SECRET;
  if (c.AUTH_SECRET || c.NODE_ENV === 'production') return derivedKey('captcha');
  return processCaptchaKey;
}
