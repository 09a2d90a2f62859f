/**
 * The invisible captcha for islands other than PublicForm (registration): an ALTCHA proof of work
 * solved in the browser, or a reCAPTCHA v3 token when the site is configured for it
 * (server/forms/captcha.ts decides which). Start it early (`warm()`), await it on submit (`take()`).
 */
type Challenge = { provider: 'altcha'; challenge: unknown } | { provider: 'recaptcha'; siteKey: string };

type Grecaptcha = { ready: (cb: () => void) => void; execute: (key: string, opts: { action: string }) => Promise<string> };
const grecaptcha = () => (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;

function loadRecaptcha(siteKey: string): Promise<void> {
  if (grecaptcha()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    s.async = true;
    s.onload = () => grecaptcha()!.ready(() => resolve());
    s.onerror = () => reject(new Error('recaptcha'));
    document.head.appendChild(s);
  });
}

async function solve(): Promise<string> {
  const res = await fetch('/api/captcha/challenge/', { headers: { accept: 'application/json' } });
  const c = ((await res.json()) as { data: Challenge }).data;
  if (c.provider === 'recaptcha') {
    await loadRecaptcha(c.siteKey);
    return grecaptcha()!.execute(c.siteKey, { action: 'submit' });
  }
  const { solve: solveAltcha } = await import('./altcha-solver');
  return solveAltcha(c.challenge);
}

/** One solution at a time; a challenge is single-use, so `take()` hands it over and forgets it. */
export function invisibleCaptcha() {
  let pending: Promise<string> | null = null;
  const warm = () => {
    pending ??= solve().catch((e) => {
      pending = null;
      throw e;
    });
  };
  const take = async () => {
    warm();
    const p = pending!;
    pending = null;
    return p;
  };
  return { warm, take };
}
