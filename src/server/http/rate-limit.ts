/**
 * Abuse limits that hold across app nodes: a fixed-window counter per key in the database (one
 * upsert per attempt). Keys name what is limited and for whom, e.g. `login:ip:1.2.3.4` or
 * `code:send:email:ivan@mail.by`. The numbers live with their callers and in docs/decisions.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { t } from '../../i18n';
import { ERR, HttpError } from './api';

export type Limit = { key: string; max: number; windowSeconds: number };

export const ERR_RATE_LIMIT = 429;

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
 * Counts one attempt against each limit and throws RateLimited (HTTP 429, a Russian "try again in …")
 * when any is exceeded. Counting happens before the guarded work, so a refused attempt costs nothing else.
 */
export async function hit(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  let worst = 0;
  for (const l of limits) {
    const windowMs = l.windowSeconds * 1000;
    const start = new Date(Math.floor(now / windowMs) * windowMs);
    const [row] = await db
      .insert(rateLimits)
      .values({ key: l.key, windowStart: start, count: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count });
    if ((row?.count ?? 0) > l.max) worst = Math.max(worst, (start.getTime() + windowMs - now) / 1000);
  }
  if (now - lastPrune > 3_600_000) {
    lastPrune = now;
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 2 * 86_400_000)));
  }
  if (worst > 0) throw new RateLimited(worst);
}

/** Forgets the counts of a key (e.g. the failed logins of an account after a successful one). */
export async function reset(db: Db, keyPrefix: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} LIKE ${keyPrefix.replace(/[%_\\]/g, '\\$&') + '%'}`);
}

/** The client's address: the first X-Forwarded-For hop when the proxy is trusted (TRUST_PROXY=1), else the socket's. */
export function clientIp(request: Request, socketAddress: string | undefined): string {
  if (process.env.TRUST_PROXY === '1') {
    const fwd = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd.slice(0, 64);
  }
  return socketAddress ?? 'unknown';
}
