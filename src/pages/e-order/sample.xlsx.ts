import type { APIRoute } from 'astro';
import { getDb } from '../../server/db/client';
import { sampleXlsx } from '../../server/basket/sample';

/** GET /e-order/sample.xlsx: a filled-in sample of the quick-order spreadsheet. */
export const GET: APIRoute = async () =>
  new Response(new Uint8Array(await sampleXlsx(await getDb())), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="obrazec-zakaza.xlsx"`,
      'cache-control': 'public, max-age=3600',
    },
  });
