import { endpoint, ok } from '../../server/http/api';
import { getDb } from '../../server/db/client';
import { viewerPricing } from '../../server/catalog/pricing';
import { homeData } from '../../server/content/home';
import { toApiSection } from '../../server/catalog/sections';

/** GET web/main/: the home page's data. */
export const GET = endpoint(async (ctx) => {
  const db = await getDb();
  const d = await homeData(db, await viewerPricing(db, ctx.locals));
  return ok({ sections: d.sections.map((s) => toApiSection(s, 1)), hits: d.hits, novelties: d.novelties, brands: d.brands, promotions: d.promotions });
});
