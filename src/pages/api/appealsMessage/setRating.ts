import { z } from 'astro/zod';
import { readRaw } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { zId } from '../../../server/http/zod';
import { getDb } from '../../../server/db/client';
import { rateMessage } from '../../../server/requests/appeals';
import { formAction, parseWith } from '../../../server/requests/form-post';
import { t } from '../../../i18n';

const input = z.object({ id: zId, rating: z.coerce.number().int().min(1).max(5) });

/** POST /api/appealsMessage/setRating/ {id, rating 1–5}: a staff answer in the viewer's request. */
export const POST = authed({}, async (ctx, viewer) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  const appeal = zId.safeParse(raw.appeal_id);
  const back = appeal.success ? `/personal/requests/${appeal.data}/#m${String(raw.id ?? '').replace(/\D/g, '')}` : '/personal/requests/';
  return formAction(ctx, raw, { back, okText: t('REQ_RATED') }, () => rateMessage(db, viewer, parseWith(input, raw)));
});
