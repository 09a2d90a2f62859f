import { ok } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { scopeOf } from '../../../server/auth/permissions';

/** GET /web/profile/get/ → data.user of the signed-in user (with the spec's `scope`); code 101 for guests. */
export const GET = authed({}, async (_ctx, viewer) => {
  const { can: _can, ownerKey: _owner, ...user } = viewer;
  return ok({ user: { ...user, scope: scopeOf(viewer) } });
});
