import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { addManagerInput } from '../../../../server/company/input';
import { addManager } from '../../../../server/company/manage';

/** POST api/profile/contragent/addManager/ {name, email, phone?, position?, permissions?, orderLimit?} → the new user; an invitation e-mail goes out. */
export const POST = authed({ admin: true }, async (ctx, viewer) => {
  const input = await parseInput(ctx, addManagerInput);
  return ok(await addManager(await getDb(), viewer, input));
});
