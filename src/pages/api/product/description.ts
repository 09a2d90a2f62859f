import { viewerPricing } from '../../../server/catalog/pricing';
import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { notFoundError } from '../../../server/catalog/api';
import { productByCode } from '../../../server/catalog/product';
import { t } from '../../../i18n';
import { zCode } from '../../../server/http/zod';

const input = z.object({ code: zCode });

/** POST /api/product/description/ {code}: description and properties. */
export const POST = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const db = await getDb();
  const p = await productByCode(db, await viewerPricing(db, ctx.locals), q.code);
  if (!p) throw notFoundError(t('CAT_ERR_PRODUCT_NOT_FOUND'));
  return ok({ code: p.code, name: p.name, description: p.description, properties: p.properties, guarantee: p.guaranteeInfo });
});
