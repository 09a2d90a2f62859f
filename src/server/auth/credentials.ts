/**
 * Does a request carry a session credential, and which? Pure (no database, no better-auth), so the
 * page cache in front of Astro (server/page-cache/front.ts, run by Node directly) and the session
 * resolution share one rule: a request with any credential never reads or writes the shared cache.
 */
/** Spec §3: the auth token lives in a cookie with a prefix and a one-week lifetime. */
export const AUTH_COOKIE_PREFIX = 'instr';
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;

type HeaderGet = (name: string) => string | null | undefined;

export type Credential = { kind: 'bearer' | 'cookie'; value: string };

/**
 * The credential a request carries, by precedence: the `Authorization` header, the spec's `token`
 * header, the session cookie, and last the spec's `token` query parameter (a link must not be able
 * to override the visitor's own cookie). Null when there is none.
 */
export function findCredential(header: HeaderGet, query: string): Credential | null {
  const auth = header('authorization');
  if (auth) return { kind: 'bearer', value: auth.replace(/^Bearer\s+/i, '') };
  const token = header('token');
  if (token) return { kind: 'bearer', value: token };
  if ((header('cookie') ?? '').includes(SESSION_COOKIE)) return { kind: 'cookie', value: '' };
  if (query.includes('token=')) {
    const value = new URLSearchParams(query).get('token');
    if (value) return { kind: 'bearer', value };
  }
  return null;
}
