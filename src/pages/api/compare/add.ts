import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { ensureOwnerKey } from '../../../server/lists/owner';
import { addToCompare } from '../../../server/compare/compare';
import { zId } from '../../../server/http/zod';

const input = z.object({ product_id: zId });

/** POST api/compare/add/ {product_id}. */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  return ok(await addToCompare(await getDb(), ensureOwnerKey(ctx), body.product_id));
});
