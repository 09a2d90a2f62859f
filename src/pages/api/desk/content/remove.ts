import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { removeContent, removeInput } from '../../../../server/content/editor';

/** POST /api/desk/content/remove/ {kind, code} (editors): the entry and its revisions are deleted; the journal keeps the act. */
export const POST = authed({ staff: 'content' }, async (ctx, staff) => ok(await removeContent(await getDb(), staff.id, await parseInput(ctx, removeInput, { kind: 'Тип', code: 'Адрес' }))));
