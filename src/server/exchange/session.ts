/**
 * Exchange sessions (docs/decisions/0200-exchange-1c.md): `mode=checkauth` checks HTTP Basic against
 * the configured exchange credentials and opens one; every later mode names it by the cookie 1C was
 * told to send. Rows live in the database, so 1C's next request may reach another app node.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { exchangeSessions } from '../db/schema';
import { exchangeCredentials } from '../config';

export const EXCHANGE_COOKIE = 'store_exchange';
/** A session outlives the longest exchange 1C runs (a full catalogue of 100,000 products with pictures). */
const SESSION_MS = 12 * 3600_000;

const remembered = new Map<string, { id: number; expiresAt: number }>();

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

function same(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

export type BasicCheck = 'ok' | 'missing' | 'wrong' | 'unconfigured';

/** Checks an `Authorization: Basic …` header against the exchange credentials. */
export function checkBasic(header: string | null): { result: BasicCheck; login?: string } {
  const creds = exchangeCredentials();
  if (!creds) return { result: 'unconfigured' };
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return { result: 'missing' };
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { result: 'wrong' };
  const login = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  // Both compared, whatever the first gives: no timing hint about which one was wrong.
  const ok = same(login, creds.login) && same(password, creds.password);
  return ok ? { result: 'ok', login } : { result: 'wrong' };
}

/** Opens a session; the returned token is the cookie value. */
export async function openSession(db: Db, login: string, now = Date.now()): Promise<{ id: number; token: string }> {
  const token = randomBytes(24).toString('base64url');
  const [row] = await db
    .insert(exchangeSessions)
    .values({ tokenHash: hash(token), login, expiresAt: new Date(now + SESSION_MS) })
    .returning({ id: exchangeSessions.id });
  await db.delete(exchangeSessions).where(lt(exchangeSessions.expiresAt, new Date(now)));
  return { id: row!.id, token };
}

/** The session a request's Cookie header names, if it is still open. */
export async function findSession(db: Db, cookieHeader: string | null, now = Date.now()): Promise<{ id: number } | null> {
  const token = cookieHeader
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${EXCHANGE_COOKIE}=`))
    ?.slice(EXCHANGE_COOKIE.length + 1);
  if (!token) return null;
  const h = hash(token);
  // Remembered by this process: on PGlite a running import transaction holds the only connection, and 1C's
  // polling request must still be recognised (sessions are never revoked, only expire).
  const known = remembered.get(h);
  if (known && known.expiresAt > now) return { id: known.id };
  const [row] = await db
    .select({ id: exchangeSessions.id, expiresAt: exchangeSessions.expiresAt })
    .from(exchangeSessions)
    .where(and(eq(exchangeSessions.tokenHash, h), gt(exchangeSessions.expiresAt, new Date(now))));
  if (!row) return null;
  if (remembered.size > 1000) remembered.clear();
  remembered.set(h, { id: row.id, expiresAt: row.expiresAt.getTime() });
  return { id: row.id };
}
