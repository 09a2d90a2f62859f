import { expect, test, type Locator, type Page } from '@playwright/test';
import writeXlsxFile from 'write-excel-file/node';
import { accounts, PASSWORD } from './fixtures';
import { clickBelowCards, holdReact, ready } from './support';

/** This spec's own accounts (tests/e2e/fixtures.ts): the admin's basket holds one item gone out of sale. */
const acc = accounts('basket');

type Card = { id: number; name: string; article: string; price: number };

const count = (page: Page, list: 'basket' | 'compare' | 'favourites') => page.getByTestId(`count-${list}`);
/**
 * The page's one card-actions island hydrates on the first tap (client:demand) and that tap is held
 * and replayed once it is ready, so a test taps at once, as a shopper does: nothing to wait for.
 */
const inView = async (scope: Locator) => {
  await scope.scrollIntoViewIfNeeded();
};
/** For a tap that must go out at once (then the page is left): the pointer over the card hydrates the island first. */
const hydrated = async (scope: Locator) => {
  await scope.hover();
  await expect(scope.page().locator('astro-island[component-url*="CardActionsController"]')).not.toHaveAttribute('ssr');
};
const added = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/basket/add/') && r.status() === 200, { timeout: 30_000 });
const noOverflow = async (page: Page) => {
  // The header row is shared with other areas; our own content must fit 360 px.
  const wide = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.ctable')).length);
  expect(wide).toBe(0);
};

test('a guest adds from a listing, changes a quantity, and a second tab shows the same counts', async ({ page, context }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/catalog/hit/');
  const cards = page.locator('main .grid article');
  const first = cards.nth(0);
  const second = cards.nth(1);
  await inView(first);
  // The buttons update the counters optimistically: wait for the server's answer too.
  await Promise.all([added(page), first.getByRole('button', { name: 'В корзину' }).click()]);
  await expect(count(page, 'basket')).toHaveText('1');
  await expect(first.getByRole('link', { name: 'В корзине' })).toBeVisible();
  await inView(second);
  await Promise.all([added(page), second.getByRole('button', { name: 'В корзину' }).click()]);
  await expect(count(page, 'basket')).toHaveText('2');

  await page.goto('/basket/');
  await ready(page);
  const rows = page.getByTestId('basket-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('info-quantity')).toHaveText('2 шт.');
  await rows.first().getByRole('button', { name: /^Больше:/ }).click();
  await expect(rows.first().getByRole('spinbutton')).toHaveValue('2');
  await expect(page.getByTestId('info-quantity')).toHaveText('3 шт.');
  // Typing a quantity works too.
  await rows.first().getByRole('spinbutton').fill('4');
  await rows.first().getByRole('spinbutton').press('Enter');
  await expect(page.getByTestId('info-quantity')).toHaveText('5 шт.');
  await noOverflow(page);

  const tab2 = await context.newPage();
  await tab2.goto('/favourites/');
  await ready(tab2);
  await expect(count(tab2, 'basket')).toHaveText('2');
  // A change in the first tab reaches the second without a reload…
  await rows.nth(1).getByRole('button', { name: /^Удалить:/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(count(page, 'basket')).toHaveText('1');
  await expect(count(tab2, 'basket')).toHaveText('1');
  // …and after a reload.
  await tab2.reload();
  await expect(count(tab2, 'basket')).toHaveText('1');
  expect(errors).toEqual([]);
});

test('a contractor sees the discount and removes inactive items together', async ({ page }) => {
  const login = await page.request.post('/api/authentication/', { data: { login: acc.admin.email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  await page.goto('/basket/');
  await ready(page);
  await expect(page.getByTestId('info-discount')).toContainText('р.');
  const inactive = page.getByTestId('basket-inactive');
  await expect(inactive).toBeVisible();
  const before = Number(await count(page, 'basket').textContent());
  await inactive.getByRole('button', { name: 'Удалить недоступные' }).click();
  await expect(inactive).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Удалено недоступных товаров: 1' })).toBeVisible();
  await expect(count(page, 'basket')).toHaveText(String(before - 1));
  await noOverflow(page);
});

test('compare two drills with only differences on, favourite and re-sort', async ({ page }) => {
  // Two drills of one section, found the way a visitor would type them in the quick search.
  const found = await page.request.post('/api/basket/find/', { data: { search: 'дрель ударная' } });
  const choices = (await found.json()).data.rows[0].choices as (Card & { section: { id: number } })[];
  const section = choices[0]!.section.id;
  const drills = choices.filter((c) => c.section.id === section).slice(0, 2);
  expect(drills).toHaveLength(2);
  const other = choices.find((c) => !drills.includes(c))!;

  // The drills are not necessarily on the home page (the only listing in this branch): favourite them through the API once, the rest is UI.
  for (const p of [...drills, other]) expect((await page.request.post('/api/favorite/add/', { data: { product_id: p.id } })).ok()).toBe(true);
  await page.goto('/favourites/');
  await ready(page);
  await expect(count(page, 'favourites')).toHaveText('3');
  const items = page.getByTestId('favorite-item');
  await expect(items).toHaveCount(3);

  // Re-sort: cheapest first, page 1.
  await page.getByRole('combobox').selectOption('price_asc');
  await expect.poll(async () => (await page.getByTestId('favorite-price').allTextContents()).map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')))).toEqual(
    [...drills, other].map((p) => p.price).sort((a, b) => a - b),
  );
  await expect(page).toHaveURL(/\/favourites\/\?sort=price_asc$/);

  // Compare the two drills from their favourite cards.
  for (const d of drills) {
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/compare/add/') && r.status() === 200),
      page.getByRole('button', { name: `Сравнить: ${d.name}` }).click(),
    ]);
  }
  await expect(count(page, 'compare')).toHaveText('2');
  // Un-favourite the third product: it leaves the list and the counter.
  await page.getByRole('button', { name: `Убрать из избранного: ${other.name}` }).click();
  await expect(count(page, 'favourites')).toHaveText('2');
  await expect(items).toHaveCount(2);
  await noOverflow(page);

  await page.goto('/compare/');
  await ready(page);
  await expect(page.getByTestId('compare-item')).toHaveCount(2);
  const all = await page.getByTestId('compare-prop').count();
  await page.getByText('Только различия').click();
  const diff = page.getByTestId('compare-prop');
  await expect.poll(() => diff.count()).toBeLessThan(all);
  for (const row of await diff.all()) {
    const cells = await row.locator('td').allTextContents();
    expect(new Set(cells).size).toBeGreaterThan(1);
  }
  // Removing a section's last items removes the section.
  await page.getByRole('button', { name: `Удалить из сравнения: ${drills[0]!.name}` }).click();
  await expect(count(page, 'compare')).toHaveText('1');
  // One product left: a column of its own width (not stretched across the page) and a word on what to do next.
  await expect(page.getByText('Добавьте в сравнение ещё товар из этого раздела')).toBeVisible();
  await noOverflow(page);
  // On a desktop screen too (where the table used to stretch it to half the page).
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(async () => (await page.getByTestId('compare-item').boundingBox())!.width).toBeLessThan(260);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('button', { name: `Удалить из сравнения: ${drills[1]!.name}` }).click();
  await expect(page.getByTestId('compare-empty')).toBeVisible();
  await expect(count(page, 'compare')).toHaveCount(0);
});

test('favourites keep their page and order in the address: a reload, «Назад» and no JavaScript land on the same page', async ({ page, browser }) => {
  const res = await page.request.get('/web/catalog/filter/clear/apply/?section_code=dreli-udarnye&page_size=80');
  const cards = ((await res.json()).data.items as Card[]).slice(0, 30);
  expect(cards).toHaveLength(30);
  for (const p of cards) expect((await page.request.post('/api/favorite/add/', { data: { product_id: p.id } })).ok()).toBe(true);
  const cheapestFirst = [...cards].sort((a, b) => a.price - b.price || a.id - b.id);
  const names = () => page.locator('[data-testid="favorite-item"] .favs__name').allTextContents();

  await page.goto('/favourites/');
  await ready(page);
  await expect(page.getByTestId('favorite-item')).toHaveCount(24);
  // The header's state is in (the boot paints the count): its arrival no longer re-checks the list mid-test.
  await expect(page.getByRole('link', { name: 'Избранное: 30' })).toBeVisible();
  await page.getByRole('combobox').selectOption('price_asc');
  await expect(page).toHaveURL(/\/favourites\/\?sort=price_asc$/);
  // The sorted first page is in place before page 2 is asked for (a click while it loads was lost on a busy machine).
  await expect.poll(names).toEqual(cheapestFirst.slice(0, 24).map((p) => p.name));
  // The new rows render a moment before the list stops being busy, and a busy list ignores page links.
  await expect(page.locator('.favs')).toHaveAttribute('aria-busy', 'false');
  await clickBelowCards(page.getByRole('navigation', { name: 'Страницы избранного' }).getByRole('link', { name: '2', exact: true }));
  await expect(page).toHaveURL(/\/favourites\/\?sort=price_asc&page=2$/);
  await expect.poll(names).toEqual(cheapestFirst.slice(24).map((p) => p.name));
  // The short last page is shown from its top, not with the reader left at the footer.
  await expect(page.getByTestId('favorite-item').first()).toBeInViewport();

  // A product, then «Назад»: the same page of the same order, rendered by the server.
  await page.locator('[data-testid="favorite-item"] .favs__name').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(cheapestFirst[24]!.name);
  await page.goBack();
  await expect(page).toHaveURL(/\?sort=price_asc&page=2$/);
  expect(await names()).toEqual(cheapestFirst.slice(24).map((p) => p.name));
  await expect(page.getByRole('combobox')).toHaveValue('price_asc');
  await page.reload();
  expect(await names()).toEqual(cheapestFirst.slice(24).map((p) => p.name));

  // Without JavaScript (same visitor): the order is chosen with «Показать», the pages are links.
  const nojs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 }, storageState: await page.context().storageState() });
  const plain = await nojs.newPage();
  await plain.goto('/favourites/');
  await plain.getByRole('combobox').selectOption('name_asc');
  await plain.getByRole('button', { name: 'Показать' }).click();
  await expect(plain).toHaveURL(/\/favourites\/\?sort=name_asc$/);
  // The URL changes when the new page commits; a click before it has loaded was lost on a busy machine.
  await plain.waitForLoadState('load');
  const plainNames = () => plain.locator('[data-testid="favorite-item"] .favs__name').allTextContents();
  const firstPage = await plainNames();
  expect(firstPage).not.toEqual(cheapestFirst.slice(0, 24).map((p) => p.name));
  await clickBelowCards(plain.getByRole('link', { name: '2', exact: true }));
  await expect(plain).toHaveURL(/\?sort=name_asc&page=2$/);
  const secondPage = await plainNames();
  expect(secondPage).toHaveLength(6);
  expect(new Set([...firstPage, ...secondPage]).size).toBe(30);
  // A mistyped address opens the first page in the usual order, not an error.
  expect((await plain.goto('/favourites/?sort=%27;drop&page=-3'))!.status()).toBe(200);
  await expect(plain.getByTestId('favorite-item')).toHaveCount(24);
  await nojs.close();
});

test('quick order: paste a list, upload an XLSX, add what was found in one step', async ({ page }) => {
  const main = await (await page.request.get('/web/main/')).json();
  const [a, b] = main.data.hits as Card[];
  await page.goto('/e-order/');
  await ready(page);
  await page.getByLabel('Список товаров').fill(`${a!.article.toLowerCase()} 2\n${b!.article}; 1 шт\nНЕТ-ТАКОГО-1; 3`);
  await page.getByRole('button', { name: 'Проверить список' }).click();
  await expect(page.getByTestId('eorder-counts')).toContainText('Найдено: 2');
  await expect(page.getByTestId('eorder-counts')).toContainText('Не найдено: 1');
  await page.getByTestId('eorder-add').click();
  await expect(page.getByTestId('eorder-done')).toContainText('Добавлено в корзину позиций: 2');
  await expect(count(page, 'basket')).toHaveText('2');

  const rows = [[{ value: 'Артикул' }, { value: 'Количество' }], ...Array.from({ length: 500 }, (_, i) => [{ value: i % 10 === 9 ? `NOPE-${i}` : main.data.hits[i % 8].article }, { value: 1, type: Number }])];
  const buffer = await writeXlsxFile(rows).toBuffer();
  const started = Date.now();
  await page.getByTestId('eorder-file').setInputFiles({ name: 'zakaz.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await expect(page.getByTestId('eorder-counts')).toContainText('Найдено: 450');
  await expect(page.getByTestId('eorder-counts')).toContainText('Не найдено: 50');
  console.log(`500-row XLSX report in the browser: ${Date.now() - started} ms`);
  await noOverflow(page);
});

test('an add survives tapping away at once (keepalive write, cookie kept)', async ({ page }) => {
  await page.goto('/catalog/novinki/');
  const card = page.locator('main .grid article').first();
  await hydrated(card);
  await card.getByRole('button', { name: 'В корзину' }).click();
  await page.goto('/basket/');
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByTestId('basket-row').count();
    })
    .toBe(1);
});

test('a tap held before the island is ready survives leaving the page at once (keepalive from the directive)', async ({ page }) => {
  // React arrives late (a slow phone's network): the card island cannot hydrate before the visitor leaves.
  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((r) => (releaseScripts = r));
  // The islands' React renderer and components (not the page's own small module scripts).
  const late = /\/_astro\/(client|CardActionsController|HeaderCounters|SearchOverlay)\.[^/]+\.js$/;
  await page.route(late, async (route) => {
    await scriptsHeld;
    // The page that asked may be gone by then (its requests were cancelled with it).
    await route.continue().catch(() => {});
  });
  await page.goto('/catalog/novinki/', { waitUntil: 'domcontentloaded' });
  const card = page.locator('main .grid article').first();
  await card.scrollIntoViewIfNeeded();
  const name = (await card.locator('a.card__name').textContent())!.trim();
  await card.getByRole('button', { name: 'В корзину' }).click();
  // Held: the island is still the server's HTML, so only the directive's keepalive write can add it.
  // (Playwright does not report a keepalive request sent by a page being left, so the basket is what is checked.)
  await expect(page.locator('astro-island[component-url*="CardActionsController"]')).toHaveAttribute('ssr', '');
  await page.goto('/basket/', { waitUntil: 'commit' });
  releaseScripts();
  await page.unroute(late);
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByTestId('basket-row').count();
    })
    .toBe(1);
  await expect(page.getByTestId('basket-row').first()).toContainText(name);
});

test('a guest adds from a product page: the counter, the button and the basket follow', async ({ page }) => {
  await page.goto('/catalog/elektroinstrument/dreli/dreli-udarnye/');
  const link = page.locator('a.card__name').first();
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  // The buy block is a group named by the product's heading.
  const buy = page.getByRole('group', { name }).getByRole('button', { name: 'В корзину' });
  await inView(buy);
  await Promise.all([added(page), buy.click()]);
  await expect(count(page, 'basket')).toHaveText('1');
  await expect(page.getByRole('link', { name: 'В корзине' }).first()).toBeVisible();
  await page.goto('/basket/');
  await ready(page);
  await expect(page.getByTestId('basket-row')).toHaveCount(1);
  await expect(page.getByTestId('basket-row').first()).toContainText(name);
});

test('the basket page starts React on first use: before that nothing loads, and a quantity typed or a tap made meanwhile is kept', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const found = await page.request.post('/api/basket/find/', { data: { search: 'дрель ударная' } });
  const choices = (await found.json()).data.rows[0].choices as Card[];
  for (const p of choices.slice(0, 2)) expect((await page.request.post('/api/basket/add/', { data: { product: p.id, quantity: 1 } })).ok()).toBe(true);
  const island = page.locator('astro-island[component-url*="BasketPage"]');
  const rows = page.getByTestId('basket-row');
  const reactAsked = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/_astro\/(client|BasketPage)\.[^/]+\.js$/.test(e.name)));

  // Read, not used: the server's HTML is the whole page and no React is fetched (a cheap phone's long task saved).
  await page.goto('/basket/');
  await page.waitForLoadState('networkidle');
  await expect(rows).toHaveCount(2);
  await expect(island).toHaveAttribute('ssr', '');
  expect(await reactAsked()).toBe(false);

  // A slow network: the quantity is typed and the field left before React has arrived.
  let letReactIn = await holdReact(page, 'BasketPage');
  const firstField = rows.first().getByRole('spinbutton');
  await firstField.fill('3');
  await page.keyboard.press('Tab');
  await expect(island).toHaveAttribute('ssr', '');
  await letReactIn();
  await expect(page.getByTestId('info-quantity')).toHaveText('4 шт.');
  await expect(firstField).toHaveValue('3');

  // A tap on «Больше» before React has arrived waits for it instead of reaching a button that does nothing.
  letReactIn = await holdReact(page, 'BasketPage');
  await page.reload();
  await expect(island).toHaveAttribute('ssr', '');
  await rows.nth(1).getByRole('button', { name: /^Больше:/ }).click();
  await expect(island).toHaveAttribute('ssr', '');
  await letReactIn();
  await expect(page.getByTestId('info-quantity')).toHaveText('5 шт.');
  await expect(rows.nth(1).getByRole('spinbutton')).toHaveValue('2');
  expect(errors).toEqual([]);
});
