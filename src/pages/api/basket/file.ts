import { endpoint, ok } from '../../../server/http/api';
import { getDb } from '../../../server/db/client';
import { matchLines } from '../../../server/basket/match';
import { parseOrderFile, uploadedFile } from '../../../server/basket/file';
import { viewerPricing } from '../../../server/catalog/pricing';
import { requestIp } from '../../../server/http/rate-limit';

/** POST api/basket/file/ (multipart, field `file`: XLSX or CSV) → the same report as find/. Nothing is added yet. */
export const POST = endpoint(async (ctx) => {
  const file = await uploadedFile(ctx.request);
  const lines = await parseOrderFile(file.name, file.bytes, requestIp(ctx));
  const db = await getDb();
  return ok({ file: file.name.slice(0, 120), ...(await matchLines(db, lines, await viewerPricing(db, ctx.locals))) });
});
