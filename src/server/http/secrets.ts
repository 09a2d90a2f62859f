/**
 * The server's secrets (docs/decisions/0180-security.md). AUTH_SECRET signs session cookies, keys
 * the digests of verification codes, signs guest ids and — unless CAPTCHA_SECRET is set — the
 * captcha challenges, through keys derived from it per purpose (HMAC-SHA256 of the purpose), so a
 * key leaked from one use says nothing about another.
 *
 * Production (NODE_ENV=production) refuses to start without a real AUTH_SECRET; scripts/server.mjs
 * checks before anything else. Outside production a missing AUTH_SECRET falls back to the
 * development secret (sessions survive restarts and several local nodes agree), while the captcha
 * — whose key must never be public — gets a random key per process.
 *
 * Pure: Node runs it directly from scripts/server.mjs (type stripping).
 */
import { createHmac, randomBytes } from 'node:crypto';

export const DEV_AUTH_SECRET = 'dev-only-secret-change-me-in-production-0123456789';
const MIN_SECRET_LENGTH = 32;

/** Why this environment may not start in production, as one line; null when it may. */
export function productionSecretProblem(env: NodeJS.ProcessEnv): string | null {
  if (env.NODE_ENV !== 'production') return null;
  const secret = env.AUTH_SECRET ?? '';
  if (!secret) return 'AUTH_SECRET is not set: production refuses to start without it (use 32+ random characters, e.g. `openssl rand -base64 48`).';
  if (secret === DEV_AUTH_SECRET || secret.length < MIN_SECRET_LENGTH) return `AUTH_SECRET is too weak: production needs at least ${MIN_SECRET_LENGTH} random characters, not the development secret.`;
  if (env.CAPTCHA_SECRET !== undefined && env.CAPTCHA_SECRET.length < MIN_SECRET_LENGTH) return `CAPTCHA_SECRET is too short: use at least ${MIN_SECRET_LENGTH} random characters, or leave it unset to derive it from AUTH_SECRET.`;
  return null;
}

/** The secret that signs session cookies (better-auth) and everything derived below. */
export function authSecret(): string {
  const problem = productionSecretProblem(process.env);
  if (problem) throw new Error(problem);
  return process.env.AUTH_SECRET || DEV_AUTH_SECRET;
}

/** A key for one purpose, derived from AUTH_SECRET. */
export function derivedKey(purpose: string): string {
  return createHmac('sha256', authSecret()).update(`instrument.by:${purpose}`).digest('base64url');
}

const processCaptchaKey = randomBytes(32).toString('base64url');

/** The captcha's signing key: CAPTCHA_SECRET, else derived from AUTH_SECRET, else (development only) random per process. */
export function captchaSecret(): string {
  if (process.env.CAPTCHA_SECRET) return process.env.CAPTCHA_SECRET;
  if (process.env.AUTH_SECRET || process.env.NODE_ENV === 'production') return derivedKey('captcha');
  return processCaptchaKey;
}
