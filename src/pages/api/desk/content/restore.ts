import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { restoreContent, restoreInput } from '../../../../server/content/editor';

/** POST /api/desk/content/restore/ {kind, code, revision} (editors): the entry as that revision saved it → {id, url, state}. */
export const POST = authed({ staff: 'content' }, async (ctx, staff) => ok(await restoreContent(await getDb(), staff.id, await parseInput(ctx, restoreInput, { kind: 'Тип', code: 'Адрес', revision: 'Редакция' }))));
