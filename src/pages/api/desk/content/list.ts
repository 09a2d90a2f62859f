import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { listContent, listInput } from '../../../../server/content/editor';

/** GET /api/desk/content/list/?q=&kind=&state=draft|scheduled|published|ended&page=&page_size= (editors) → {items, page_navigation}. */
export const GET = authed({ staff: 'content' }, async (ctx) => ok(await listContent(await getDb(), await parseInput(ctx, listInput, { q: 'Поиск' }))));
