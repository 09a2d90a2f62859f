import { z } from 'astro/zod';
import { endpoint, ERR, HttpError, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { matchLines, MAX_LINES, parseText } from '../../../server/basket/match';
import { t } from '../../../i18n';
import { viewerPricing } from '../../../server/catalog/pricing';

const input = z.object({ search: z.string().trim().min(1).max(100_000) });

/** POST api/basket/find/ {search}: one article, or a pasted list (article and quantity per line) → found / not found / ambiguous. */
export const POST = endpoint(async (ctx) => {
  const { search } = await parseInput(ctx, input);
  const lines = parseText(search);
  if (lines.length > MAX_LINES) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'search', message: t('BASKET_ERR_TOO_MANY_LINES') }]);
  const db = await getDb();
  return ok(await matchLines(db, lines, await viewerPricing(db, ctx.locals)));
});
