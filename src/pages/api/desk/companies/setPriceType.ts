import { z } from 'astro/zod';
import { readRaw } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { zId } from '../../../../server/http/zod';
import { getDb } from '../../../../server/db/client';
import { formAction, parseWith } from '../../../../server/requests/form-post';
import { setCompanyPriceType } from '../../../../server/exchange/price-types';
import { t } from '../../../../i18n';

const schema = z.object({
  company_id: zId,
  // «Без прайса»: empty, `none`, or JSON null.
  price_type_id: z.union([z.null(), z.literal('').transform(() => null), z.literal('none').transform(() => null), zId]),
  // Where the form came from (the search it was found by), to go back to it.
  q: z.string().max(100).optional(),
});

/**
 * POST /api/desk/companies/setPriceType/ {company_id, price_type_id|null} (staff) → {company_id, price_type_id, price_type}:
 * the company's contract price list (server/exchange/price-types.ts). Its users see the list prices on their next request.
 */
export const POST = authed({ staff: 'prices' }, async (ctx, staff) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  const q = typeof raw.q === 'string' ? raw.q.slice(0, 100) : '';
  const back = `/desk/exchange/price-types/${q ? `?q=${encodeURIComponent(q)}` : ''}`;
  return formAction(ctx, raw, { back, okText: t('PT_SAVED') }, async () => {
    const input = parseWith(schema, raw, { company_id: 'Компания', price_type_id: 'Тип цен', q: 'Поиск' });
    return setCompanyPriceType(db, staff, { company_id: input.company_id, price_type_id: input.price_type_id });
  });
});
