import { authed } from '../../../../../server/http/guard';
import { getDb } from '../../../../../server/db/client';
import { orderNumberParam } from '../../../../../server/orders/input';
import { receiptFor } from '../../../../../server/orders/receipt';
import { visibleTo } from '../../../../../server/orders/access';
import { drawPdf, pdfClient, pdfResponse } from '../../../../../server/orders/pdf-response';

/** GET web/profile/orders/{order_number}/receipt/ → «Товарный чек» (PDF) of an order the viewer sees (not an invoice order). */
export const GET = authed({}, async (ctx, viewer) => {
  const number = orderNumberParam(ctx.params.number);
  const pdf = await drawPdf(pdfClient(viewer, ctx), async () => receiptFor(await getDb(), visibleTo(viewer), number));
  return pdfResponse(pdf, `chek-${number}.pdf`, `Товарный чек ${number}.pdf`);
});
