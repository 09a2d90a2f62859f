import { viewerPricing } from '../../../server/catalog/pricing';
import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { apiListing, scopeFromInput, zApiPageSize, zSort } from '../../../server/catalog/api';
import { emptyFilters } from '../../../server/catalog/filters';
import { zCode, zPage } from '../../../server/http/zod';

const input = z.object({
  section_code: z.union([z.enum(['hit', 'novinki']), zCode]),
  sort: zSort,
  page: zPage,
  page_size: zApiPageSize,
});

/** POST /api/catalog/section/ {section_code: 'novinki' | 'hit' | a section code}: a listing's first page. */
export const POST = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const db = await getDb();
  const where = await scopeFromInput(db, { section_code: q.section_code });
  return ok(await apiListing(db, where, emptyFilters(), { sort: q.sort, page: q.page, pageSize: q.page_size }, await viewerPricing(db, ctx.locals)));
});
