import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { ensureOwnerKey } from '../../../server/lists/owner';
import { addFavorite } from '../../../server/favorites/favorites';
import { zId } from '../../../server/http/zod';

const input = z.object({ product_id: zId });

/** POST api/favorite/add/ {product_id}. */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  return ok(await addFavorite(await getDb(), ensureOwnerKey(ctx), body.product_id));
});
