import { z } from 'astro/zod';
import { endpoint, ok, parseInput } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { notFoundError } from '../../../server/catalog/api';
import { codeByArticle } from '../../../server/catalog/product';
import { t } from '../../../i18n';

const input = z.object({ article: z.string().trim().min(1).max(100) });

/** POST /api/product/getcode/ {article} → data.CODE (the QR route and "add by article" use it). */
export const POST = endpoint(async (ctx) => {
  const q = await parseInput(ctx, input);
  const code = await codeByArticle(await getDb(), q.article);
  if (!code) throw notFoundError(t('CAT_ERR_PRODUCT_NOT_FOUND'));
  return ok({ CODE: code, URL: `/${code}/` });
});
