import type { APIRoute } from 'astro';
import { getDb } from '../../server/db/client';
import { sampleCsv } from '../../server/basket/sample';

/** GET /e-order/sample.csv: the same sample as CSV (UTF-8 with BOM, semicolons). */
export const GET: APIRoute = async () =>
  new Response(await sampleCsv(await getDb()), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="obrazec-zakaza.csv"`, 'cache-control': 'public, max-age=3600' },
  });
