import { endpoint, notAuthenticated, ok } from '../../../server/http/api';

/** GET /web/profile/get/ → data.user of the signed-in user; code 101 for guests. */
export const GET = endpoint(async (ctx) => {
  const user = ctx.locals.user;
  if (!user) return notAuthenticated();
  return ok({ user: { ...user, scope: user.isContragentAdmin ? ['isContragentAdmin'] : [] } });
});
