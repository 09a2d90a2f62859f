import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { ownerKey } from '../../../server/lists/owner';
import { removeFavorite } from '../../../server/favorites/favorites';
import { zId } from '../../../server/http/zod';

const input = z.object({ product_id: zId });

/** POST api/favorite/remove/ {product_id}. */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  return ok(await removeFavorite(await getDb(), ownerKey(ctx) ?? 'g:none', body.product_id));
});
