import { endpoint, ok } from '../../../server/http/api';
import { parseForm, submitForm } from '../../../server/forms/forms';
import { getDb } from '../../../server/db/client';

/** POST /api/forms/feedback/ {name, email, phone?, message, captcha}. */
export const POST = endpoint(async (ctx) => {
  const db = await getDb();
  const input = await parseForm(ctx, 'feedback', db);
  const { id } = await submitForm(db, 'feedback', input);
  return ok({ id });
});
