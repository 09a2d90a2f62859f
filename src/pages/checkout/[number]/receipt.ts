import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/client';
import { viewerFrom } from '../../../server/http/guard';
import { ownerKey } from '../../../server/lists/owner';
import { orderNumberParam } from '../../../server/orders/input';
import { placedBy } from '../../../server/orders/read';
import { receiptFor } from '../../../server/orders/receipt';
import { drawPdf, pdfClient, pdfResponse } from '../../../server/orders/pdf-response';
import { fail, HttpError, orNotFound } from '../../../server/http/api';

/**
 * GET /checkout/{number}/receipt/: the «Товарный чек» for the browser or account that placed the
 * order (a guest has no personal area); anyone else gets the 404 page, like the confirmation.
 */
export const GET: APIRoute = async (ctx) => {
  const viewer = viewerFrom(ctx.locals);
  const NONE = Buffer.alloc(0);
  let pdf: Buffer;
  try {
    pdf = await drawPdf(pdfClient(viewer, ctx), async () => (await orNotFound(async () => receiptFor(await getDb(), placedBy(viewer, ownerKey(ctx)), orderNumberParam(ctx.params.number)))) ?? NONE);
  } catch (e) {
    if (e instanceof HttpError) return fail(e.status, e.errors);
    throw e;
  }
  if (pdf === NONE) return ctx.rewrite('/404/');
  return pdfResponse(pdf, `chek-${ctx.params.number}.pdf`, `Товарный чек ${ctx.params.number}.pdf`, true);
};
