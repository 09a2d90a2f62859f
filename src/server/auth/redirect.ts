/**
 * Spec §5: a redirect target after login must be a local path (starts with a slash, limited safe
 * characters). Anything else — absolute URLs, protocol-relative `//host`, backslashes — is refused.
 */
const SAFE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/%?=&+]*$/;

export function safeBackUrl(value: string | null | undefined): string | null {
  if (!value || value.length > 512) return null;
  if (!SAFE_PATH.test(value) || value.includes('\\') || value.startsWith('/\\')) return null;
  return value;
}

/** After login: back where the user came from, or /personal/ when there was none or it was home. */
export function afterLoginTarget(backUrl: string | null | undefined): string {
  const safe = safeBackUrl(backUrl);
  if (!safe || safe === '/' || safe.startsWith('/login')) return '/personal/';
  return safe;
}

/** Whether the login was asked to go back somewhere (else the account's landing page applies). */
export function hasBackUrl(backUrl: string | null | undefined): boolean {
  return afterLoginTarget(backUrl) !== '/personal/' || safeBackUrl(backUrl) === '/personal/';
}

/** Where a sign-in with no page to go back to lands: store employees at their desk, everyone else in the personal area. */
export const landingFor = (user: { isStaff: boolean }) => (user.isStaff ? '/desk/' : '/personal/');
