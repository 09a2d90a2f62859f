import { endpoint, ok } from '../../../../server/http/api';
import { getDb } from '../../../../server/db/client';
import { invalid, notFoundError } from '../../../../server/catalog/api';
import { lineCards, productByCode, productFaq, similarCards } from '../../../../server/catalog/product';
import { mediaForProduct } from '../../../../server/content/media';
import { applyPricing, loadPricing } from '../../../../server/catalog/pricing';
import { availability } from '../../../../server/catalog/product';
import { cacheForGuests, TAG } from '../../../../server/page-cache/mark';
import { t } from '../../../../i18n';
import { zCode } from '../../../../server/http/zod';

/** GET /web/product/detail/{code}/: everything the product page shows, as JSON. */
export const GET = endpoint(async (ctx) => {
  const code = zCode.safeParse(ctx.params.code);
  if (!code.success) throw invalid('code', `Код: ${code.error.issues[0]?.message ?? ''}`);
  const db = await getDb();
  const p = await productByCode(db, code.data);
  if (!p) throw notFoundError(t('CAT_ERR_PRODUCT_NOT_FOUND'));
  const [line, similar, faq, media, pricing] = await Promise.all([lineCards(db, p.lineCode, p.id), similarCards(db, p), productFaq(db, p.id), mediaForProduct(db, p.id).then((m) => m ?? []), loadPricing(db, ctx.locals.user)]);
  applyPricing([p, ...line, ...similar], pricing);
  const { section, path, brandRef, ...rest } = p;
  return ok(
    {
      product: { ...rest, availability: availability(p).label },
      brand: { code: brandRef.code, name: brandRef.name, url: brandRef.url, country: brandRef.country },
      section: { ID: section.id, CODE: section.code, NAME: section.name, URL: section.url },
      breadcrumbs: path.map((s) => ({ name: s.name, url: s.url })),
      line,
      similar,
      faq,
      media,
    },
    { headers: cacheForGuests(ctx, [TAG.product(p.id)]) },
  );
});
