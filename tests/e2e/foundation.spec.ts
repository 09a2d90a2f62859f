import { expect, test } from '@playwright/test';

test('home page renders the catalogue from the database on a phone', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page).toHaveTitle(/Инструмент\.by/);
  await expect(page.getByRole('heading', { name: 'Разделы каталога' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Электроинструмент/ }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Хиты продаж' })).toBeVisible();
  const cards = page.locator('section[aria-labelledby="h-hits"] article');
  await expect(cards).toHaveCount(8);
  // The first product image actually decoded (generated locally, served as AVIF/WebP by sharp).
  const firstImg = cards.first().locator('img');
  await expect.poll(() => firstImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Nothing in the header is pushed off a 360 px screen (body hides horizontal overflow, so
  // measure the elements themselves).
  for (const selector of ['.usernav a[href="/basket/"]', '.search button', '.logo']) {
    const box = (await page.locator(selector).boundingBox())!;
    expect(box.x + box.width, selector).toBeLessThanOrEqual(360);
  }
  // The header island hydrated: counters and account link are there.
  await expect(page.getByRole('link', { name: 'Корзина' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the catalogue menu opens without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('summary', { hasText: 'Каталог' }).click();
  // The header menu carries the first level (each section page lists its own subsections) and the whole catalogue.
  const menu = page.getByRole('navigation', { name: 'Каталог' }).first();
  await expect(menu.getByRole('link', { name: 'Электроинструмент', exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Весь каталог' }).click();
  await expect(page.getByRole('main').getByRole('link', { name: 'Дрели ударные' }).first()).toBeVisible();
  await context.close();
});

test('a guard sends a guest from the personal area to the login page', async ({ page }) => {
  const response = await page.goto('/personal/orders/');
  expect(new URL(page.url()).pathname).toBe('/login/');
  expect(new URL(page.url()).searchParams.get('backurl')).toBe('/personal/orders/');
  expect(response).not.toBeNull();
});

test('an unknown address shows the Russian 404 page', async ({ page }) => {
  const response = await page.goto('/net-takoy-stranicy/');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'На главную' })).toBeVisible();
});

test('Internet Explorer users land on /ie/ once', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko' });
  const page = await context.newPage();
  await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/ie/');
  await expect(page.getByRole('heading', { name: 'Ваш браузер устарел' })).toBeVisible();
  await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/');
  await context.close();
});
