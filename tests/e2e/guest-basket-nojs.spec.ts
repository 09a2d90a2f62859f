/**
 * Issue 10 acceptance: both login paths are one sign-in. A guest fills the basket with JavaScript,
 * then — same browser, same cookies — signs in through the no-JavaScript form post of /login/ and
 * finds those products in the basket of the account (not only under the guest cookie).
 */
import { expect, test } from '@playwright/test';
import { freshCustomer, shot } from './support';

const phone = { viewport: { width: 360, height: 800 }, locale: 'ru-BY', isMobile: true, hasTouch: true };

test("a guest's basket survives a login without JavaScript", async ({ browser, request, playwright }) => {
  const customer = await freshCustomer(request);

  // 1. A guest with JavaScript puts two hits in the basket from the listing.
  const withJs = await browser.newContext(phone);
  const page = await withJs.newPage();
  await page.goto('/catalog/hit/');
  const cards = page.locator('main .grid article');
  // The first tap hydrates the card buttons' island (client:demand) and is replayed once it is ready.
  const names: string[] = [];
  for (const i of [0, 1]) {
    const card = cards.nth(i);
    await card.scrollIntoViewIfNeeded();
    names.push((await card.locator('.card__name').textContent())!.trim());
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/basket/add/') && r.status() === 200), card.getByRole('button', { name: 'В корзину' }).click()]);
  }
  await expect(page.getByTestId('count-basket')).toHaveText('2');
  const guestBasket = (await (await page.request.get('/web/basket/products/')).json()).data.grid.row as { product_id: number; name: string }[];
  expect(guestBasket.map((r) => r.name).sort()).toEqual([...names].sort());
  const state = await withJs.storageState();
  await withJs.close();

  // 2. The same browser state without JavaScript: the login form posts to /login/ itself.
  const noJs = await browser.newContext({ ...phone, javaScriptEnabled: false, storageState: state });
  const p = await noJs.newPage();
  await p.goto('/login/?backurl=%2Fbasket%2F');
  await p.getByLabel('Email').fill(customer.email);
  await p.getByLabel('Пароль').fill(customer.password);
  await p.getByRole('button', { name: 'Войти' }).click();
  await expect(p).toHaveURL(/\/basket\/$/);
  expect((await noJs.cookies()).some((c) => c.name === 'instr.session_token')).toBe(true);

  // The basket page (server-rendered, no JavaScript) lists both products for the signed-in customer.
  const rows = p.getByTestId('basket-row');
  await expect(rows).toHaveCount(2);
  for (const name of names) await expect(rows.filter({ hasText: name })).toHaveCount(1);
  await shot(p, 'nojs-login-basket');
  const me = (await (await p.request.get('/web/profile/get/')).json()).data.user;
  expect(me.email).toBe(customer.email);
  await noJs.close();

  // 3. The basket belongs to the account: a new device with no guest cookie, signed in through the API, sees it.
  const device = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await device.post('/api/authentication/', { data: { login: customer.email, password: customer.password } })).ok()).toBe(true);
  const onAccount = (await (await device.get('/web/basket/products/')).json()).data.grid.row as { product_id: number }[];
  expect(onAccount.map((r) => r.product_id).sort()).toEqual(guestBasket.map((r) => r.product_id).sort());
  await device.dispose();
});
