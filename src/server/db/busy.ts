/** Telling a database that waited too long from one that failed (server/db/client.ts sets the limits). */
export type DbBusy = 'lock' | 'statement' | 'acquire';

/**
 * A database error that means "waited too long", not "broken": a lock timeout (55P03), a statement
 * timeout (57014) or no free pool connection in time. Drizzle wraps driver errors in `cause`.
 */
export function dbBusy(e: unknown): DbBusy | null {
  for (let cur = e as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined, depth = 0; cur && depth < 5; cur = cur.cause as typeof cur, depth++) {
    if (cur.code === '55P03') return 'lock';
    if (cur.code === '57014') return 'statement';
    if (typeof cur.message === 'string' && /timeout exceeded when trying to connect|Connection terminated due to connection timeout/.test(cur.message)) return 'acquire';
  }
  return null;
}
