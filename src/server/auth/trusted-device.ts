/**
 * A device that has signed in to an account before (issue 28): after a successful password login the
 * browser keeps a signed, httpOnly `device` cookie naming that account — a keyed hash of the e-mail
 * (HMAC-SHA256 with a key derived from AUTH_SECRET, http/secrets.ts), so nobody can make one for an
 * account he has not signed in to, and the cookie says nothing about whose it is. A login from such a
 * device is not refused by the limits others can run up (wrong passwords for the account from anywhere,
 * wrong passwords on any account from the same address): an attacker cannot lock the owner out of his
 * own browser. Its own failures still count against its own (account, client) limit.
 */
import { createHmac } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { derivedKey } from '../http/secrets';
import { secureCookies } from '../http/security-headers';

export const DEVICE_COOKIE = 'device';
/** The accounts one browser is remembered for: the newest first, the oldest dropped. */
const MAX_ACCOUNTS = 5;
const MAX_AGE_S = 180 * 86_400;

const mark = (email: string) => createHmac('sha256', derivedKey('trusted-device')).update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);

function marks(cookies: AstroCookies): string[] {
  const v = cookies.get(DEVICE_COOKIE)?.value ?? '';
  return v.split('.').filter((m) => /^[A-Za-z0-9_-]{32}$/.test(m)).slice(0, MAX_ACCOUNTS);
}

/** Whether this browser has signed in to `email` before. */
export function isTrustedDevice(cookies: AstroCookies, email: string): boolean {
  return marks(cookies).includes(mark(email));
}

/** Remembers, after a successful password login, that this browser belongs to `email`'s owner. */
export function trustDevice(cookies: AstroCookies, email: string): void {
  const m = mark(email);
  const list = [m, ...marks(cookies).filter((x) => x !== m)].slice(0, MAX_ACCOUNTS);
  cookies.set(DEVICE_COOKIE, list.join('.'), { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(), maxAge: MAX_AGE_S });
}
