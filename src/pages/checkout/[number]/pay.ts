import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/client';
import { viewerFrom } from '../../../server/http/guard';
import { ownerKey } from '../../../server/lists/owner';
import { orderNumberParam } from '../../../server/orders/input';
import { confirmationOrder } from '../../../server/orders/read';
import { orNotFound } from '../../../server/http/api';
import { startPayment } from '../../../server/payments/service';

/**
 * GET /checkout/{number}/pay/ («Оплатить»): sends the buyer of an order awaiting card payment to the
 * provider's payment page — the one asked for at checkout, or a new one if that could not be asked
 * then. Only the browser or account that placed the order; an order not awaiting payment goes back
 * to its confirmation, which says why.
 */
export const GET: APIRoute = async (ctx) => {
  const db = await getDb();
  const order = await orNotFound(() => confirmationOrder(db, viewerFrom(ctx.locals), ownerKey(ctx), orderNumberParam(ctx.params.number)));
  if (!order) return ctx.rewrite('/404/');
  const back = `/checkout/${encodeURIComponent(order.order_number)}/`;
  let to = back;
  if (order.payment?.status === 'awaiting' && order.payment.method === 'card') {
    try {
      to = (await startPayment(db, order.id, ctx.url.origin))?.url ?? back;
    } catch (e) {
      console.error(`[payments] order ${order.order_number}: could not start the payment`, e);
      to = `${back}?pay=unavailable`;
    }
  }
  return new Response(null, { status: 303, headers: { location: to, 'cache-control': 'private, no-store' } });
};
