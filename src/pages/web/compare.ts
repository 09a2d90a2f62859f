import { endpoint, ok } from '../../server/http/api';
import { getDb } from '../../server/db/client';
import { viewerPricing } from '../../server/catalog/pricing';
import { ownerKey } from '../../server/lists/owner';
import { compareData } from '../../server/compare/compare';

/** GET web/compare/: sections keyed by id, each with section_name, items and compare_properties_name. */
export const GET = endpoint(async (ctx) => {
  const db = await getDb();
  return ok(await compareData(db, await viewerPricing(db, ctx.locals), ownerKey(ctx)), { headers: { vary: 'cookie' } });
});
