import { endpoint, ok } from '../../../../server/http/api';
import { getDb } from '../../../../server/db/client';
import { invalid, notFoundError } from '../../../../server/catalog/api';
import { lineCards, productByCode, productFaq, similarCards } from '../../../../server/catalog/product';
import { mediaForProduct } from '../../../../server/content/media';
import { viewerPricing } from '../../../../server/catalog/pricing';
import { availability, PRODUCT_SIMILAR_COUNT } from '../../../../server/catalog/product';
import { cacheForGuests, TAG } from '../../../../server/page-cache/mark';
import { t } from '../../../../i18n';
import { zCode } from '../../../../server/http/zod';

/** GET /web/product/detail/{code}/: everything the product page shows, as JSON. */
export const GET = endpoint(async (ctx) => {
  const code = zCode.safeParse(ctx.params.code);
  if (!code.success) throw invalid('code', `Код: ${code.error.issues[0]?.message ?? ''}`);
  const db = await getDb();
  const pricing = await viewerPricing(db, ctx.locals);
  const p = await productByCode(db, pricing, code.data);
  if (!p) throw notFoundError(t('CAT_ERR_PRODUCT_NOT_FOUND'));
  const [line, similar, faq, media] = await Promise.all([lineCards(db, pricing, p.lineCode, p.id), similarCards(db, pricing, p, PRODUCT_SIMILAR_COUNT), productFaq(db, p.id), mediaForProduct(db, p.id).then((m) => m ?? [])]);
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
