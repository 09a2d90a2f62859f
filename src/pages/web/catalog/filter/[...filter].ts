import { viewerPricing } from '../../../../server/catalog/pricing';
import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../../server/http/api';
import { getDb } from '../../../../server/db/client';
import { apiListing, invalid, parseApiFilter, scopeFromInput, zApiPageSize, zSort } from '../../../../server/catalog/api';
import { cacheForGuests, TAG } from '../../../../server/page-cache/mark';
import { zCode, zId, zPage } from '../../../../server/http/zod';

const input = z.object({
  sort: zSort,
  page: zPage,
  page_size: zApiPageSize,
  section_id: zId.optional(),
  section_code: zCode.optional(),
  brand: zCode.optional(),
  action: zCode.optional(),
  query: z.string().trim().min(1).max(200).optional(),
});

/**
 * GET /web/catalog/filter/{filter}/apply/?sort,page_size,page,action,query,section_id|section_code
 * — the listing behind a clean filter URL (`clear` for none), as JSON.
 */
export const GET = endpoint(async (ctx) => {
  const segments = (ctx.params.filter ?? '').split('/').filter(Boolean);
  if (segments.pop() !== 'apply') throw invalid('filter', 'адрес фильтра должен заканчиваться на /apply/');
  const q = await parseInput(ctx, input, { action: 'Акция' });
  const db = await getDb();
  const state = parseApiFilter(segments);
  const where = await scopeFromInput(db, q);
  const data = await apiListing(db, where, state, { sort: q.sort, page: q.page, pageSize: q.page_size }, await viewerPricing(db, ctx.locals));
  return ok(data, { headers: cacheForGuests(ctx, [TAG.listings]) });
});
