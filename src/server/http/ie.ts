/** Spec §2 is-IE: Internet Explorer visitors see /ie/ on their first entry to the site. Pure, shared by the middleware and the page cache. */
export const IE_UA = /MSIE |Trident\//;
export const IE_COOKIE = 'ie-notice';
const NON_PAGE = /^\/(api|web|_astro|_image|img|_server-islands)\//;

/** True when this request must be sent to /ie/ (and so must not be answered from a cache). */
export function needsIeNotice(userAgent: string | undefined, cookieHeader: string | undefined, path: string): boolean {
  if (!userAgent || !IE_UA.test(userAgent) || path === '/ie/' || NON_PAGE.test(path)) return false;
  return !(cookieHeader ?? '').split(/;\s*/).some((c) => c.startsWith(`${IE_COOKIE}=`));
}
