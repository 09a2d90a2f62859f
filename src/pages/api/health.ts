import { endpoint, ok } from '../../server/http/api';
import { getDbHandle } from '../../server/db/client';
import { pageCache } from '../../server/page-cache/registry';
import { outboxHealth } from '../../server/notifications/outbox';

/**
 * GET /api/health/: the database answers, this node's page cache (hits, misses, bytes), and the message
 * outbox (e-mails and SMS not sent yet, failing, given up this week: alert on `retrying`). For load balancers
 * and operators; the outbox's errors themselves are shown to the staff only (/desk/orders/). The database is
 * asked on a connection of its own (DbHandle.ping, DbHandle.probe), so a pool busy with pages or checkouts never
 * makes a healthy node look dead.
 */
export const GET = endpoint(async () => {
  const started = performance.now();
  const handle = await getDbHandle();
  await handle.ping();
  const databaseMs = Math.round((performance.now() - started) * 10) / 10;
  const { waiting, retrying, failed } = await outboxHealth(handle.probe);
  return ok({ database: handle.kind, databaseMs, pageCache: pageCache()?.stats() ?? null, messages: { waiting, retrying, failed }, uptimeSeconds: Math.round(process.uptime()) });
});
