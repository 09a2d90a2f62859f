import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../server/http/api';
import { getDb } from '../../server/db/client';
import { viewerPricing } from '../../server/catalog/pricing';
import { searchHeader } from '../../server/search/service';
import { t } from '../../i18n';

/** A pasted invoice line is fine; a whole document is not (the field itself stops at 200). */
const MAX_INPUT = 1000;

const Input = z.object({
  query: z.string({ error: t('SEARCH_ERR_QUERY') }).max(MAX_INPUT, { error: t('SEARCH_ERR_TOO_LONG') }),
});

/** POST api/searchHeader/ {query}: categories, brands, products and query suggestions (spec §3, §9). POST only: GET gets the shared 405. */
export const POST = endpoint(async (ctx) => {
  const { query } = await parseInput(ctx, Input);
  const db = await getDb();
  return ok(await searchHeader(db, await viewerPricing(db, ctx.locals), query));
});
