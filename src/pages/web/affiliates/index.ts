import { endpoint, ok } from '../../../server/http/api';
import { listBranches } from '../../../server/branches/branches';
import { getDb } from '../../../server/db/client';
import { cacheForGuests, TAG } from '../../../server/page-cache/mark';

/** GET web/affiliates/: every branch. Cached for an hour (spec §7, §9). */
export const GET = endpoint(async (ctx) => {
  return ok({ items: await listBranches(await getDb()) }, { headers: cacheForGuests(ctx, [TAG.branches], { kind: 'call' }) });
});
