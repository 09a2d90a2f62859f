import { z } from 'astro/zod';
import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { listTasks } from '../../../../server/desk/search-tasks';

/** GET /api/desk/searchTasks/list/?q= (editors) → {items}: every task of the search, or those whose name or phrases hold q. */
export const GET = authed({ staff: 'content' }, async (ctx) => {
  const { q } = await parseInput(ctx, z.object({ q: z.string().max(100).default('') }), { q: 'Поиск' });
  return ok({ items: await listTasks(await getDb(), q) });
});
