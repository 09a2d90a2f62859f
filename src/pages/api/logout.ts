import { endpoint, ok, wantsRedirect } from '../../server/http/api';
import { logout } from '../../server/auth/login';

/** POST /api/logout/: ends the session and clears the auth cookie; a no-JS form post lands on the home page. */
export const POST = endpoint(async (ctx) => {
  const headers = new Headers(ctx.request.headers);
  const token = ctx.request.headers.get('token');
  if (token && !headers.get('authorization')) headers.set('authorization', `Bearer ${token}`);
  const cookies = await logout(headers);
  const res = wantsRedirect(ctx) ? new Response(null, { status: 303, headers: { location: '/', 'cache-control': 'no-store' } }) : ok({ loggedOut: true });
  for (const c of cookies) res.headers.append('set-cookie', c);
  return res;
});
