import { ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { orderNumberParam } from '../../../../server/orders/input';
import { repeatPreview } from '../../../../server/orders/actions';

/** GET web/profile/basket/{order}/: the order's lines as they could be bought today (before «Повторить заказ»). */
export const GET = authed({}, async (ctx, viewer) => {
  const number = orderNumberParam(ctx.params.order);
  return ok(await repeatPreview(await getDb(), viewer, number), { headers: { 'cache-control': 'private, no-store' } });
});
