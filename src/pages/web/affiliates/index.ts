import { endpoint, ok } from '../../../server/http/api';
import { listBranches } from '../../../server/branches/branches';
import { getDb } from '../../../server/db/client';
import { CACHED_CALL_MAX_AGE } from '../../../config/constants';

/** GET web/affiliates/: every branch. Cached for an hour (spec §7, §9). */
export const GET = endpoint(async (ctx) => {
  if (ctx.cache?.enabled) ctx.cache.set({ maxAge: CACHED_CALL_MAX_AGE, tags: ['branches'] });
  return ok({ items: await listBranches(await getDb()) }, { headers: { 'cache-control': `public, max-age=${CACHED_CALL_MAX_AGE}` } });
});
