import { z } from 'astro/zod';
import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { zPage, zPageSize } from '../../../../server/http/zod';
import { listOrders } from '../../../../server/orders/read';
import { ORDERS_PAGE_SIZE } from '../../../../config/constants';

const input = z.object({ filter: z.string().trim().max(40).regex(/^[a-z_]*$/).optional(), page: zPage, page_size: zPageSize(ORDERS_PAGE_SIZE, 50) });

/** GET web/profile/orders/ ?filter,page,page_size → {orders, statuses, page_navigation}. */
export const GET = authed({}, async (ctx, viewer) => {
  const q = await parseInput(ctx, input);
  return ok(await listOrders(await getDb(), viewer, { filter: q.filter, page: q.page, pageSize: q.page_size }), { headers: { 'cache-control': 'private, no-store' } });
});
