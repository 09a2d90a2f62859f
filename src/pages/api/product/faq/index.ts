import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../../server/http/api';
import { getDb } from '../../../../server/db/client';
import { productFromInput } from '../../../../server/catalog/api';
import { productFaq } from '../../../../server/catalog/product';
import { zCode } from '../../../../server/http/zod';

const input = z.object({ code: zCode });

/** POST /api/product/faq/ {code}: the answered questions about a product. */
export const POST = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const db = await getDb();
  const p = await productFromInput(db, q);
  return ok({ items: await productFaq(db, p.id) });
});
