import { endpoint, ok } from '../../../server/http/api';
import { parseForm, submitForm } from '../../../server/forms/forms';
import { getDb } from '../../../server/db/client';

/** POST /api/forms/callback/ {name, phone, topic, comment?, captcha}: request a call. */
export const POST = endpoint(async (ctx) => {
  const db = await getDb();
  const input = await parseForm(ctx, 'callback', db);
  const { id } = await submitForm(db, 'callback', input);
  return ok({ id });
});
