/**
 * Whose basket, favourites and compare list a request touches. Signed-in users own `u:<id>`;
 * guests get an anonymous, httpOnly `guest` cookie the first time they add something, and own
 * `g:<uuid>`.
 *
 * The cookie's value is issued only by the server and signed: `<uuid>.<HMAC-SHA256 of it>` with a
 * key derived from AUTH_SECRET (http/secrets.ts). A value the server did not sign — chosen by the
 * client, or a bare UUID of the format before signing — is no guest at all: the next write starts
 * a new guest (docs/decisions/0180-security.md: old unsigned cookies are replaced, not migrated).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AstroCookies } from 'astro';
import type { SessionUser } from '../auth/session';
import { derivedKey } from '../http/secrets';
import { secureCookies } from '../http/security-headers';

export const GUEST_COOKIE = 'guest';
const SIGNED = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

type Ctx = { cookies: AstroCookies; locals: { user: SessionUser | null } };

const signature = (id: string) => createHmac('sha256', derivedKey('guest-id')).update(id).digest('base64url');

/** The signed cookie value of a guest id. */
export function signGuest(id: string): string {
  return `${id}.${signature(id)}`;
}

/** The guest id of a cookie value, when the server signed it; null otherwise. */
export function verifyGuest(value: string | undefined | null): string | null {
  const m = value ? SIGNED.exec(value) : null;
  if (!m) return null;
  const given = Buffer.from(m[2]!);
  const expected = Buffer.from(signature(m[1]!));
  return given.length === expected.length && timingSafeEqual(given, expected) ? m[1]! : null;
}

export function guestToken(cookies: AstroCookies): string | null {
  return verifyGuest(cookies.get(GUEST_COOKIE)?.value);
}

/** The owner key, or null for a guest who has never saved anything. */
export function ownerKey(ctx: Ctx): string | null {
  if (ctx.locals.user) return `u:${ctx.locals.user.id}`;
  const g = guestToken(ctx.cookies);
  return g ? `g:${g}` : null;
}

/** The owner key, creating the guest cookie when needed (for writes). */
export function ensureOwnerKey(ctx: Ctx): string {
  const existing = ownerKey(ctx);
  if (existing) return existing;
  const id = crypto.randomUUID();
  ctx.cookies.set(GUEST_COOKIE, signGuest(id), { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(), maxAge: 60 * 60 * 24 * 180 });
  return `g:${id}`;
}
