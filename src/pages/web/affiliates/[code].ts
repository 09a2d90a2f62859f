import { endpoint, notFound, ok } from '../../../server/http/api';
import { branchDetail, findBranch } from '../../../server/branches/branches';
import { getDb } from '../../../server/db/client';
import { viewerPricing } from '../../../server/catalog/pricing';

/** GET web/affiliates/{code}/ (code or numeric id): a branch and what is in stock there. */
export const GET = endpoint(async (ctx) => {
  const db = await getDb();
  const row = await findBranch(db, ctx.params.code ?? '');
  if (!row) return notFound();
  return ok(await branchDetail(db, await viewerPricing(db, ctx.locals), row));
});
