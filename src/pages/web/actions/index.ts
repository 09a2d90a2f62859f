import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { promotionsPage } from '../../../server/content/promotions';
import { zPage } from '../../../server/http/zod';

const input = z.object({ page: zPage });

/** GET web/actions/ ?page: running promotions, the soonest to end first. */
export const GET = endpoint(async (ctx) => {
  const { page } = await parseInput(ctx, input);
  return ok(await promotionsPage(page));
});
