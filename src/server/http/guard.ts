/**
 * The one guard of every personal endpoint and page: who is calling (from the session only — never
 * from the request body), with their company, admin and staff flags and permissions, and the
 * answer when they may not: error 101 (HTTP 401) without a session, 403 without the right.
 * Rows a viewer may touch are chosen by `ownedBy()` (ownership.ts) inside the same SQL statement.
 */
import type { APIContext, AstroGlobal } from 'astro';
import { t } from '../../i18n';
import type { SessionUser } from '../auth/session';
import { staffCan, userCan, type Permission, type StaffPermission } from '../auth/permissions';
import { endpoint, ERR, HttpError } from './api';

export type Viewer = SessionUser & {
  /** Company admin (spec isContragentAdmin). */
  isAdmin: boolean;
  /** The viewer's basket/favourites/compare owner key. */
  ownerKey: string;
  can: (permission: Permission) => boolean;
};

/** What a call needs beyond a session. */
export type Need = {
  /** A contractor company's admin (spec §6). */
  admin?: boolean;
  /** A store employee (staff desk); with a staff permission, one who has it (`'content'`, `'orders'`, `'requests'`). */
  staff?: boolean | StaffPermission;
  /** A user of some contractor company (admin or employee). */
  company?: boolean;
  permission?: Permission;
};

export function viewerFrom(locals: App.Locals): Viewer | null {
  const u = locals.user;
  if (!u) return null;
  return { ...u, isAdmin: !!u.companyId && u.isContragentAdmin, ownerKey: `u:${u.id}`, can: (p) => userCan(u, p) };
}

/** Why `viewer` may not do what `need` asks, or null when they may. */
function refusal(viewer: Viewer, need: Need): string | null {
  if (need.staff && !viewer.isStaff) return t('ERR_STAFF_ONLY');
  if (typeof need.staff === 'string' && !staffCan(viewer, need.staff)) return t(`ERR_STAFF_NEEDS_${need.staff.toUpperCase()}`);
  if (need.admin && !viewer.isAdmin) return t('ERR_ADMIN_ONLY');
  if (need.company && !viewer.companyId) return t('ERR_COMPANY_ONLY');
  if (need.permission && !viewer.can(need.permission)) return t('ERR_FORBIDDEN');
  return null;
}

export const notAuthenticatedError = () => new HttpError(401, [{ code: ERR.NOT_AUTH, message: t('ERR_NOT_AUTH') }]);
export const forbiddenError = (message = t('ERR_FORBIDDEN')) => new HttpError(403, [{ code: ERR.FORBIDDEN, message }]);

/** For endpoints: the viewer, or an HttpError (401 with code 101, or 403). */
export function requireViewer(ctx: { locals: App.Locals }, need: Need = {}): Viewer {
  const viewer = viewerFrom(ctx.locals);
  if (!viewer) throw notAuthenticatedError();
  const why = refusal(viewer, need);
  if (why) throw forbiddenError(why);
  return viewer;
}

/** An authenticated endpoint: `export const GET = authed({ admin: true }, async (ctx, viewer) => …)`. */
export function authed(need: Need, handler: (ctx: APIContext, viewer: Viewer) => Promise<Response>) {
  return endpoint((ctx) => handler(ctx, requireViewer(ctx, need)));
}

/**
 * For pages: the viewer, or the Response to return instead — a redirect to /login/ that remembers
 * the page (spec §2 is-auth), or the 403 view. Usage in frontmatter:
 *   const viewer = await guardPage(Astro, { admin: true }); if (viewer instanceof Response) return viewer;
 */
export async function guardPage(astro: AstroGlobal, need: Need = {}): Promise<Viewer | Response> {
  const viewer = viewerFrom(astro.locals);
  if (!viewer) {
    const back = astro.url.pathname + astro.url.search;
    return astro.redirect(`/login/?backurl=${encodeURIComponent(back)}`, 302);
  }
  if (refusal(viewer, need)) return astro.rewrite('/error/?code=403');
  return viewer;
}
