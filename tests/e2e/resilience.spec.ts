/**
 * Spec §8 and §9 in Chromium: a call slower than 200 ms shows the loading bar until it answers, a quick
 * one shows nothing; an island whose chunk cannot be loaded (a deploy removed it) reloads the page once,
 * and not again within the minute. Guests only: no data of anyone's is touched.
 */
import { expect, test } from '@playwright/test';

test('the loading bar shows while a slow call is pending, then fills and fades when it answers', async ({ page }) => {
  await page.goto('/catalog/elektroinstrument/dreli/dreli-udarnye/');
  const buy = page.locator('article.card [data-act="buy"]');
  // The first tap hydrates the cards' island; then a call held by the network.
  await buy.nth(0).click();
  await expect(page.locator('article.card').nth(0).getByRole('link', { name: 'В корзине' })).toBeVisible();
  await expect(page.locator('.loadbar--on:not(.loadbar--done)')).toHaveCount(0);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/basket/add/', async (route) => {
    await held;
    await route.continue();
  });
  await buy.nth(1).click();
  await expect(page.locator('.loadbar.loadbar--on')).toBeVisible();
  await expect(page.locator('.loadbar')).not.toHaveClass(/loadbar--done/);
  release();
  await expect(page.locator('article.card').nth(1).getByRole('link', { name: 'В корзине' })).toBeVisible();
  await expect(page.locator('.loadbar')).toHaveClass(/loadbar--done/);
});

test('an island chunk that cannot load reloads the page once, and not again within the minute', async ({ page }) => {
  await page.goto('/e-order/');
  const chunk = await page.locator('astro-island[component-url*="EOrder"]').getAttribute('component-url');
  expect(chunk).toBeTruthy();
  const path = new URL(chunk!, page.url()).pathname;
  // After a deploy: the old page still names a chunk the server no longer has.
  await page.route((url) => url.pathname === path, (route) => route.fulfill({ status: 404, body: 'gone' }));
  let loads = 0;
  page.on('load', () => loads++);
  await page.evaluate(() => localStorage.removeItem('chunk-reload-at'));
  await page.reload();
  // The island fails (Astro retries once after 1 s), the page reloads itself once…
  await expect.poll(() => loads, { timeout: 15_000 }).toBe(2);
  expect(Number(await page.evaluate(() => localStorage.getItem('chunk-reload-at')))).toBeGreaterThan(Date.now() - 60_000);
  // …and the second failure within the minute is left alone: no reload loop.
  await page.waitForTimeout(4000);
  expect(loads).toBe(2);
});
