import { z } from 'astro/zod';
import { readRaw } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { zId } from '../../../server/http/zod';
import { getDb } from '../../../server/db/client';
import { rateAppeal } from '../../../server/requests/appeals';
import { formAction, parseWith } from '../../../server/requests/form-post';
import { t } from '../../../i18n';

const input = z.object({ id: zId, rating: z.coerce.number().int().min(1).max(5) });

/** POST /api/appeals/setRating/ {id, rating 1–5}: how the request was handled (after the store answered). */
export const POST = authed({}, async (ctx, viewer) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  const id = zId.safeParse(raw.id);
  const back = id.success ? `/personal/requests/${id.data}/#rate` : '/personal/requests/';
  return formAction(ctx, raw, { back, okText: t('REQ_RATED') }, () => rateAppeal(db, viewer, parseWith(input, raw)));
});
