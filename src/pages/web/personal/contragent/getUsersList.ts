import { ok, parseInput } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { getDb } from '../../../../server/db/client';
import { usersListInput } from '../../../../server/company/input';
import { listCompanyUsers } from '../../../../server/company/users';

/**
 * GET web/personal/contragent/getUsersList/ ?page,inactive,search → the admin's company users of one
 * tab (`activeUsers`, or `blockedUsers` with inactive=Y), pageNavigation (20 a page), haveBlocked.
 */
export const GET = authed({ admin: true }, async (ctx, viewer) => {
  const input = await parseInput(ctx, usersListInput);
  return ok(await listCompanyUsers(await getDb(), viewer, { blocked: input.inactive, page: input.page, search: input.search }));
});
