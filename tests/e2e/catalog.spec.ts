import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { clickBelowCards } from './support';

type Card = { code: string; url: string; name: string; article: string };

test('home → section → filter by brand and price → sort → next page → product page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.locator('.sections').getByRole('link', { name: /Электроинструмент/ }).click();
  await expect(page).toHaveURL(/\/catalog\/elektroinstrument\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Электроинструмент' })).toBeVisible();

  // On a phone the filters open as a sheet (CSS :target, no JavaScript needed).
  await page.getByRole('link', { name: /^Фильтры/ }).click();
  const filters = page.locator('#filters');
  await expect(filters).toBeVisible();
  await filters.getByRole('link', { name: /^Makita\b/ }).click();
  await expect(page).toHaveURL(/\/catalog\/elektroinstrument\/filter\/brand-is-makita\/apply\/#filters$/);
  await expect(filters).toBeVisible();
  await filters.getByLabel('от').fill('100');
  await filters.getByLabel('до').fill('1000');
  await filters.getByRole('button', { name: 'Применить' }).click();
  await expect(page).toHaveURL(/\/filter\/brand-is-makita\/price-from-100-to-1000\/apply\/#filters$/);
  await filters.getByRole('link', { name: /^Показать \d+/ }).click();
  await expect(filters).toBeHidden();
  await expect(page.getByRole('group', { name: 'Выбранные фильтры' })).toContainText('Makita');

  await page.getByRole('navigation', { name: 'Сортировка' }).getByRole('link', { name: 'Дешевле' }).click();
  await expect(page).toHaveURL(/\/price-from-100-to-1000\/apply\/\?sort=price_asc$/);
  const prices = async () =>
    (await page.locator('#results .card .price').allTextContents()).map((s) => Number(s.replace(/[^\d,]/g, '').replace(',', '.')));
  const firstPage = await prices();
  expect(firstPage).toEqual([...firstPage].sort((a, b) => a - b));
  expect(firstPage.every((p) => p >= 100 && p <= 1000)).toBe(true);

  await clickBelowCards(page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: /Вперёд/ }));
  await expect(page).toHaveURL(/\?sort=price_asc&page=2$/);
  const secondPage = await prices();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage[firstPage.length - 1]!);

  const card = page.locator('#results .card__name').first();
  const name = (await card.textContent())!.trim();
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('heading', { name: 'Наличие в филиалах' })).toBeVisible();
  await expect(page.locator('.pricebox__price')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});

test('/qr/{article}/ lands on the product with the utm parameters', async ({ page, request }) => {
  const listing = await request.get('/web/catalog/filter/clear/apply/?section_code=dreli-udarnye');
  const product = ((await listing.json()).data.items as Card[])[0]!;
  await page.goto(`/qr/${encodeURIComponent(product.article)}/`);
  const url = new URL(page.url());
  expect(url.pathname).toBe(product.url);
  expect(Object.fromEntries(url.searchParams)).toEqual({ utm_source: 'qr', utm_medium: 'offline', utm_campaign: 'offline_qr' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

  const missing = await page.goto('/qr/NO-SUCH-ARTICLE/');
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
});

test('filtering and sorting work with JavaScript switched off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/catalog/elektroinstrument/dreli/dreli-udarnye/');
  const count = async () => Number((await page.locator('.listing__count b').textContent())!.replace(/\D/g, ''));
  const all = await count();
  await page.getByRole('link', { name: /^Фильтры/ }).click();
  const filters = page.locator('#filters');
  const brand = filters.locator('section.facet', { has: page.getByRole('heading', { name: 'Бренд' }) }).locator('a.facet__value').first();
  await brand.click();
  await expect(page).toHaveURL(/\/filter\/brand-is-[a-z-]+\/apply\/#filters$/);
  const one = await count();
  expect(one).toBeLessThan(all);
  await filters.getByLabel('до').fill('300');
  await filters.getByRole('button', { name: 'Применить' }).click();
  await expect(page).toHaveURL(/\/price-to-300\/apply\//);
  expect(await count()).toBeLessThanOrEqual(one);
  await page.goto(page.url().replace(/#.*$/, ''));
  await page.getByRole('navigation', { name: 'Сортировка' }).getByRole('link', { name: 'Дороже' }).click();
  await expect(page).toHaveURL(/\?sort=price_desc$/);
  await context.close();
});

test('product buttons: plain HTML on every card, one island for the whole page, on a listing and a product page', async ({ page }) => {
  await page.goto('/catalog/elektroinstrument/dreli/dreli-udarnye/');
  const firstCard = page.locator('#results .card').first();
  const name = (await firstCard.locator('.card__name').textContent())!.trim();
  // No island per card: the buttons are server HTML, named by their card (role=group labelled by the product name).
  await expect(firstCard.locator('astro-island')).toHaveCount(0);
  const group = page.getByRole('group', { name }).first();
  await expect(group.getByRole('button', { name: 'В корзину' })).toBeVisible();
  await expect(group.getByRole('button', { name: 'Сравнить' })).toBeVisible();
  const controllers = page.locator('astro-island[component-url*="CardActionsController"]');
  await expect(controllers).toHaveCount(1);
  // Hydrated when first needed (decision 0053): a first-time visitor who only looks loads no React.
  await expect(controllers).toHaveAttribute('client', 'demand');
  await page.waitForLoadState('networkidle');
  await expect(controllers).toHaveAttribute('ssr', '');
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/_astro\/client\.[^/]*\.js$/.test(e.name)))).toBe(false);
  await firstCard.locator('.card__name').click();
  const buy = page.getByRole('group', { name });
  await expect(buy.getByRole('button', { name: 'В корзину' })).toBeVisible();
  await expect(buy.getByRole('button', { name: 'В избранное' })).toBeVisible();
  await expect(page.locator('astro-island[component-url*="CardActionsController"]')).toHaveCount(1);
  // Pressing «Сравнить» works through the page's island and keeps focus on the button: the tap
  // itself hydrates it (client:demand), is held meanwhile and replayed once the island is ready.
  const compare = buy.getByRole('button', { name: 'Сравнить' });
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/compare/add/') && r.status() === 200), compare.click()]);
  await expect(buy.getByRole('button', { name: 'Убрать из сравнения' })).toHaveAttribute('aria-pressed', 'true');
});

test('listing and product pages ship at most 85 KB of gzipped JavaScript, React in one shared chunk', async ({ page }) => {
  const runtimes = new Set<string>();
  for (const path of ['/catalog/elektroinstrument/dreli/dreli-udarnye/', '/catalog/elektroinstrument/', null]) {
    const scripts = new Map<string, number>();
    const onResponse = async (res: import('@playwright/test').Response) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body();
      scripts.set(res.url(), gzipSync(body, { level: 9 }).length);
      // react-dom's client is the one script that carries this error-decoder URL.
      if (body.includes('react.dev/errors')) {
        runtimes.add(res.url());
        expect(res.headers()['cache-control'], res.url()).toContain('immutable');
      }
    };
    page.on('response', onResponse);
    if (path) await page.goto(path);
    else await page.locator('#results .card__name').first().click();
    // The page as it is once used: the pointer over it hydrates the client:demand islands, React included.
    await page.locator('main h1').hover();
    await expect(page.locator('astro-island[client="demand"][ssr]')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map((s) => s.textContent ?? '').join(''));
    const total = [...scripts.values()].reduce((a, b) => a + b, 0) + gzipSync(inline).length;
    expect(total, `${page.url()}: ${[...scripts.keys()].join(', ')}`).toBeLessThanOrEqual(85 * 1024);
  }
  expect([...runtimes], 'the React runtime is one chunk shared by every page').toHaveLength(1);
});

async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
