import { endpoint, ok } from '../../../server/http/api';
import { parseForm, submitForm } from '../../../server/forms/forms';
import { getDb } from '../../../server/db/client';

/** POST /api/forms/callback/ {name, phone, topic, comment?, captcha}: request a call. */
export const POST = endpoint(async (ctx) => {
  const input = await parseForm(ctx, 'callback');
  const { id } = await submitForm(await getDb(), 'callback', input);
  return ok({ id });
});
