import { endpoint, ok } from '../../../server/http/api';
import { parseForm, submitForm } from '../../../server/forms/forms';
import { getDb } from '../../../server/db/client';

/** POST /api/guarantee/addRequest/: register a warranty (product, serial, purchase date, shop, contacts). */
export const POST = endpoint(async (ctx) => {
  const db = await getDb();
  const input = await parseForm(ctx, 'guarantee', db);
  const { id } = await submitForm(db, 'guarantee', input);
  return ok({ id, redirect: `/guaranty-response/?n=${id}` });
});
