import { viewerPricing } from '../../../server/catalog/pricing';
import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { apiListing, invalid, notFoundError, zApiPageSize, zSort } from '../../../server/catalog/api';
import { brandByCode } from '../../../server/catalog/brands';
import { emptyFilters } from '../../../server/catalog/filters';
import { cacheForGuests, TAG } from '../../../server/page-cache/mark';
import { t } from '../../../i18n';
import { zCode, zPage } from '../../../server/http/zod';

const input = z.object({ sort: zSort, page: zPage, page_size: zApiPageSize });

/** GET /web/brands/{code}/?sort,page,page_size: a brand and its products with facets. */
export const GET = endpoint(async (ctx) => {
  const code = zCode.safeParse(ctx.params.code);
  if (!code.success) throw invalid('code', `Код: ${code.error.issues[0]?.message ?? ''}`);
  const q = await parseInput(ctx, input);
  const db = await getDb();
  const brand = await brandByCode(db, code.data);
  if (!brand) throw notFoundError(t('CAT_ERR_BRAND_NOT_FOUND'));
  const listing = await apiListing(db, { scope: { kind: 'brand', brand }, section: null, basePath: brand.url }, emptyFilters(), { sort: q.sort, page: q.page, pageSize: q.page_size }, await viewerPricing(db, ctx.locals));
  const { id, code: c, name, nameCyr, country, color, description, url } = brand;
  return ok({ brand: { id, code: c, name, nameCyr, country, color, description, url }, ...listing }, { headers: cacheForGuests(ctx, [TAG.listings, TAG.brands]) });
});
