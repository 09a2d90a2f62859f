import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { getUserInput } from '../../../../server/company/input';
import { getCompanyUser, grantablePermissions } from '../../../../server/company/users';

/** GET web/personal/contragent/getUser/ ?userId → one user of the admin's company (404 for anyone else's) and the permissions an admin can grant. */
export const GET = authed({ admin: true }, async (ctx, viewer) => {
  const { userId } = await parseInput(ctx, getUserInput);
  return ok({ user: await getCompanyUser(await getDb(), viewer, userId), permissions: grantablePermissions() });
});
