/**
 * Shared steps of tests/e2e/guest-basket-nojs.spec.ts and cross-issue.spec.ts: the e2e server's mail
 * outbox, a fresh confirmed customer made through the API, islands being ready, screenshots.
 * (Not a spec: Playwright only runs *.spec.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** scripts/e2e-server.mjs serves from data/e2e: without SMTP, mail and SMS land here. */
export const OUTBOX = path.resolve('data/e2e/outbox');
export const SHOTS = '/tmp/h-tests-shots';
export const DEMO_PASSWORD = 'Demo2026pass';

export type OutMail = { file: string; to: string; subject: string; text: string; html?: string; kind?: string };

export const unique = (p: string) => `${p}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.by`;

function outbox(): OutMail[] {
  const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).sort() : [];
  return files.flatMap((file) => {
    try {
      const m = JSON.parse(fs.readFileSync(path.join(OUTBOX, file), 'utf8'));
      const to = typeof m.to === 'string' ? m.to : (m.to ?? []).map((a: { address: string }) => a.address).join(',');
      return [{ file, to, subject: m.subject ?? '', text: m.text ?? '', html: m.html, kind: m.kind }];
    } catch {
      return []; // still being written
    }
  });
}

const taken = new Set<string>();

/** The next message to `to` (not returned before) that `match` accepts, waiting for it to arrive. */
export async function nextMail(to: string, match: (m: OutMail) => boolean = () => true): Promise<OutMail> {
  let found: OutMail | undefined;
  await expect
    .poll(() => {
      found = outbox().find((m) => !taken.has(m.file) && m.to.toLowerCase() === to.toLowerCase() && match(m));
      return !!found;
    }, { timeout: 15_000, message: `a message to ${to}` })
    .toBe(true);
  taken.add(found!.file);
  return found!;
}

/** The 6-digit code of the next message to `to` (e-mail subject or SMS text). */
export async function nextCode(to: string): Promise<string> {
  const m = await nextMail(to, (x) => /\b\d{6}\b/.test(x.kind === 'sms' ? x.text : x.subject));
  return /\b(\d{6})\b/.exec(m.kind === 'sms' ? m.text : m.subject)![1]!;
}

async function captcha(request: APIRequestContext): Promise<string> {
  const { data } = await (await request.get('/api/captcha/challenge/')).json();
  const solution = await solveChallenge({ challenge: data.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: data.challenge, solution })).toString('base64');
}

/**
 * A retail customer of this test alone, registered and confirmed through the API with a request
 * context of its own (so the browser under test stays a guest until it signs in).
 */
export async function freshCustomer(request: APIRequestContext, password = 'Garden2026pass'): Promise<{ email: string; password: string }> {
  const email = unique('nojs');
  const sent = await request.post('/api/registration/', { data: { type: 'retail', name: 'Тест Покупатель', email, phone: '+375 29 100-20-30', password, confirm_password: password, agree: 'Y', captcha: await captcha(request) } });
  expect(sent.status(), await sent.text()).toBe(200);
  const confirmed = await request.post('/api/registration/confirm/', { data: { email, code: await nextCode(email) } });
  expect(confirmed.status()).toBe(200);
  return { email, password };
}

/**
 * A slow phone's network: React's renderer and `island`'s chunk are held back until the returned function lets
 * them in (requests already waiting then go on; later ones are not routed any more).
 */
export async function holdReact(page: Page, island: string): Promise<() => Promise<void>> {
  let letIn!: () => void;
  const held = new Promise<void>((r) => (letIn = r));
  const chunks = new RegExp(`/_astro/(client|${island})\\.[^/]+\\.js$`);
  await page.route(chunks, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return async () => {
    letIn();
    await page.unroute(chunks);
  };
}

/** A `client:held="use"` island (the basket's grid) waits for the visitor's first use of the page. */
const ON_FIRST_USE = 'astro-island[client="held"][ssr][opts*=\'"value":"use"\']';

/**
 * The page's `client:held` islands have hydrated (client:visible ones wait to be scrolled to). Ones that start on
 * first use are started the way a keyboard user would, with a key that does nothing else (Shift).
 */
export async function ready(page: Page): Promise<void> {
  if (await page.locator(ON_FIRST_USE).count()) await page.keyboard.press('Shift');
  await expect(page.locator('astro-island[client="held"][ssr]')).toHaveCount(0);
}

/** A full-page screenshot at the phone viewport, kept for a person to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Nothing in the main area is wider than the screen. */
export async function noOverflow(page: Page): Promise<void> {
  const wide = await page.evaluate(() => [...document.querySelectorAll('main *, dialog *')].filter((e) => e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > innerWidth + 1).map((e) => e.className || e.tagName));
  expect(wide).toEqual([]);
}

/**
 * Clicks something below a list of cards (a pager), scrolled to first as a person does. Cards are
 * `content-visibility: auto` with a placeholder height: those coming into view lay out at their real height and move
 * the page, and a click aimed in the frame of the scroll landed on the footer or on nothing (CI, 2026-11-29).
 */
export async function clickBelowCards(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeInViewport();
  await target.click();
}
