/**
 * Issue 29: a catalogue page (home, a listing, a product, search results, a brand) loads no React before
 * the visitor touches it, even for a signed-in contractor with things in every list (decision 0300). The header counters and the cards' marks are
 * painted by the boot script; the islands hydrate on the first tap, which is never lost.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { accounts, PASSWORD } from './fixtures';

const acc = accounts('signed-in-js');
const LISTING = '/catalog/elektroinstrument/dreli/dreli-udarnye/';
/** The boot script and the directive together, before any interaction (issue 29: ≤ 10 KB gz). */
const JS_BUDGET = 10 * 1024;
const ISLAND_CHUNK = /HeaderCounters|CardActionsController|SearchOverlay|client\.[\w-]+\.js|react/i;

type Script = { url: string; bytes: number };

async function mobile(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // Every page's scripts fetched afresh, so each page's bytes are counted as a first view's.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { context, page };
}

/** Every script the page loads, with the bytes it took on the wire (the body as sent: gzip or brotli). */
function recordScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    void request.sizes().then((s) => scripts.push({ url: new URL(request.url()).pathname, bytes: s.responseBodySize }));
  });
  return scripts;
}

/** Errors the page reports: a hydration mismatch shows up here (React's recoverable errors). */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|Minified React|#418|#423|#425/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

/** Opens a page and waits, untouched, until the boot has fetched the header and gone quiet. */
async function openUntouched(page: Page, scripts: Script[], url: string): Promise<Script[]> {
  scripts.length = 0;
  await page.goto(url, { waitUntil: 'networkidle' });
  await expect(page.getByTestId('count-basket')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = [...scripts];
  const total = loaded.reduce((sum, s) => sum + s.bytes, 0);
  const summary = `${url}: ${total} B of JS over ${loaded.length} scripts (${loaded.map((s) => `${s.url} ${s.bytes}`).join(', ')})`;
  test.info().annotations.push({ type: 'js-before-interaction', description: summary });
  if (process.env.E2E_JS_LOG) console.log(summary);
  // Nothing hydrated, no island chunk asked for.
  await expect.soft(page.locator('astro-island:not([ssr])')).toHaveCount(0);
  expect.soft(loaded.filter((s) => ISLAND_CHUNK.test(s.url)), 'island or React chunks before any interaction').toEqual([]);
  expect.soft(total, loaded.map((s) => `${s.url} ${s.bytes}`).join('\n')).toBeLessThanOrEqual(JS_BUDGET);
  return loaded;
}

const header = (page: Page) => page.getByRole('navigation', { name: 'Корзина и личный кабинет' });

test('signed in with something in every list: counters and marks without React, then the first tap adds', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await mobile(browser);
  const login = await page.request.post('/api/authentication/', { data: { login: acc.employee.email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  await page.request.post('/api/basket/clear/', { data: {} });

  // Four products of one listing: one in each list, one tapped later.
  const html = await (await page.request.get(LISTING)).text();
  const ids = [...html.matchAll(/data-actions="(\d+)"/g)].map((m) => Number(m[1]));
  const buyable = [...html.matchAll(/data-actions="(\d+)"[^>]*>\s*<button[^>]*data-act="buy"(?![^>]*disabled)/g)].map((m) => Number(m[1]));
  expect(buyable.length).toBeGreaterThanOrEqual(2);
  const inBasket = buyable[0]!;
  const toTap = buyable[1]!;
  const [favourite, compared] = ids.filter((id) => id !== inBasket && id !== toTap);
  for (const [url, data] of [
    ['/api/basket/add/', { product: inBasket, quantity: 1 }],
    ['/api/favorite/add/', { product_id: favourite }],
    ['/api/compare/add/', { product_id: compared }],
  ] as const) expect((await page.request.post(url, { data })).ok(), url).toBe(true);

  const scripts = recordScripts(page);
  const errors = recordErrors(page);
  const expectHeader = async (basket: number) => {
    const nav = header(page);
    await expect(nav.getByRole('link', { name: 'Кабинет' })).toHaveAttribute('href', '/personal/');
    await expect(nav.getByRole('link', { name: 'Войти' })).toHaveCount(0);
    await expect(nav.getByTestId('count-basket')).toHaveText(String(basket));
    await expect(nav.getByTestId('count-favourites')).toHaveText('1');
    await expect(nav.getByTestId('count-compare')).toHaveText('1');
    await expect(nav.getByRole('link', { name: `Корзина: ${basket}` })).toBeVisible();
  };
  const expectMarks = async (tapped = false) => {
    await expect(page.locator(`[data-actions="${inBasket}"] a[data-act="buy"]`).first()).toHaveText('В корзине');
    await expect(page.locator(`[data-actions="${favourite}"] [data-act="favorite"]`).first()).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator(`[data-actions="${compared}"] [data-act="compare"]`).first()).toHaveAttribute('aria-pressed', 'true');
    if (!tapped) await expect(page.locator(`[data-actions="${toTap}"] button[data-act="buy"]`).first()).toHaveText('В корзину');
  };

  await openUntouched(page, scripts, '/');
  await expectHeader(1);

  await openUntouched(page, scripts, LISTING);
  await expectHeader(1);
  await expectMarks();

  const productUrl = await page.locator(`[data-actions="${inBasket}"]`).locator('xpath=ancestor::article').locator('a.card__name').getAttribute('href');
  await openUntouched(page, scripts, productUrl!);
  await expectHeader(1);
  await expect(page.locator('.actions--page a[data-act="buy"]')).toHaveText('В корзине');

  // Search results and a brand's page are catalogue pages too.
  await openUntouched(page, scripts, '/search/?q=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C');
  await expectHeader(1);
  const brands = await (await page.request.get('/brands/')).text();
  const brand = brands.match(/href="(\/brands\/[a-z0-9-]+\/)"/)![1]!;
  await openUntouched(page, scripts, brand);
  await expectHeader(1);

  // Back on the listing: the first tap on «В корзину» hydrates the controller and is not lost.
  await openUntouched(page, scripts, LISTING);
  await page.locator(`[data-actions="${toTap}"] button[data-act="buy"]`).first().tap();
  await expect(page.locator(`[data-actions="${toTap}"] a[data-act="buy"]`).first()).toHaveText('В корзине');
  await expectHeader(2);
  await expectMarks(true);
  expect(scripts.some((s) => /CardActionsController/.test(s.url)), 'the controller hydrated on the tap').toBe(true);
  const server = (await (await page.request.get('/api/header/')).json()).data as { basket: number[] };
  expect(server.basket.sort()).toEqual([inBasket, toTap].sort());
  // The hydrated header renders what the boot painted: the same links, no second copy, no mismatch.
  await expect(page.locator('.usernav > astro-island:not([ssr])')).toHaveCount(1);
  await expect(header(page).getByRole('link')).toHaveCount(5);
  // React now keeps the counters: a second tap, on a favourite, is counted by the hydrated island.
  await page.locator(`[data-actions="${toTap}"] [data-act="favorite"]`).first().tap();
  await expect(page.locator(`[data-actions="${toTap}"] [data-act="favorite"]`).first()).toHaveAttribute('aria-pressed', 'true');
  await expect(header(page).getByTestId('count-favourites')).toHaveText('2');
  await expect(header(page).getByRole('link')).toHaveCount(5);
  expect(errors, 'no hydration error').toEqual([]);
  await page.request.post('/api/basket/clear/', { data: {} });
  await context.close();
});

test('a guest with something in the basket: no React before the first interaction either', async ({ browser }) => {
  const { context, page } = await mobile(browser);
  const html = await (await page.request.get(LISTING)).text();
  const id = Number(html.match(/data-actions="(\d+)"[^>]*>\s*<button[^>]*data-act="buy"(?![^>]*disabled)/)![1]);
  expect((await page.request.post('/api/basket/add/', { data: { product: id, quantity: 1 } })).ok()).toBe(true);
  const scripts = recordScripts(page);
  await openUntouched(page, scripts, LISTING);
  await expect(header(page).getByTestId('count-basket')).toHaveText('1');
  await expect(header(page).getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login/');
  await expect(page.locator(`[data-actions="${id}"] a[data-act="buy"]`).first()).toHaveText('В корзине');
  await context.close();
});
