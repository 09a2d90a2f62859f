/** zod pieces shared by the basket, compare and favourites endpoints. */
import { z } from 'astro/zod';
import type { APIContext } from 'astro';

import { ensureOwnerKey } from '../lists/owner';
import { MAX_INPUT_QUANTITY } from './limits';
import { MAX_LINES } from './match';
import type { Buyer } from './basket';
import { zId } from '../http/zod';


export const zQuantity = z.coerce.number().int().min(1).max(MAX_INPUT_QUANTITY);
/** The spec's flag is 'Y'; form posts and JSON booleans are accepted too. */

/** `product_list` arrives as a JSON array, or as a JSON string inside a form post. */
export const zProductList = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.array(z.object({ product: zId, quantity: zQuantity.default(1) })).min(1).max(MAX_LINES),
);


/** The writer of a list: the user, or a guest (the guest cookie is created on first write). */
export function buyerFor(ctx: APIContext): Buyer {
  return { owner: ensureOwnerKey(ctx), companyId: ctx.locals.user?.companyId ?? null };
}
