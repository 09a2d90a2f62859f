import { expect, test, type Page } from '@playwright/test';

async function openOverlay(page: Page) {
  // The tap on the field hydrates the island (client:demand), which opens on the focused field.
  await page.locator('#q').click();
  await expect(page.locator('form.search[data-enhanced]')).toBeAttached();
  const box = page.getByRole('combobox', { name: 'Поиск' });
  await expect(box).toBeFocused();
  return box;
}

test('overlay: wrong layout + typo, keyboard choice, product page, history next time', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  const box = await openOverlay(page);
  // Opening locks page scroll.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

  // «шуруповет» (a letter missing) typed in the Latin layout, then «makita» in the Russian one.
  await box.pressSequentially('iehegjdtn ьфлшеф', { delay: 20 });
  const products = page.getByRole('group', { name: 'Товары' }).getByRole('option');
  await expect(products).toHaveCount(4);
  await expect(products.first()).toContainText('Makita');
  await expect(products.first()).toContainText('Шуруповёрт');
  await expect(page.getByRole('group', { name: 'Категории' }).getByRole('option').first()).toContainText('Шуруповёрты');
  await page.screenshot({ path: 'test-results/search-overlay.png' });

  // ↓ until the first product is the active option (aria-activedescendant), then Enter.
  for (let i = 0; i < 20; i++) {
    const active = await box.getAttribute('aria-activedescendant');
    if (active?.startsWith('sp-')) break;
    await box.press('ArrowDown');
  }
  const activeId = await box.getAttribute('aria-activedescendant');
  expect(activeId).toMatch(/^sp-\d+$/);
  const chosen = page.locator(`#${activeId}`);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  const href = (await chosen.getAttribute('data-href'))!;
  expect(href).toMatch(/^\/[a-z0-9-]+\/$/);
  const chosenName = (await chosen.textContent()) ?? '';
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === href);
  // Landed on that product's own page (not a 404): a Makita screwdriver.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('Makita');
  await expect(heading).toContainText(/Шуруповёрт/);
  expect(chosenName).toContain((await heading.textContent())!.trim().split(' ').slice(0, 3).join(' '));

  // Next time the empty field shows the history, newest first.
  await page.goto('/');
  await openOverlay(page);
  const history = page.getByRole('group', { name: 'Вы искали' }).getByRole('option');
  await expect(history.first()).toHaveText('шуруповерт makita');
  expect(errors).toEqual([]);
});

test('overlay: ↑ ↓ Esc, clearing resets everything, Enter opens the results page', async ({ page }) => {
  await page.goto('/');
  let box = await openOverlay(page);
  await box.fill('перфоратор');
  await expect(page.getByRole('group', { name: 'Товары' }).getByRole('option')).toHaveCount(4);
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('ArrowUp');
  await expect(box).not.toHaveAttribute('aria-activedescendant', /.+/);

  await page.getByRole('button', { name: 'Очистить' }).click();
  await expect(box).toHaveValue('');
  await expect(page.getByRole('group', { name: 'Товары' })).toHaveCount(0);
  await expect(box).toBeFocused();

  await box.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

  box = await openOverlay(page);
  await box.fill('перфоратор');
  await box.press('Enter');
  await page.waitForURL(/\/search\/\?q=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результаты поиска: «перфоратор»');
  await expect(page.locator('main article.card')).toHaveCount(24);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('without JavaScript the header form still searches, with facets and pages', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('#q').fill('ЗУБР');
  await page.locator('#q').press('Enter');
  await page.waitForURL(/\/search\/\?q=/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ЗУБР');
  await page.locator('summary', { hasText: 'Фильтры' }).click();
  await page.getByRole('group', { name: 'Раздел' }).getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/section=\d+/);
  await expect(page.locator('main article.card').first()).toContainText('Зубр');
  await context.close();
});
