/**
 * Spec §2 route guards, in order: security headers, session, is-IE, is-auth, is-guest. Each is a
 * small function so it can be tested alone. add-slash happens before Astro's middleware: Astro
 * redirects GET/HEAD itself (trailingSlash: 'always'), scripts/server.mjs answers 308 for others.
 * The page cache in front of Astro (server/page-cache/front.ts) applies the same is-IE rule and
 * never answers a request that carries a session.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { resolveSession } from './server/auth/session';
import { IE_COOKIE, needsIeNotice } from './server/http/ie';
import { SECURITY_HEADERS } from './server/http/security-headers';
import { startBackgroundWork } from './server/background';


export const session = defineMiddleware(async (ctx, next) => {
  const resolved = ctx.isPrerendered ? { user: null, stale: false } : await resolveSession(ctx.request, ctx.url);
  ctx.locals.user = resolved.user;
  ctx.locals.staleSession = resolved.stale;
  return next();
});

/** is-IE: Internet Explorer visitors see /ie/ on their first entry only. */
export const isIE = defineMiddleware((ctx, next) => {
  if (!needsIeNotice(ctx.request.headers.get('user-agent') ?? undefined, ctx.request.headers.get('cookie') ?? undefined, ctx.url.pathname)) return next();
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

export const securityHeaders = defineMiddleware(async (ctx, next) => {
  if (!ctx.isPrerendered) startBackgroundWork();
  const response = await next();
  const h = response.headers;
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!h.has(k)) h.set(k, v);
  return response;
});

export const onRequest = sequence(securityHeaders, session, isIE, isAuth, isGuest);
