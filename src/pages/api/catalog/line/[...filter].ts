import { viewerPricing } from '../../../../server/catalog/pricing';
import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../../server/http/api';
import { getDb } from '../../../../server/db/client';
import { apiListing, invalid, notFoundError, parseApiFilter, zApiPageSize } from '../../../../server/catalog/api';
import { filterSegments, SORTS } from '../../../../server/catalog/filters';
import { findProduct } from '../../../../server/catalog/product';
import { cacheForGuests, TAG } from '../../../../server/page-cache/mark';
import { t } from '../../../../i18n';
import { zId, zPage, zSortOf } from '../../../../server/http/zod';

const input = z.object({ product_id: zId, sort: zSortOf(SORTS, 'price_asc'), page: zPage, page_size: zApiPageSize });

/**
 * GET /api/catalog/line/{filter}/apply/?product_id: the product's line (the same model in other
 * kits), filterable like any listing (`clear` for no filter), e.g. `kit-is-2-akb-zu-keys`.
 */
export const GET = endpoint(async (ctx) => {
  const segments = (ctx.params.filter ?? '').split('/').filter(Boolean);
  if (segments.pop() !== 'apply') throw invalid('filter', 'адрес фильтра должен заканчиваться на /apply/');
  const q = await parseInput(ctx, input);
  const db = await getDb();
  const p = await findProduct(db, { id: q.product_id });
  if (!p) throw notFoundError(t('CAT_ERR_PRODUCT_NOT_FOUND'));
  const state = parseApiFilter(segments);
  const data = await apiListing(db, { scope: { kind: 'line', productId: p.id, lineCode: p.lineCode, sectionId: p.sectionId }, section: null, basePath: `/api/catalog/line/` }, state, { sort: q.sort, page: q.page, pageSize: q.page_size }, await viewerPricing(db, ctx.locals));
  // This call's own address form: line/{filter}/apply/ (no `filter/` segment, `clear` for none).
  data.filter.url = `/api/catalog/line/${filterSegments(state).join('/') || 'clear'}/apply/?product_id=${p.id}`;
  return ok({ product_id: p.id, line_code: p.lineCode, ...data }, { headers: cacheForGuests(ctx, [TAG.listings, TAG.product(p.id)]) });
});
