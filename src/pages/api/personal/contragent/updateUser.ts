import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { updateUserInput } from '../../../../server/company/input';
import { updateCompanyUser } from '../../../../server/company/manage';

/** POST api/personal/contragent/updateUser/ {userId, name, phone, position, permissions, orderLimit} → the user as saved. */
export const POST = authed({ admin: true }, async (ctx, viewer) => {
  const input = await parseInput(ctx, updateUserInput);
  return ok({ user: await updateCompanyUser(await getDb(), viewer, input) });
});
