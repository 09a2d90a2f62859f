/**
 * Flows that cross the issues merged separately (accounts 11, checkout 12, personal area 13,
 * company users 14), on a 360×800 phone, with screenshots of the key screens in /tmp/h-tests-shots:
 *  a. a contractor admin invites an employee; the invitation arrives; the employee sets a password
 *     through the first authorization (user_not_auth) and signs in;
 *  b. an employee's order above their limit waits for the admin, who approves it in the personal
 *     area; the order moves on and the employee sees it (and is told);
 *  c. a delivery address confirmed by a code tells its company's admin under the bell.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, nextCode, nextMail, noOverflow, ready, shot } from './support';
import { accounts } from './fixtures';

/** This spec's own company (tests/e2e/fixtures.ts): its admin and its employee with a 500 BYN limit. */
const acc = accounts('cross-issue');
const ADMIN = acc.admin.email;
const SUPPLY = acc.supply.email;
const phone = { viewport: { width: 360, height: 800 }, locale: 'ru-BY', isMobile: true, hasTouch: true };

async function signedIn(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...phone, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const res = await page.request.post('/api/authentication/', { data: { login: email, password: DEMO_PASSWORD } });
  expect(res.ok(), `login ${email}`).toBe(true);
  return { context, page };
}

const money = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));

test('a. an invited employee sets a password through the first authorization and signs in', async ({ browser }) => {
  const email = `monter.${Date.now().toString(36)}@${acc.domain}`;
  const { context: adminCtx, page: admin } = await signedIn(browser, ADMIN);
  await admin.goto('/personal/users/new/');
  await ready(admin);
  await admin.getByLabel('Имя и фамилия').fill('Олег Монтёров');
  await admin.getByLabel('Email').fill(email);
  await admin.getByLabel('Телефон').fill('8 029 444-55-66');
  await admin.getByLabel('Должность').fill('Монтажник');
  await noOverflow(admin);
  await shot(admin, 'a1-admin-invites');
  await admin.getByRole('button', { name: 'Пригласить' }).click();
  await expect(admin).toHaveURL(/\/personal\/users\/[\w-]+\/\?invited=Y$/);
  await expect(admin.getByText('Приглашён(а), пароль ещё не задан')).toBeVisible();
  const userUrl = new URL(admin.url()).pathname;

  // The invitation in the outbox links to the login page with the e-mail filled in.
  const invitation = await nextMail(email, (m) => m.subject.includes('Приглашение'));
  const link = /https?:\/\/\S+\/login\/\?email=\S+/.exec(invitation.text)![0];
  const { pathname, search } = new URL(link);

  const employeeCtx = await browser.newContext({ ...phone, baseURL: test.info().project.use.baseURL });
  const employee = await employeeCtx.newPage();
  await employee.goto(pathname + search);
  await ready(employee);
  await expect(employee.getByLabel('Email')).toHaveValue(email);
  await employee.locator('input[name="password"]').fill('что-угодно-1');
  await employee.getByRole('button', { name: 'Войти' }).click();
  const dialog = employee.getByRole('dialog', { name: 'Первый вход' });
  await expect(dialog).toContainText(email);
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  await dialog.getByLabel('Код из письма').fill(await nextCode(email));
  await dialog.getByRole('button', { name: 'Проверить код' }).click();
  await dialog.getByLabel('Новый пароль').fill('Montage2026pass');
  await dialog.getByLabel('Повторите пароль').fill('Montage2026pass');
  await shot(employee, 'a2-first-authorization');
  await dialog.getByRole('button', { name: 'Сохранить пароль и войти' }).click();
  await expect(employee).toHaveURL(/\/personal\/$/);
  await expect(employee.getByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
  await shot(employee, 'a3-employee-personal');

  // The new password is the one that opens the account from now on.
  await employee.request.post('/api/logout/', { data: {} });
  await employee.goto('/login/');
  await ready(employee);
  await employee.getByLabel('Email').fill(email);
  await employee.locator('input[name="password"]').fill('Montage2026pass');
  await employee.getByRole('button', { name: 'Войти' }).click();
  await expect(employee).toHaveURL(/\/personal\/$/);
  expect((await (await employee.request.get('/web/profile/get/')).json()).data.company.name).toBe(acc.company.name);

  // The admin's card of the user no longer says the invitation is pending.
  await admin.goto(userUrl);
  await expect(admin.getByText('Приглашён(а), пароль ещё не задан')).toHaveCount(0);
  await adminCtx.close();
  await employeeCtx.close();
});

test("b. an employee's order above the limit waits for the admin, is approved in the personal area, and the employee sees it move on", async ({ browser }) => {
  const { context: supplyCtx, page: supply } = await signedIn(browser, SUPPLY);
  // Products of an id range no other spec buys from, priced for this buyer (the company's prices).
  await supply.request.post('/api/basket/clear/', { data: {} });
  await supply.request.post('/api/basket/list/add/', { data: { product_list: Array.from({ length: 40 }, (_, i) => ({ product: 420 + i, quantity: 1 })) } });
  const rows = (await (await supply.request.get('/web/basket/products/?pageSize=200')).json()).data.grid.row as { product_id: number; price: number; stock: number; can_buy: boolean }[];
  await supply.request.post('/api/basket/clear/', { data: {} });
  const pick = rows.filter((r) => r.can_buy && r.stock >= 5).sort((x, y) => y.price - x.price)[0]!;
  const quantity = Math.min(pick.stock, Math.max(1, Math.ceil(650 / pick.price)));
  expect(pick.price * quantity, 'the basket must be above the 500 BYN limit').toBeGreaterThan(500);
  expect((await supply.request.post('/api/basket/add/', { data: { product: pick.product_id, quantity } })).ok()).toBe(true);

  await supply.goto('/checkout/');
  await ready(supply);
  await expect(supply.getByRole('radio', { name: 'По счёту (безналичный расчёт)' })).toBeChecked();
  await expect(supply.getByText(/Сумма больше вашего лимита \(500,00 р\. на один заказ\)/)).toBeVisible();
  const total = money(await supply.getByTestId('checkout-total').textContent());
  await noOverflow(supply);
  await shot(supply, 'b1-checkout-over-limit');
  await Promise.all([supply.waitForURL(/\/checkout\/%D0%98%D0%9D-\d+\/$/), supply.getByRole('button', { name: 'Подтвердить заказ' }).click()]);
  await expect(supply.getByRole('heading', { name: 'Заказ ждёт согласования' })).toBeVisible();
  const number = (await supply.getByTestId('order-number').textContent())!.trim();
  await shot(supply, 'b2-order-waits');

  // The admin finds it in the orders list, waiting, and approves it there.
  const { context: adminCtx, page: admin } = await signedIn(browser, ADMIN);
  await admin.goto('/personal/orders/');
  const card = admin.locator(`[data-testid="order-card"][data-number="${number}"]`);
  await expect(card).toContainText('Ожидает согласования');
  // One line is «1 позиция», not «1 позиций».
  await expect(card).toContainText(`1 позиция, ${quantity} шт.`);
  expect(money(await card.getByTestId('order-card-total').textContent())).toBe(total);
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('astro-island[ssr]')).toHaveCount(0);
  await shot(admin, 'b3-admin-orders');
  await Promise.all([admin.waitForEvent('load'), card.getByRole('button', { name: 'Согласовать' }).click()]);
  await expect(card).not.toContainText('Ожидает согласования');
  await expect(card.getByRole('button', { name: 'Согласовать' })).toHaveCount(0);
  await shot(admin, 'b4-admin-approved');

  // The employee sees the order moved on, with the decision in its history, and has been told.
  await supply.goto(`/personal/orders/${encodeURIComponent(number)}/`);
  await expect(supply.locator('main')).toContainText('Согласован администратором компании');
  await expect(supply.getByTestId('order-status')).toHaveText('Новый');
  await shot(supply, 'b5-employee-sees-approved');
  const told = (await (await supply.request.get('/web/notifications/?page_size=50')).json()).data.items as { title: string; href: string }[];
  expect(told.some((n) => n.href === `/personal/orders/${encodeURIComponent(number)}/` && !/ожидает согласования/i.test(n.title))).toBe(true);
  await nextMail(SUPPLY, (m) => m.subject.includes(number) && !m.subject.includes('ожидает'));
  await adminCtx.close();
  await supplyCtx.close();
});

test('c. a delivery address confirmed by a code tells the company admin under the bell', async ({ browser }) => {
  const { context, page } = await signedIn(browser, ADMIN);
  const house = String(1 + (Date.now() % 999));
  const street = `г. Минск, ул. Уведомлений, д. ${house}`;
  const tel = '+375 29 611-22-33';
  await page.goto('/personal/addresses/');
  await ready(page);
  await page.getByRole('button', { name: /Добавить адрес/ }).click();
  await page.getByRole('combobox', { name: 'Населённый пункт' }).fill('Минск');
  await page.getByRole('textbox', { name: 'Улица', exact: true }).fill('ул. Уведомлений');
  await page.getByRole('textbox', { name: 'Дом', exact: true }).fill(house);
  await page.getByRole('textbox', { name: 'Телефон для уведомлений' }).fill(tel);
  await page.getByRole('button', { name: 'Сохранить и подтвердить' }).click();
  const card = page.locator('li[data-address-id]', { hasText: street });
  await expect(card).toHaveAttribute('data-status', 'pending');
  await card.getByRole('button', { name: 'Получить код' }).click();
  await expect(card.getByRole('status')).toHaveText(`Код отправлен: ${tel}`);
  await card.getByLabel('Код из SMS или письма').fill(await nextCode(tel));
  await card.getByRole('button', { name: 'Подтвердить', exact: true }).click();
  await expect(card).toHaveAttribute('data-status', 'active');
  await shot(page, 'c1-address-confirmed');

  await page.goto('/personal/notifications/');
  const note = page.locator('main li', { hasText: street });
  await expect(note).toContainText('Адрес доставки подтверждён');
  await expect(note).toContainText(acc.admin.name);
  await noOverflow(page);
  await shot(page, 'c2-notifications');
  await context.close();
});
