import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { previewHtml, previewInput } from '../../../../server/content/editor';

/** POST /api/desk/content/preview/ {body} (editors) → {html}: the text as it will be printed, sanitised as a save sanitises it. */
export const POST = authed({ staff: 'content' }, async (ctx) => {
  const { body } = await parseInput(ctx, previewInput, { body: 'Текст' });
  return ok({ html: await previewHtml(body) });
});
