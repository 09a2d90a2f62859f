import { z } from 'astro/zod';
import { ok, parseInput } from '../../../../../server/http/api';
import { authed } from '../../../../../server/http/guard';
import { getDb } from '../../../../../server/db/client';
import { zPage, zPageSize } from '../../../../../server/http/zod';
import { orderDetail, ORDER_LINES_PAGE_SIZE } from '../../../../../server/orders/read';
import { orderNumberParam } from '../../../../../server/orders/input';

const input = z.object({ page: zPage, page_size: zPageSize(ORDER_LINES_PAGE_SIZE, 100) });

/** GET web/profile/orders/{order_number}/ ?page,page_size → the order with basket.items and showMore. */
export const GET = authed({}, async (ctx, viewer) => {
  const number = orderNumberParam(ctx.params.number);
  const q = await parseInput(ctx, input);
  return ok(await orderDetail(await getDb(), viewer, number, { page: q.page, pageSize: q.page_size }), { headers: { 'cache-control': 'private, no-store' } });
});
