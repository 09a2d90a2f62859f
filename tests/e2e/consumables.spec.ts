/**
 * Issue 30 in Chromium at 360×800: a contractor who bought a grinder finds its discs under
 * «Расходники» in the personal area, at the company's prices, and adds one to the basket from there.
 * The spec's own set (tests/e2e/fixtures.ts); it buys one grinder.
 */
import { expect, test } from '@playwright/test';
import { accounts, PASSWORD } from './fixtures';

const acc = accounts('consumables');

test('a contractor who ordered a grinder sees its discs under «Расходники» and adds one', async ({ page }) => {
  expect((await page.request.post('/api/authentication/', { data: { login: acc.employee.email, password: PASSWORD } })).ok()).toBe(true);
  // A grinder in stock whose page lists consumables.
  const found = (await (await page.request.post('/api/searchHeader/', { data: { query: 'болгарка' } })).json()).data.products as { id: number; url: string }[];
  let grinder: { id: number; code: string; discs: number } | null = null;
  for (const p of found) {
    const code = p.url.replaceAll('/', '');
    const exp = (await (await page.request.post('/api/product/expendableMaterials/', { data: { code } })).json()).data;
    if (exp.page_navigation.total > 0) {
      grinder = { id: p.id, code, discs: exp.page_navigation.total };
      break;
    }
  }
  expect(grinder, 'a grinder with consumables').not.toBeNull();
  expect((await page.request.post('/api/basket/add/', { data: { product: grinder!.id } })).ok()).toBe(true);
  const state = (await (await page.request.get('/web/orderCheckout/')).json()).data;
  const order = await page.request.post('/api/order/create/', {
    data: { idempotencyKey: crypto.randomUUID(), deliveryTypeId: '1', branchId: state.branches[0].id, name: acc.employee.name, phone: acc.employee.phone, email: acc.employee.email, payment: 'cash', expectedTotal: state.delivery_totals['1'].total },
  });
  expect(order.status(), await order.text()).toBe(200);

  await page.goto('/personal/');
  await page.locator('nav.pmenu--page').getByRole('link', { name: 'Расходники' }).click();
  await expect(page).toHaveURL(/\/personal\/consumables\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Расходники для ваших инструментов');
  const block = page.locator(`[data-tool="${grinder!.id}"]`);
  await expect(block).toBeVisible();
  await expect(block.getByRole('heading', { level: 2 })).toContainText('Для');
  await expect(block.locator('article.card')).toHaveCount(Math.min(4, grinder!.discs));
  await expect(block.locator('article.card').first()).toContainText('Ваша цена');
  const first = block.locator('article.card').first();
  const discUrl = await first.locator('a.card__name').getAttribute('href');
  await first.getByRole('button', { name: 'В корзину' }).click();
  await expect(first.getByRole('link', { name: 'В корзине' })).toBeVisible();
  const basket = (await (await page.request.get('/web/basket/products/')).json()).data.grid.row as { url: string }[];
  expect(basket.map((r) => r.url)).toContain(discUrl);
  await page.screenshot({ path: 'test-results/consumables-360.png' });
});
