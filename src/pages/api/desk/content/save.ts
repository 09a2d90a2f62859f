import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { SAVE_LABELS, saveContent, saveInput } from '../../../../server/content/editor';

/**
 * POST /api/desk/content/save/ {kind: 'promotion'|'media'|'page', code, title, preview, body, starts, ends,
 * status: 'draft'|'published', discount?: {percent|price, sections, brands, articles, contractors}, …} → {id, url, state}.
 * Editors only (staff permission `content`). Dates without an offset are Minsk time.
 */
export const POST = authed({ staff: 'content' }, async (ctx, staff) => {
  const input = await parseInput(ctx, saveInput, SAVE_LABELS);
  return ok(await saveContent(await getDb(), staff.id, input));
});
