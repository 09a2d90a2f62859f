import { expect, test, type Page } from '@playwright/test';

async function overlay(page: Page) {
  await page.goto('/');
  // The tap on the field hydrates the island (client:demand), which opens on the focused field.
  await page.locator('#q').click();
  await expect(page.locator('form.search[data-enhanced]')).toBeAttached();
  const box = page.getByRole('combobox', { name: 'Поиск' });
  await expect(box).toBeFocused();
  return box;
}

test('overlay: «шуруповерт 18в макита» shows an 18 V Makita screwdriver first', async ({ page }) => {
  const box = await overlay(page);
  await box.pressSequentially('шуруповерт 18в макита', { delay: 15 });
  const products = page.getByRole('group', { name: 'Товары' }).getByRole('option');
  await expect(products.first()).toContainText('Makita');
  await expect(products.first()).toContainText('Шуруповёрт');
  await page.screenshot({ path: 'test-results/search-v2-units.png' });
  const href = (await products.first().getAttribute('data-href'))!;
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Makita');
  // The product's own properties say 18 V.
  await expect(page.locator('main')).toContainText(/Напряжение\s*18\s*В/);
});

test('overlay: «піла» (Belarusian і) finds saws', async ({ page }) => {
  const box = await overlay(page);
  await box.pressSequentially('піла', { delay: 15 });
  const products = page.getByRole('group', { name: 'Товары' }).getByRole('option');
  await expect(products).toHaveCount(4);
  for (const text of await products.allTextContents()) expect(text).toMatch(/^\s*Пила|Пила/);
  await page.screenshot({ path: 'test-results/search-v2-pila.png' });
});

test('results page: one unknown word still shows results and names the word left out', async ({ page }) => {
  await page.goto(`/search/?q=${encodeURIComponent('перфоратор мощный')}`);
  await expect(page.locator('main article.card').first()).toContainText('Перфоратор');
  const note = page.locator('[data-ignored]');
  await expect(note).toContainText('без учёта слова');
  await expect(note.locator('s')).toHaveText('мощный');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/search-v2-ignored.png', fullPage: false });
});

test('results page: a found product goes into the basket from its card', async ({ page }) => {
  await page.goto(`/search/?q=${encodeURIComponent('перфоратор')}`);
  const card = page.locator('main article.card').filter({ has: page.getByRole('button', { name: 'В корзину', disabled: false }) }).first();
  const name = (await card.locator('.card__name').textContent())!.trim();
  const group = page.getByRole('group', { name }).first();
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/basket/add/') && r.status() === 200), group.getByRole('button', { name: 'В корзину' }).click()]);
  await expect(group.getByRole('link', { name: 'В корзине' })).toBeVisible();
  await page.screenshot({ path: 'test-results/search-v2-buy.png', fullPage: false });
});
