import { authed } from '../../../../../server/http/guard';
import { getDb } from '../../../../../server/db/client';
import { orderNumberParam } from '../../../../../server/orders/input';
import { invoiceFor } from '../../../../../server/orders/invoice';
import { drawPdf, pdfClient } from '../../../../../server/orders/pdf-response';

/** GET web/profile/orders/{order_number}/invoice/ → «Счёт на оплату» (PDF) of an invoice order. */
export const GET = authed({}, async (ctx, viewer) => {
  const number = orderNumberParam(ctx.params.number);
  const pdf = await drawPdf(pdfClient(viewer, ctx), async () => invoiceFor(await getDb(), viewer, number));
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="schet-${encodeURIComponent(number)}.pdf"; filename*=UTF-8''${encodeURIComponent(`Счёт ${number}.pdf`)}`,
      'cache-control': 'private, no-store',
    },
  });
});
