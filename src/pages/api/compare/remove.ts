import { z } from 'astro/zod';
import { endpoint, ok } from '../../../server/http/api';
import { once, parseKeyedInput } from '../../../server/http/idempotency';
import { getDb } from '../../../server/db/client';
import { ownerKey } from '../../../server/lists/owner';
import { removeFromCompare } from '../../../server/compare/compare';
import { zId } from '../../../server/http/zod';

const input = z.object({ product_id: zId });

/** POST api/compare/remove/ {product_id, idempotencyKey?}: a retry with the same key answers the same instead of 404. */
export const POST = endpoint(async (ctx) => {
  const { input: body, key } = await parseKeyedInput(ctx, input);
  const owner = ownerKey(ctx);
  // Nobody's list (no owner yet): nothing to remove, nothing to remember.
  return ok(await once(await getDb(), { owner: owner ?? 'g:none', key: owner ? key : null, call: 'compare/remove', input: body }, (db) => removeFromCompare(db, owner ?? 'g:none', body.product_id)));
});
