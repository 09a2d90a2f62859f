import { endpoint, ok } from '../../server/http/api';
import { logout } from '../../server/auth/login';

/** POST /api/logout/: ends the session and clears the auth cookie. */
export const POST = endpoint(async (ctx) => {
  const headers = new Headers(ctx.request.headers);
  const token = ctx.request.headers.get('token');
  if (token && !headers.get('authorization')) headers.set('authorization', `Bearer ${token}`);
  const cookies = await logout(headers);
  const res = ok({ loggedOut: true });
  for (const c of cookies) res.headers.append('set-cookie', c);
  return res;
});
