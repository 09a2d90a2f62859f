import { z } from 'astro/zod';
import { readRaw } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { zId } from '../../../../server/http/zod';
import { getDb } from '../../../../server/db/client';
import { formAction, parseWith } from '../../../../server/requests/form-post';
import { staffSetStatus } from '../../../../server/desk/queue';
import { t } from '../../../../i18n';

const input = z.object({ id: zId, status: z.enum(['open', 'in_progress', 'closed']) });

/** POST /api/desk/appeals/setStatus/ {id, status} (staff). */
export const POST = authed({ staff: 'requests' }, async (ctx, staff) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  const id = zId.safeParse(raw.id);
  return formAction(ctx, raw, { back: id.success ? `/desk/requests/${id.data}/` : '/desk/', okText: t('DESK_STATUS_DONE') }, () => staffSetStatus(db, staff, parseWith(input, raw)));
});
