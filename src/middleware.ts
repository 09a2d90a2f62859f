/**
 * Spec §2 route guards, in order: security headers, refusals, session, is-IE, is-auth, is-guest.
 * Each is a small function so it can be tested alone. add-slash happens before Astro's middleware:
 * Astro redirects GET/HEAD itself (trailingSlash: 'always'), scripts/server.mjs answers 308 for
 * others. The page cache in front of Astro (server/page-cache/front.ts) applies the same is-IE rule
 * and never answers a request that carries a session. Broken addresses are refused even earlier
 * (server/http/early.ts).
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { hasAuthCredentials, resolveSession, sessionCredential } from './server/auth/session';
import { endReason } from './server/auth/sessions';
import { PRIVATE_CACHE_CONTROL } from './server/page-cache/mark';
import { IE_COOKIE, needsIeNotice } from './server/http/ie';
import { SECURITY_HEADERS, secureCookies } from './server/http/security-headers';
import { allowedMethods, answersStaleSession, clearSessionCookies, endReasonCookie, crossSiteRefusal, hintProxyOrigin, isCall, isCrossSiteWrite, isExchange, methodNotAllowed, sessionEnded } from './server/http/refusals';
import { withRuntimeCsp } from './server/http/csp';
import { notFound } from './server/http/api';
import { t } from './i18n';
import { startBackgroundWork } from './server/background';
import { wholeHtml } from './server/http/whole-page';
import { collectShownProducts, tagShownProducts } from './server/page-cache/shown';
import { ensurePromoRules } from './server/catalog/promo-rules';
import { viewerPricing } from './server/catalog/pricing';
import { getDb } from './server/db/client';
import { NO_PROFILE, PROFILE_HEADER, PROFILE_PENDING, pageProfileOf } from './server/page-cache/profile';
import { CACHE_HEADER } from './server/page-cache/store';

/**
 * Refusals before anything runs: a cross-site form post (403, the error page for pages), a call
 * address with no endpoint (JSON 404), a method the endpoint does not take (JSON 405 with Allow).
 */
export const refusals = defineMiddleware(async (ctx, next) => {
  if (ctx.isPrerendered || isExchange(ctx.url.pathname)) return next();
  const call = isCall(ctx.url.pathname);
  if (isCrossSiteWrite(ctx.request, ctx.url)) {
    hintProxyOrigin(ctx.request, ctx.url);
    return call ? crossSiteRefusal() : next('/error/?code=403&reason=cross-site');
  }
  // Feeds are read by programs: a wrong method gets the JSON 405 they can read, not an HTML page (issue 28).
  if (ctx.url.pathname.startsWith('/feed/') && ctx.request.method !== 'GET' && ctx.request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  if (call) {
    const allow = await allowedMethods(ctx.routePattern);
    // No call lives at this address: the envelope's 404, not the HTML page.
    if (!allow) return notFound(t('ERR_NO_SUCH_CALL'));
    if (!allow.includes(ctx.request.method)) return methodNotAllowed(allow);
  }
  return next();
});

export const session = defineMiddleware(async (ctx, next) => {
  const resolved = ctx.isPrerendered ? { user: null, stale: false } : await resolveSession(ctx.request, ctx.url);
  // Every price a page or call builds, SQL included, sees the promotions' current rules (a no-op while they are).
  if (!ctx.isPrerendered) await ensurePromoRules(await getDb());
  ctx.locals.user = resolved.user;
  ctx.locals.staleSession = resolved.stale;
  if (!resolved.stale) {
    // A page for a session cookie: the page cache learns (and strips) the session's pricing profile (decision 0310).
    // The profile is computed only for a page its route marked cacheable (`profile=?`): no work for the personal area.
    const profiled = resolved.user && ctx.request.method === 'GET' && !isCall(ctx.url.pathname) && sessionCredential(ctx.request, ctx.url)?.kind === 'cookie';
    if (!profiled) return next();
    ctx.locals.pageProfile = PROFILE_PENDING;
    const response = await next();
    const mark = response.headers.get(CACHE_HEADER);
    if (!mark?.includes(`profile=${PROFILE_PENDING}`)) return response;
    const profile = pageProfileOf(resolved.user!, await viewerPricing(await getDb(), ctx.locals));
    try {
      if (profile) response.headers.set(CACHE_HEADER, mark.replace(`profile=${PROFILE_PENDING}`, `profile=${profile}`));
      else response.headers.delete(CACHE_HEADER);
      response.headers.set(PROFILE_HEADER, profile ?? NO_PROFILE);
    } catch {
      /* an immutable redirect: the next page tells it */
    }
    return response;
  }
  // A credential that no longer stands: calls answer 101 (islands log out and go to /login/,
  // spec §8) instead of quietly serving a guest's basket; pages render for a guest. Either way a
  // dead cookie is cleared, so the next request is an ordinary guest's. When the server ended it
  // (password changed, blocked…), the reason goes along for the login page to say.
  const reason = await endReason(await getDb(), ctx.request, ctx.url);
  ctx.locals.sessionEndReason = reason;
  if (answersStaleSession(ctx.url.pathname)) return sessionEnded(reason);
  const response = await next();
  // …unless this very answer sets a new session (a sign-in made with the dead cookie still in place).
  if (sessionCredential(ctx.request, ctx.url)?.kind === 'cookie' && !response.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))) {
    try {
      response.headers.set(PROFILE_HEADER, NO_PROFILE);
      for (const c of clearSessionCookies()) response.headers.append('set-cookie', c);
      if (reason && !ctx.url.pathname.startsWith('/login/')) response.headers.append('set-cookie', endReasonCookie(reason));
    } catch {
      /* an immutable redirect: the next call's 101 clears it */
    }
  }
  return response;
});

/** is-IE: Internet Explorer visitors see /ie/ on their first entry only. */
export const isIE = defineMiddleware((ctx, next) => {
  if (!needsIeNotice(ctx.request.headers.get('user-agent') ?? undefined, ctx.request.headers.get('cookie') ?? undefined, ctx.url.pathname)) return next();
  ctx.cookies.set(IE_COOKIE, '1', { path: '/', maxAge: 31_536_000, sameSite: 'lax', secure: secureCookies() });
  return ctx.redirect('/ie/', 302);
});

const AUTH_ONLY = /^\/(personal|desk)\//;
const GUEST_ONLY = /^\/(login|registration|restore)\//;

/** is-auth: the personal area needs a session; the target is remembered for after login. */
export const isAuth = defineMiddleware((ctx, next) => {
  if (!AUTH_ONLY.test(ctx.url.pathname) || ctx.locals.user) return next();
  const back = ctx.url.pathname + ctx.url.search;
  return ctx.redirect(`/login/?backurl=${encodeURIComponent(back)}`, 302);
});

/** is-guest: login and registration make no sense when signed in. */
export const isGuest = defineMiddleware((ctx, next) => {
  if (!GUEST_ONLY.test(ctx.url.pathname) || !ctx.locals.user) return next();
  return ctx.redirect('/personal/summary/', 302);
});

export const securityHeaders = defineMiddleware(async (ctx, next) => {
  if (!ctx.isPrerendered) startBackgroundWork();
  // A component that fails mid-page then gives the 500 page instead of a cut connection. Whole, the
  // render has also noted every product it printed: a cached copy carries their tags.
  const { result: response, ids } = await collectShownProducts(async () => wholeHtml(await next()));
  const h = response.headers;
  try {
    tagShownProducts(h, ids);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!h.has(k)) h.set(k, v);
    // HTML is always declared UTF-8 (Astro writes a bare text/html).
    const type = h.get('content-type');
    if (type && /^text\/html\s*$/i.test(type)) h.set('content-type', 'text/html; charset=utf-8');
    const csp = h.get('content-security-policy');
    if (csp) h.set('content-security-policy', withRuntimeCsp(csp));
    // What is answered to a session is that user's unless a route says otherwise (cachePage and
    // cacheForGuests already answer `private, no-store` to one): no shared cache keeps it.
    if (!h.has('cache-control') && hasAuthCredentials(ctx.request, ctx.url)) h.set('cache-control', PRIVATE_CACHE_CONTROL);
  } catch {
    /* immutable headers (Response.redirect): nothing to add to a redirect */
  }
  return response;
});

export const onRequest = sequence(securityHeaders, refusals, session, isIE, isAuth, isGuest);
