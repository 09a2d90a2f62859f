import { z } from 'astro/zod';
import { authed } from '../../../server/http/guard';
import { zId } from '../../../server/http/zod';
import { getDb } from '../../../server/db/client';
import { addCustomerMessage, checkMessageText } from '../../../server/requests/appeals';
import { readPostWithFiles } from '../../../server/requests/files';
import { formAction, parseWith } from '../../../server/requests/form-post';
import { t } from '../../../i18n';

/** POST /api/appealsMessage/add/ {appeal_id, text, files[]} (JSON or multipart): the customer writes in their request. */
export const POST = authed({}, async (ctx, viewer) => {
  const db = await getDb();
  const { raw, files } = await readPostWithFiles(ctx);
  const id = zId.safeParse(raw.appeal_id);
  const back = id.success ? `/personal/requests/${id.data}/#reply` : '/personal/requests/';
  return formAction(ctx, raw, { back, okText: t('REQ_SENT'), done: () => back.replace('#reply', '#last') }, async () => {
    const { appeal_id } = parseWith(z.object({ appeal_id: zId }), raw);
    return addCustomerMessage(db, viewer, { appealId: appeal_id, text: checkMessageText(raw.text), files });
  });
});
