import { endpoint, notFound, ok } from '../../../../server/http/api';
import { mediaDetail } from '../../../../server/content/media';
import { getDb } from '../../../../server/db/client';
import { viewerPricing } from '../../../../server/catalog/pricing';
import { t } from '../../../../i18n';

/** GET /web/media/materials/{code}/: one material or video with its text (HTML) and products. */
export const GET = endpoint(async (ctx) => {
  const db = await getDb();
  const m = await mediaDetail(db, await viewerPricing(db, ctx.locals), ctx.params.code ?? '');
  if (!m) return notFound(t('ERR_NOT_FOUND'));
  const { entry: _entry, unpublished: _unpublished, ...data } = m;
  return ok(data);
});
