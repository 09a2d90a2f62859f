import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { basketGrid } from '../../../server/basket/basket';
import { ownerKey } from '../../../server/lists/owner';
import { BASKET_PAGE_SIZE } from '../../../config/constants';
import { zPage } from '../../../server/http/zod';

const input = z.object({
  page: zPage,
  pageSize: z.coerce.number().int().min(1).max(200).default(BASKET_PAGE_SIZE),
  category: z.string().trim().max(100).regex(/^[a-z0-9-]*$/).optional(),
  filter: z.string().trim().max(100).regex(/^[a-z0-9-]*$/).optional(),
});

/** GET web/basket/products/ ?page,pageSize,category (or filter): the basket grid, info and motivation block. */
export const GET = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const owner = ownerKey(ctx) ?? 'g:none';
  const grid = await basketGrid(await getDb(), { owner, companyId: ctx.locals.user?.companyId ?? null }, { page: q.page, pageSize: q.pageSize, category: q.category || q.filter || null });
  return ok(grid, { headers: { vary: 'cookie' } });
});
