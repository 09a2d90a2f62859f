import { expect, test } from '@playwright/test';

/**
 * Chips on /search/ at 360×800 without JavaScript (issue 27): what the query was understood as — a task
 * («чем резать керамогранит» → «задача: резка керамогранита») and a price limit — each a link; removing one
 * searches again with the other still applied. A guest: no fixture set.
 */
test('a task and a price limit are chips; removing the task keeps the price, removing the price keeps the task', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/search/?q=${encodeURIComponent('чем резать керамогранит до 150 р')}`);
  const chips = page.getByRole('list', { name: 'Как понят запрос' });
  const task = chips.getByRole('link', { name: /задача: резка керамогранита/ });
  const price = chips.getByRole('link', { name: /до 150 р\./ });
  await expect(task).toBeVisible();
  await expect(price).toBeVisible();
  const cards = page.locator('main article.card');
  await expect(cards.first()).toBeVisible();
  await page.screenshot({ path: 'test-results/search-chips-task.png' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await task.click();
  await expect(page).toHaveURL(/\/search\/\?q=%D0%B4%D0%BE\+150\+%D1%80$/);
  await expect(page.getByRole('link', { name: /задача:/ })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Как понят запрос' }).getByRole('link', { name: /до 150 р\./ })).toBeVisible();

  await page.goto(`/search/?q=${encodeURIComponent('чем резать керамогранит до 150 р')}`);
  await price.click();
  await expect(page).toHaveURL(/\/search\/\?q=%D1%87%D0%B5%D0%BC/);
  await expect(page.getByRole('list', { name: 'Как понят запрос' }).getByRole('link', { name: /задача: резка керамогранита/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /до 150 р\./ })).toHaveCount(0);
  await expect(page.locator('main article.card').first()).toBeVisible();
  await context.close();
});

test('the header overlay shows the same understanding as chips; removing one searches again without its words', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  // Focus hydrates the overlay (client:demand), which opens on the focused field.
  await page.locator('#q').focus();
  const box = page.getByRole('combobox', { name: 'Поиск' });
  await expect(box).toBeFocused();
  await box.fill('чем резать керамогранит до 150 р');
  const chips = page.getByRole('dialog').getByRole('list', { name: 'Как понят запрос' });
  const task = chips.getByRole('button', { name: /задача: резка керамогранита/ });
  const price = chips.getByRole('button', { name: /до 150 р\./ });
  await expect(task).toBeVisible();
  await expect(price).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('group', { name: 'Товары' }).getByRole('option').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/search-chips-overlay.png' });

  await price.click();
  await expect(box).toHaveValue('чем резать керамогранит');
  await expect(box).toBeFocused();
  await expect(chips.getByRole('button', { name: /до 150 р\./ })).toHaveCount(0);
  await expect(chips.getByRole('button', { name: /задача: резка керамогранита/ })).toBeVisible();

  // A limit nothing meets: the overlay says so, with the reason, and offers the nearest products instead.
  await box.fill('лобзик дешевле 1 р');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('status')).toHaveText(/^Лобзики[^:]*: до 1 р\. — таких нет\. Самые дешёвые из найденных — от [\d ]+,\d\d р\.$/);
  const nearest = dialog.getByRole('group', { name: 'Ближайшие товары' }).getByRole('option');
  await expect(nearest.first()).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Товары', exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/search-overlay-closest.png' });
  await context.close();
});
