import { z } from 'astro/zod';
import { authed } from '../../../../server/http/guard';
import { zFlag, zId } from '../../../../server/http/zod';
import { getDb } from '../../../../server/db/client';
import { checkMessageText } from '../../../../server/requests/appeals';
import { readPostWithFiles } from '../../../../server/requests/files';
import { formAction, parseWith } from '../../../../server/requests/form-post';
import { staffReply } from '../../../../server/desk/queue';
import { t } from '../../../../i18n';

const input = z.object({ appeal_id: zId, close: zFlag.optional() });

/** POST /api/desk/appeals/reply/ {appeal_id, text, files[], close?} (staff): answers a request; the author is notified and e-mailed. */
export const POST = authed({ staff: 'requests' }, async (ctx, staff) => {
  const db = await getDb();
  const { raw, files } = await readPostWithFiles(ctx);
  if (raw.close === 'on') raw.close = 'Y';
  const id = zId.safeParse(raw.appeal_id);
  const back = id.success ? `/desk/requests/${id.data}/` : '/desk/';
  return formAction(ctx, raw, { back, okText: t('DESK_REPLIED') }, async () => {
    const q = parseWith(input, raw);
    return staffReply(db, staff, { appealId: q.appeal_id, text: checkMessageText(raw.text), files, close: q.close ?? false });
  });
});
