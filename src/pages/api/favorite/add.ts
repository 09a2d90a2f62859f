import { z } from 'astro/zod';
import { endpoint, ok } from '../../../server/http/api';
import { once, parseKeyedInput } from '../../../server/http/idempotency';
import { getDb } from '../../../server/db/client';
import { ensureOwnerKey } from '../../../server/lists/owner';
import { addFavorite } from '../../../server/favorites/favorites';
import { zId } from '../../../server/http/zod';

const input = z.object({ product_id: zId });

/** POST api/favorite/add/ {product_id, idempotencyKey?}: a late retry (after a remove) does not add it back. */
export const POST = endpoint(async (ctx) => {
  const { input: body, key } = await parseKeyedInput(ctx, input);
  const owner = ensureOwnerKey(ctx);
  return ok(await once(await getDb(), { owner, key, call: 'favorite/add', input: body }, (db) => addFavorite(db, owner, body.product_id)));
});
