import { z } from 'astro/zod';
import { readRaw } from '../../../../../server/http/api';
import { authed } from '../../../../../server/http/guard';
import { zId } from '../../../../../server/http/zod';
import { getDb } from '../../../../../server/db/client';
import { formAction, parseWith } from '../../../../../server/requests/form-post';
import { saveWarehouseMap } from '../../../../../server/exchange/warehouses';
import { t } from '../../../../../i18n';

/** «Не показывать остатки»: an empty choice or `none` (the form's option), or JSON null. */
const zBranch = z.union([z.null(), z.literal('').transform(() => null), z.literal('none').transform(() => null), zId]);

const schema = z.object({
  warehouses: z
    .array(z.object({ id: z.string().trim().min(1).max(200), branch_id: zBranch }))
    .min(1, { error: t('WH_ERR_NONE') })
    .max(2000),
});

/**
 * The page's form names each select `branch:<1C Ид>` (a form cannot post a list of pairs); JSON callers
 * send `{warehouses: [{id, branch_id}]}`. Both become the same list before zod checks it.
 */
function asList(raw: Record<string, unknown>): Record<string, unknown> {
  if (raw.warehouses !== undefined) return raw;
  const warehouses = Object.entries(raw)
    .filter(([k]) => k.startsWith('branch:'))
    .map(([k, v]) => ({ id: k.slice('branch:'.length), branch_id: v }));
  return { warehouses };
}

/**
 * POST /api/desk/exchange/warehouses/save/ (staff) → {changed, products}: maps 1C's warehouses to branches
 * (or to none) and moves their stock at once (server/exchange/warehouses.ts). A form post goes back to the page.
 */
export const POST = authed({ staff: 'prices' }, async (ctx, staff) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  return formAction(ctx, raw, { back: '/desk/exchange/warehouses/', okText: t('WH_SAVED') }, async () => saveWarehouseMap(db, staff, parseWith(schema, asList(raw), { warehouses: 'Склады' }).warehouses));
});
