import { z } from 'astro/zod';
import { readRaw } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { zId } from '../../../server/http/zod';
import { getDb } from '../../../server/db/client';
import { setCustomerStatus } from '../../../server/requests/appeals';
import { formAction, parseWith } from '../../../server/requests/form-post';
import { t } from '../../../i18n';

const input = z.object({ id: zId, status: z.enum(['open', 'closed']) });

/** POST /api/appeals/setStatus/ {id, status: 'closed' | 'open'}: the customer closes or reopens their request. */
export const POST = authed({}, async (ctx, viewer) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  const id = zId.safeParse(raw.id);
  const back = id.success ? `/personal/requests/${id.data}/` : '/personal/requests/';
  const okText = raw.status === 'closed' ? t('REQ_CLOSED_OK') : t('REQ_REOPENED_OK');
  return formAction(ctx, raw, { back, okText }, () => setCustomerStatus(db, viewer, parseWith(input, raw)));
});
