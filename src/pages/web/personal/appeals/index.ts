import { z } from 'astro/zod';
import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { zPage, zPageSize } from '../../../../server/http/zod';
import { getDb } from '../../../../server/db/client';
import { APPEALS_PAGE_SIZE, listAppeals } from '../../../../server/requests/appeals';
import { APPEAL_STATUSES, statusName } from '../../../../server/requests/thread';

const input = z.object({ status: z.enum(['all', 'open', 'closed']).default('all'), page: zPage, page_size: zPageSize(APPEALS_PAGE_SIZE, 50) });

/** GET /web/personal/appeals/ ?status=all|open|closed,page,page_size: the viewer's requests (a company admin: the company's). */
export const GET = authed({}, async (ctx, viewer) => {
  const q = await parseInput(ctx, input);
  const data = await listAppeals(await getDb(), viewer, { filter: q.status, page: q.page, pageSize: q.page_size });
  return ok({ ...data, statuses: APPEAL_STATUSES.map((code) => ({ code, name: statusName(code) })) });
});
