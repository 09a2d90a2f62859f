/**
 * Whose basket, favourites and compare list a request touches. Signed-in users own `u:<id>`;
 * guests get an anonymous, httpOnly `guest` cookie (a random UUID) the first time they add
 * something, and own `g:<uuid>`.
 */
import type { AstroCookies } from 'astro';
import type { SessionUser } from '../auth/session';

export const GUEST_COOKIE = 'guest';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Ctx = { cookies: AstroCookies; locals: { user: SessionUser | null } };

export function guestToken(cookies: AstroCookies): string | null {
  const v = cookies.get(GUEST_COOKIE)?.value;
  return v && UUID.test(v) ? v : null;
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
  const token = crypto.randomUUID();
  ctx.cookies.set(GUEST_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 * 60 * 24 * 180 });
  return `g:${token}`;
}
