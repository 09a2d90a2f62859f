/**
 * Abuse limits that hold across app nodes: a fixed-window counter per key in the database (one
 * upsert per attempt). Keys name what is limited and for whom, e.g. `login:ip:1.2.3.4` or
 * `code:send:email:ivan@mail.by`. The numbers live with their callers and in docs/decisions.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { t } from '../../i18n';
import { ERR, HttpError } from './api';
import { config } from '../config';

export type Limit = { key: string; max: number; windowSeconds: number };

export function retryText(seconds: number): string {
  return seconds >= 90 ? `${t('ERR_TOO_MANY')} ${Math.ceil(seconds / 60)} ${t('ERR_RETRY_MINUTES')}` : `${t('ERR_TOO_MANY')} ${Math.max(1, Math.ceil(seconds))} ${t('ERR_RETRY_SECONDS')}`;
}

export class RateLimited extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, [{ code: ERR.TOO_MANY, message: retryText(retryAfter) }], { retryAfter: Math.ceil(retryAfter) });
  }
}

let lastPrune = 0;

/**
 * How much of limit `l` is used at `now`. The window slides: the previous fixed window's count still
 * weighs in proportion to how much of it overlaps the last `windowSeconds`, so there is no burst of
 * twice the limit across a boundary and a limit does not reset at the top of the hour. Returns the
 * used amount and the seconds until it would fall back to `max - 1`.
 */
async function usage(db: Db, l: Limit, now: number, current?: number): Promise<{ used: number; freeIn: number }> {
  const windowMs = l.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  const rows = await db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, l.key), inArray(rateLimits.windowStart, [new Date(start), new Date(start - windowMs)])));
  const inWindow = current ?? rows.find((r) => r.windowStart.getTime() === start)?.count ?? 0;
  const before = rows.find((r) => r.windowStart.getTime() === start - windowMs)?.count ?? 0;
  const overlap = 1 - (now - start) / windowMs;
  const used = inWindow + before * overlap;
  // Free again once enough has slid out for one more attempt (used ≤ max − 1). Within this window that is
  // when enough of the last one has slid out. If this window alone is at the limit, it must end and then,
  // as the last window in turn, slide out far enough — the top of the hour alone frees nothing.
  const freeIn =
    inWindow >= l.max
      ? start + windowMs - now + windowMs * Math.max(0, 1 - (l.max - 1) / inWindow)
      : before > 0
        ? windowMs * Math.max(0, overlap - Math.max(0, l.max - 1 - inWindow) / before)
        : 0;
  return { used, freeIn: Math.max(1000, freeIn) / 1000 };
}

/**
 * Counts one attempt against each limit and throws RateLimited (HTTP 429, a Russian "try again in …")
 * when any is exceeded. Counting happens before the guarded work, so a refused attempt costs nothing else.
 */
export async function hit(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  let worst = 0;
  for (const l of limits) {
    const windowMs = l.windowSeconds * 1000;
    const [row] = await db
      .insert(rateLimits)
      .values({ key: l.key, windowStart: new Date(Math.floor(now / windowMs) * windowMs), count: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count });
    const u = await usage(db, l, now, row?.count ?? 0);
    if (u.used > l.max) worst = Math.max(worst, u.freeIn);
  }
  if (now - lastPrune > 3_600_000) {
    lastPrune = now;
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 2 * 86_400_000)));
  }
  if (worst > 0) throw new RateLimited(worst);
}

/**
 * Refuses (RateLimited) when a limit is already used up, without counting: for limits that count
 * failures only (a successful login costs nothing), counted with `hit` after a failure.
 */
export async function refuseIfUsedUp(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  let worst = 0;
  for (const l of limits) {
    const u = await usage(db, l, now);
    if (u.used >= l.max) worst = Math.max(worst, u.freeIn);
  }
  if (worst > 0) throw new RateLimited(worst);
}

/** How much of limit `l` is used now (the sliding window's count), without counting anything. */
export async function usedNow(db: Db, l: Limit, now = Date.now()): Promise<number> {
  return (await usage(db, l, now)).used;
}

/** Forgets the counts of a key (e.g. the failed logins of an account after a successful one). */
export async function reset(db: Db, keyPrefix: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} LIKE ${keyPrefix.replace(/[%_\\]/g, '\\$&') + '%'}`);
}

const plain = (a: string) => a.replace(/^::ffff:(?=\d+\.)/i, '');

/**
 * The client's address. Without a proxy (TRUST_PROXY=0), the socket's. Behind N proxies, the hop the
 * outermost of them saw: X-Forwarded-For's entries plus the socket make a chain, and the client is the
 * N-th from its right end — entries further left are whatever the client wrote (issue 28: taking the
 * first let random values reset every per-IP limit). With the proxies' addresses instead of N, the
 * rightmost hop that is not one of them.
 */
/**
 * The client's address from a request's context, as every rate limit and queue sees it. Astro's
 * `clientAddress` getter throws when the socket is already gone (a browser that gave up on an image): such a
 * request is «unknown», never a 500.
 */
export function requestIp(ctx: { request: Request; clientAddress?: string }): string {
  let socket: string | undefined;
  try {
    socket = ctx.clientAddress;
  } catch {
    socket = undefined;
  }
  return clientIp(ctx.request, socket);
}

export function clientIp(request: Request, socketAddress: string | undefined, trust: number | string[] = config().TRUST_PROXY): string {
  const socket = plain(socketAddress ?? 'unknown');
  if (!trust || (Array.isArray(trust) && !trust.length)) return socket;
  const chain = [...(request.headers.get('x-forwarded-for') ?? '').split(',').map((a) => plain(a.trim())).filter(Boolean), socket];
  if (typeof trust === 'number') return chain[Math.max(0, chain.length - 1 - trust)]!.slice(0, 64);
  const trusted = new Set(trust.map(plain));
  for (let i = chain.length - 1; i >= 0; i--) if (!trusted.has(chain[i]!)) return chain[i]!.slice(0, 64);
  return chain[0]!.slice(0, 64);
}
