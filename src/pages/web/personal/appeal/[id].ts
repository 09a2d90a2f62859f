import { z } from 'astro/zod';
import { ok } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { zId } from '../../../../server/http/zod';
import { getDb } from '../../../../server/db/client';
import { getAppeal } from '../../../../server/requests/appeals';
import { parseWith } from '../../../../server/requests/form-post';

/** GET /web/personal/appeal/{id}/: the request, its links and fields, and the thread with files. Marks the replies read. */
export const GET = authed({}, async (ctx, viewer) => {
  const { id } = parseWith(z.object({ id: zId }), { id: ctx.params.id });
  return ok(await getAppeal(await getDb(), viewer, id));
});
