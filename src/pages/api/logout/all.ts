import { ok, wantsRedirect } from '../../../server/http/api';
import { authed } from '../../../server/http/guard';
import { getDb } from '../../../server/db/client';
import { endAllSessions } from '../../../server/auth/sessions';
import { clearSessionCookies, endReasonCookie } from '../../../server/http/refusals';

/**
 * POST /api/logout/all/ («Выйти на всех устройствах», issue 30): ends every session of the user, this
 * one included; the other devices' next request lands on the login page, which says why. A no-JS
 * form post lands there at once.
 */
export const POST = authed({}, async (ctx, viewer) => {
  const ended = await endAllSessions(await getDb(), viewer.id, 'everywhere');
  const res = wantsRedirect(ctx) ? new Response(null, { status: 303, headers: { location: '/login/', 'cache-control': 'no-store' } }) : ok({ loggedOut: true, endedSessions: ended });
  for (const c of clearSessionCookies()) res.headers.append('set-cookie', c);
  res.headers.append('set-cookie', endReasonCookie('everywhere'));
  return res;
});
