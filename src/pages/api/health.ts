import { endpoint, ok } from '../../server/http/api';
import { getDbHandle } from '../../server/db/client';
import { pageCache } from '../../server/page-cache/registry';

/**
 * GET /api/health/: the database answers, and this node's page cache (hits, misses, bytes). For load
 * balancers and operators. The database is asked on a connection of its own (DbHandle.ping), so a
 * pool busy with pages or checkouts never makes a healthy node look dead.
 */
export const GET = endpoint(async () => {
  const started = performance.now();
  const handle = await getDbHandle();
  await handle.ping();
  return ok({ database: handle.kind, databaseMs: Math.round((performance.now() - started) * 10) / 10, pageCache: pageCache()?.stats() ?? null, uptimeSeconds: Math.round(process.uptime()) });
});
