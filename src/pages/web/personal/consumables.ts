import { z } from 'astro/zod';
import { ok, parseInput } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { zPage } from '../../../server/http/zod';
import { consumablesForTools } from '../../../server/personal/consumables';

const input = z.object({ page: zPage });

/**
 * GET web/personal/consumables/?page= (issue 30, named like the spec's web/personal/discounts/): the tools in
 * the orders the viewer sees, newest purchase first, each with its first consumables at the viewer's prices.
 */
export const GET = authed({}, async (ctx, viewer) => {
  const { page } = await parseInput(ctx, input);
  return ok(await consumablesForTools(await getDb(), viewer, page));
});
