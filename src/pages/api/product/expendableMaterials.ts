import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { pageNavigation } from '../../../server/http/paging';
import { getDb } from '../../../server/db/client';
import { productFromInput } from '../../../server/catalog/api';
import { expendableCards, expendableSections } from '../../../server/catalog/product';
import { viewerPricing } from '../../../server/catalog/pricing';
import { EXPENDABLES_PAGE_SIZE } from '../../../config/constants';
import { zCode, zId, zPage } from '../../../server/http/zod';

const input = z.object({ code: zCode, sectionId: zId.optional(), pageSize: z.coerce.number().int().min(1).max(50).default(EXPENDABLES_PAGE_SIZE), page: zPage });

/** POST /api/product/expendableMaterials/?page {code, sectionId?, pageSize = 7}: consumables that fit, paged. */
export const POST = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const db = await getDb();
  const p = await productFromInput(db, { code: q.code });
  const pricing = await viewerPricing(db, ctx.locals);
  const [page, sections] = await Promise.all([expendableCards(db, pricing, p.id, { page: q.page, pageSize: q.pageSize, sectionId: q.sectionId }), expendableSections(db, p.id)]);
  return ok({ items: page.items, sections, page_navigation: pageNavigation(page.total, page.page, page.pageSize) });
});
