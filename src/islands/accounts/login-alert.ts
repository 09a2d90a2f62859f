/**
 * The login page's first-login notice (spec §2: «Впервые входите?», closed for good by its ×). Plain
 * HTML with this small script instead of React state, so the × works as soon as the page's scripts
 * run rather than once React has loaded: a tap on it is never lost.
 */
export const CLOSE_LOGIN_ALERT_COOKIE = 'close-login-alert';

export function closeLoginAlertCookie(): void {
  document.cookie = `${CLOSE_LOGIN_ALERT_COOKIE}=Y; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
}

export function bootLoginAlert(): void {
  document.addEventListener('click', (event) => {
    const close = (event.target as Element | null)?.closest?.('[data-close-login-alert]');
    if (!close) return;
    closeLoginAlertCookie();
    close.closest('.login__alert')?.remove();
    // The focus was on the removed button: give it to the form's first field.
    document.querySelector<HTMLInputElement>('.auth-page input[name="login"]')?.focus({ preventScroll: true });
  });
}
