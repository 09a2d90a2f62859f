import { sql } from 'drizzle-orm';
import { endpoint, ok } from '../../server/http/api';
import { getDbHandle } from '../../server/db/client';
import { pageCache } from '../../server/page-cache/registry';

/** GET /api/health/: the database answers, and this node's page cache (hits, misses, bytes). For load balancers and operators. */
export const GET = endpoint(async () => {
  const started = performance.now();
  const handle = await getDbHandle();
  await handle.db.execute(sql`SELECT 1`);
  return ok({ database: handle.kind, databaseMs: Math.round((performance.now() - started) * 10) / 10, pageCache: pageCache()?.stats() ?? null, uptimeSeconds: Math.round(process.uptime()) });
});
