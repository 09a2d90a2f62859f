/**
 * Spec §2 route guards, in order: security headers, session, is-IE, is-auth, is-guest. Each is a
 * small function so it can be tested alone. add-slash happens before Astro's middleware: Astro
 * redirects GET/HEAD itself (trailingSlash: 'always'), scripts/server.mjs answers 308 for others.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { resolveSession } from './server/auth/session';
// Real SMS gateways register themselves with server/notifications/sms.ts (SMS_PROVIDER selects one).
import './server/notifications/sms-gateways';

const NON_PAGE = /^\/(api|web|_astro|_image|img|_server-islands)\//;

export const session = defineMiddleware(async (ctx, next) => {
  const resolved = ctx.isPrerendered ? { user: null, stale: false } : await resolveSession(ctx.request, ctx.url);
  ctx.locals.user = resolved.user;
  ctx.locals.staleSession = resolved.stale;
  return next();
});

const IE_UA = /MSIE |Trident\//;
export const IE_COOKIE = 'ie-notice';

/** is-IE: Internet Explorer visitors see /ie/ on their first entry only. */
export const isIE = defineMiddleware((ctx, next) => {
  const ua = ctx.request.headers.get('user-agent') ?? '';
  if (!IE_UA.test(ua) || ctx.url.pathname === '/ie/' || NON_PAGE.test(ctx.url.pathname)) return next();
  if (ctx.cookies.has(IE_COOKIE)) return next();
  ctx.cookies.set(IE_COOKIE, '1', { path: '/', maxAge: 31_536_000, sameSite: 'lax' });
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

export const securityHeaders = defineMiddleware(async (_ctx, next) => {
  const response = await next();
  const h = response.headers;
  h.set('x-content-type-options', 'nosniff');
  h.set('referrer-policy', 'strict-origin-when-cross-origin');
  if (!h.has('x-frame-options')) h.set('x-frame-options', 'SAMEORIGIN');
  return response;
});

export const onRequest = sequence(securityHeaders, session, isIE, isAuth, isGuest);
