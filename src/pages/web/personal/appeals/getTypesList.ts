import { ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { appealTypesList } from '../../../../server/requests/types';
import { linkableOrders } from '../../../../server/requests/links';

/**
 * GET /web/personal/appeals/getTypesList/: request types, each with its form's fields, and the
 * viewer's recent orders with their products for the order and product pickers.
 */
export const GET = authed({}, async (_ctx, viewer) => {
  const db = await getDb();
  const [types, orders] = await Promise.all([appealTypesList(db), linkableOrders(db, viewer)]);
  return ok({
    types,
    orders: orders.map((o) => ({ id: o.id, number: o.number, created_at: o.createdAt.toISOString(), status_name: o.statusName, items: o.items.map((i) => ({ product_id: i.productId, name: i.name, article: i.article })) })),
  });
});
