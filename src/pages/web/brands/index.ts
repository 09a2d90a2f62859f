import { endpoint, ok } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { brandIndex } from '../../../server/catalog/brands';
import { cacheForGuests, TAG } from '../../../server/page-cache/mark';

/** GET /web/brands/: every brand with its product count, grouped A–Z and А–Я. Cached for an hour. */
export const GET = endpoint(async (ctx) => {
  const index = await brandIndex(await getDb());
  return ok(index, { headers: cacheForGuests(ctx, [TAG.brands], { kind: 'call' }) });
});
