import { endpoint, notFound, ok } from '../../../server/http/api';
import { promotionDetail } from '../../../server/content/promotions';
import { getDb } from '../../../server/db/client';
import { viewerPricing } from '../../../server/catalog/pricing';

/** GET web/actions/{code}/: a promotion with its dates, time left, text (HTML) and the products taking part. */
export const GET = endpoint(async (ctx) => {
  const db = await getDb();
  const p = await promotionDetail(db, await viewerPricing(db, ctx.locals), ctx.params.code ?? '', { contractor: ctx.locals.user?.companyId != null });
  if (!p) return notFound();
  const { entry: _entry, unpublished: _unpublished, ...data } = p;
  return ok(data);
});
