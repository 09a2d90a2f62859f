import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { viewerFrom } from '../../../server/http/guard';
import { suggestAddresses } from '../../../server/checkout/addresses';

const input = z.object({ search: z.string().max(200).default('') });

/** POST api/address/listWithSeparation/ {search}: saved addresses and suggestions apart, each suggestion split into region, locality and street. */
export const POST = endpoint(async (ctx) => {
  const body = await parseInput(ctx, input);
  return ok(await suggestAddresses(await getDb(), viewerFrom(ctx.locals), body.search));
});
