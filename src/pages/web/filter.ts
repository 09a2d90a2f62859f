import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../server/http/api';
import { getDb } from '../../server/db/client';
import { notFoundError, scopeFromInput } from '../../server/catalog/api';
import { emptyFilters } from '../../server/catalog/filters';
import { listingFacets } from '../../server/catalog/listing';
import { prepareListing, type Scope } from '../../server/catalog/scope';
import { findProduct } from '../../server/catalog/product';
import { viewerPricing } from '../../server/catalog/pricing';
import { cacheForGuests, TAG } from '../../server/page-cache/mark';
import { t } from '../../i18n';
import { zCode, zId } from '../../server/http/zod';

const input = z.object({
  section_id: zId.optional(),
  section_code: zCode.optional(),
  line_product_id: zId.optional(),
  action: zCode.optional(),
  query: z.string().trim().min(1).max(200).optional(),
});

/**
 * GET /web/filter/?section_id|section_code|line_product_id|action|query: the facets a filter panel
 * offers before anything is chosen (values with counts, price range, in-stock count); a contractor's
 * price range is in their own prices.
 */
export const GET = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input, { action: 'Акция' });
  const db = await getDb();
  let scope: Scope;
  if (q.line_product_id) {
    const p = await findProduct(db, { id: q.line_product_id });
    if (!p) throw notFoundError(t('CAT_ERR_PRODUCT_NOT_FOUND'));
    scope = { kind: 'line', productId: p.id, lineCode: p.lineCode, sectionId: p.sectionId };
  } else scope = (await scopeFromInput(db, q)).scope;
  const state = emptyFilters();
  const prepared = await prepareListing(db, scope, state);
  if (!prepared.ok) throw notFoundError(prepared.reason);
  const data = await listingFacets(db, prepared.base, state, prepared.filters, prepared.ref, await viewerPricing(db, ctx.locals));
  return ok(data, { headers: cacheForGuests(ctx, [TAG.listings]) });
});
