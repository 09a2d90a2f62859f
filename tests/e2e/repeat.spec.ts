/**
 * «Повторить заказ» with a preview (issue 30) in Chromium at 360×800, as the set's retail customer on
 * the order the fixture writer made for it (src/server/seed/fixtures.ts seedRepeatOrder): a line dearer
 * now, one cheaper, one no longer sold with its substitute. The buyer unticks one line, ticks the
 * substitute, and the basket holds exactly those two.
 */
import { expect, test } from '@playwright/test';
import { accounts, PASSWORD } from './fixtures';
import { repeatOrderNumber } from '../../src/server/seed/fixture-sets';

const acc = accounts('repeat');
const ORDER = repeatOrderNumber(acc);

test('the preview shows then and now, offers a substitute, and adds only what was ticked', async ({ page }) => {
  expect((await page.request.post('/api/authentication/', { data: { login: acc.retail.email, password: PASSWORD } })).ok()).toBe(true);
  await page.request.post('/api/basket/clear/', { data: {} });
  await page.goto(`/personal/orders/${encodeURIComponent(ORDER)}/`);
  await page.getByRole('button', { name: 'Повторить заказ' }).first().click();

  const dialog = page.getByRole('dialog', { name: `Повторить заказ ${ORDER}` });
  await expect(dialog).toBeVisible();
  const lines = dialog.getByTestId('repeat-line');
  await expect(lines).toHaveCount(3);
  const [dearer, cheaper, gone] = [lines.nth(0), lines.nth(1), lines.nth(2)];
  await expect(dearer).toContainText(/было [\d ]+,\d\d р\. \/ сейчас [\d ]+,\d\d р\. ▲ подорожал/);
  await expect(cheaper).toContainText('▼ подешевел');
  await expect(dearer.getByRole('checkbox')).toBeChecked();
  await expect(cheaper.getByRole('checkbox')).toBeChecked();
  await expect(gone).toContainText('Больше не продаётся');
  await expect(gone.getByRole('checkbox').first()).toBeDisabled();
  const substitute = gone.getByTestId('repeat-substitute');
  await expect(substitute).toContainText('Замена:');
  await expect(substitute).toContainText(/сейчас [\d ]+,\d\d р\. · в наличии \d+ шт\./);
  await expect(substitute.getByRole('checkbox')).not.toBeChecked();

  // The whole dialog fits the phone's width, and its button is on screen.
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  const add = dialog.getByRole('button', { name: /Добавить в корзину/ });
  await expect(add).toHaveText('Добавить в корзину (2)');
  await expect(add).toBeInViewport();

  await cheaper.getByRole('checkbox').uncheck();
  await substitute.getByRole('checkbox').check();
  await expect(add).toHaveText('Добавить в корзину (2)');
  await add.click();

  await expect(dialog).toBeHidden();
  const report = page.getByTestId('repeat-report');
  await expect(report).toContainText('В корзину добавлено: 2.');
  await expect(report.getByRole('link', { name: 'Перейти в корзину' })).toHaveAttribute('href', '/basket/');

  const preview = (await (await page.request.get(`/web/profile/basket/${encodeURIComponent(ORDER)}/`)).json()).data.items;
  const grid = (await (await page.request.get('/web/basket/products/')).json()).data.grid.row as { product_id: number; quantity: number }[];
  const inBasket = Object.fromEntries(grid.map((r) => [r.product_id, r.quantity]));
  expect(inBasket).toEqual({ [preview[0].product_id]: preview[0].quantity, [preview[2].substitute.product_id]: preview[2].quantity });
  await page.screenshot({ path: '/tmp/h-tests-shots/repeat-report.png' });
});
