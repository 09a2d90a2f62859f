import { z } from 'astro/zod';
import { readRaw } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { zId } from '../../../../server/http/zod';
import { getDb } from '../../../../server/db/client';
import { formAction, parseWith } from '../../../../server/requests/form-post';
import { removeTask } from '../../../../server/desk/search-tasks';
import { t } from '../../../../i18n';

/** POST /api/desk/searchTasks/remove/ {id} (editors): the task is gone from the search on every node. */
export const POST = authed({ staff: 'content' }, async (ctx, staff) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  return formAction(ctx, raw, { back: '/desk/search-tasks/', okText: t('STASK_REMOVED') }, () => removeTask(db, staff, parseWith(z.object({ id: zId }), raw).id));
});
