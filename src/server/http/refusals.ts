/**
 * The request refusals src/middleware.ts makes before any endpoint or page runs, each answered in
 * Russian (docs/decisions/0180-security.md):
 *
 * - a method the endpoint does not export → JSON 405 with `Allow` (one rule for every call, read
 *   from the endpoint module's own exports);
 * - a cross-site form post → 403 (Astro's own origin check answers in English and knows nothing
 *   of a TLS-terminating proxy, so it is off and this one runs instead);
 * - a call made with a session credential that no longer stands → 101, and the dead cookie is cleared.
 */
import { t } from '../../i18n';
import { SESSION_COOKIE } from '../auth/credentials';
import { ERR, fail } from './api';
import { config, type Config } from '../config';

export const isCall = (pathname: string) => /^\/(api|web)\//.test(pathname);

/**
 * The 1C exchange's two addresses (server/exchange/endpoint.ts): 1C posts files without an Origin and
 * with no or any Content-Type; its own session cookie, not a browser's, authorises each request, so
 * the cross-site form refusal does not apply there — and only there.
 */
export const isExchange = (pathname: string) => pathname === '/bitrix/admin/1c_exchange.php' || pathname === '/1c_exchange.php';

const ENDPOINTS = import.meta.glob<Record<string, unknown>>(['../../pages/api/**/*.ts', '../../pages/web/**/*.ts']);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const allowed = new Map<string, string[] | null>();

/** The methods an endpoint exports (GET brings HEAD; ALL means every one), or null when no endpoint file serves the route. */
export async function allowedMethods(routePattern: string): Promise<string[] | null> {
  const known = allowed.get(routePattern);
  if (known !== undefined) return known;
  const base = `../../pages${routePattern.replace(/\/$/, '')}`;
  const load = ENDPOINTS[`${base}.ts`] ?? ENDPOINTS[`${base}/index.ts`];
  let allow: string[] | null = null;
  if (load) {
    const mod = await load();
    allow = typeof mod.ALL === 'function' ? [...METHODS, 'HEAD'] : METHODS.filter((m) => typeof mod[m] === 'function');
    if (allow.includes('GET') && !allow.includes('HEAD')) allow.splice(1, 0, 'HEAD');
  }
  allowed.set(routePattern, allow);
  return allow;
}

export function methodNotAllowed(allow: string[]): Response {
  const res = fail(405, [{ code: ERR.METHOD, message: t('ERR_METHOD_NOT_ALLOWED').replace('{allow}', allow.join(', ')) }]);
  res.headers.set('allow', allow.join(', '));
  return res;
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/**
 * Origins this site answers to: the request's own, SITE_URL's (the public address behind a
 * TLS-terminating proxy), and — only with TRUST_PROXY=1 — the one X-Forwarded-Proto/-Host name.
 */
export function siteOrigins(request: Request, url: URL, env: Pick<Config, 'SITE_URL' | 'TRUST_PROXY'> = config()): Set<string> {
  const out = new Set([url.origin]);
  if (env.SITE_URL) {
    try {
      out.add(new URL(env.SITE_URL).origin);
    } catch {
      /* a broken SITE_URL adds nothing */
    }
  }
  if (env.TRUST_PROXY) {
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    const host = (request.headers.get('x-forwarded-host') ?? request.headers.get('host'))?.split(',')[0]?.trim();
    if ((proto === 'https' || proto === 'http') && host && HOST.test(host)) out.add(`${proto}://${host.toLowerCase()}`);
  }
  return out;
}

/**
 * A write from another site (CSRF), refused before anything runs — one check for every unsafe call and
 * form (issue 28: JSON calls took a foreign Origin, leaving SameSite cookies and the preflight as the
 * only guard). Refused: an Origin that is not this site's (`null` included), a browser's
 * `Sec-Fetch-Site: cross-site`, and — Astro's rule — a form-like or untyped body with no Origin at all.
 * A JSON call with neither header is a program, not a browser (1C, an integration, curl): it passes.
 */
export function isCrossSiteWrite(request: Request, url: URL, env: Pick<Config, 'SITE_URL' | 'TRUST_PROXY'> = config()): boolean {
  if (SAFE.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin) return !siteOrigins(request, url, env).has(origin);
  if (request.headers.get('sec-fetch-site')?.toLowerCase() === 'cross-site') return true;
  const type = request.headers.get('content-type')?.toLowerCase();
  if (type) return FORM_TYPES.some((f) => type.includes(f));
  return true;
}

let proxyHinted = false;

/**
 * Logs once per process why a refusal is probably the store's own configuration: the Origin is this very
 * host over https while the request arrived over http — a TLS-terminating proxy, and SITE_URL not naming
 * the public address.
 */
export function hintProxyOrigin(request: Request, url: URL, env: Pick<Config, 'SITE_URL'> = config()): void {
  if (proxyHinted || env.SITE_URL) return;
  const origin = request.headers.get('origin');
  if (!origin || url.protocol !== 'http:') return;
  try {
    if (new URL(origin).protocol === 'https:' && new URL(origin).host === url.host) {
      proxyHinted = true;
      console.warn(`[refusals] a post from ${origin} was refused as cross-site: the store is behind an https proxy — set SITE_URL=${origin} (and TRUST_PROXY)`);
    }
  } catch {
    /* a malformed Origin is just refused */
  }
}

export function crossSiteRefusal(): Response {
  return fail(403, [{ code: ERR.FORBIDDEN, message: t('ERR_CROSS_SITE') }]);
}

/**
 * Calls that must work with a dead credential: signing in and out, health, captcha, texts — and the
 * payment provider's notifications, whose `Authorization: Basic` (shop id and secret) is no session.
 */
const SESSION_FREE = /^\/api\/(authentication|logout|health|captcha|translation|registration|restore|payments\/notify)\//;

export const answersStaleSession = (pathname: string) => isCall(pathname) && !SESSION_FREE.test(pathname);

/** Set-Cookie values that end better-auth's cookies (plain and `__Secure-` names). */
export function clearSessionCookies(): string[] {
  const prefix = SESSION_COOKIE.replace(/\.session_token$/, '');
  const out: string[] = [];
  for (const name of ['session_token', 'session_data', 'dont_remember']) {
    out.push(`${prefix}.${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    out.push(`__Secure-${prefix}.${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`);
  }
  return out;
}

/** The cookie that carries why a session was ended to the login page the browser goes to next (it shows it once, then drops it). */
export const END_REASON_COOKIE = 'session_end';
export function endReasonCookie(reason: string): string {
  return `${END_REASON_COOKIE}=${reason}; Path=/; Max-Age=600; HttpOnly; SameSite=Lax`;
}

/** The 101 answer to a call made with a session that has ended (expired, logged out, blocked); `reason` when the server ended it. */
export function sessionEnded(reason?: string | null): Response {
  const res = fail(401, [{ code: ERR.NOT_AUTH, message: t('ERR_SESSION_ENDED') }]);
  for (const c of clearSessionCookies()) res.headers.append('set-cookie', c);
  if (reason) res.headers.append('set-cookie', endReasonCookie(reason));
  return res;
}
