import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { viewerFrom } from '../../../server/http/guard';
import { addressList } from '../../../server/checkout/addresses';

const input = z.object({ search: z.string().max(200).default('') });

/** POST api/address/list/ {search}: the buyer's saved addresses first, then localities (and the street typed). */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  return ok(await addressList(await getDb(), viewerFrom(ctx.locals), body.search));
});
