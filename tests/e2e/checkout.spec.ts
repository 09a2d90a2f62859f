/**
 * Checkout and orders in Chromium at 360×800 (issue 12 acceptance): a guest buys two products for
 * pickup using the keyboard only; a retail buyer has a new address (picked from suggestions)
 * delivered on the first possible date; a contractor orders by invoice and downloads the PDF. Each
 * order then shows in /personal/orders/ with its total, and «Повторить заказ» refills the basket.
 */
import { SELLER } from '../../src/config/seller';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';
import { accounts, PASSWORD } from './fixtures';
import { ready } from './support';

/** This spec's own accounts and company (tests/e2e/fixtures.ts). */
const acc = accounts('checkout');

type Row = { product_id: number; name: string; stock: number; can_buy: boolean };

/** Buyable products with stock, from an id range no other spec touches. */
async function products(request: APIRequestContext, from: number, n: number): Promise<Row[]> {
  const ids = Array.from({ length: 60 }, (_, i) => ({ product: from + i, quantity: 1 }));
  await request.post('/api/basket/list/add/', { data: { product_list: ids } });
  const grid = await (await request.get('/web/basket/products/?pageSize=200')).json();
  await request.post('/api/basket/clear/', { data: {} });
  return (grid.data.grid.row as Row[]).filter((r) => r.can_buy && r.stock >= 3).slice(0, n);
}

const login = async (page: Page, email: string) => expect((await page.request.post('/api/authentication/', { data: { login: email, password: PASSWORD } })).ok()).toBe(true);
const money = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
const noOverflow = async (page: Page) => {
  // The status filter is a strip that scrolls sideways on purpose; nothing else may stick out.
  const wide = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.ofilter')).map((e) => e.className || e.tagName));
  expect(wide).toEqual([]);
};

/** Presses Tab until the focused element matches (keyboard only: no clicks). */
async function tabTo(page: Page, matches: (el: { tag: string; name: string | null; type: string | null; label: string }) => boolean, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLInputElement | null;
      return { tag: a?.tagName.toLowerCase() ?? '', name: a?.getAttribute('name') ?? null, type: a?.getAttribute('type') ?? null, label: (a?.closest('label')?.textContent ?? a?.textContent ?? '').trim() };
    });
    if (matches(el)) return;
  }
  throw new Error('focus never reached the element');
}

test('a guest buys two products for pickup at a branch, with the keyboard only', async ({ page, request }) => {
  const [a, b] = await products(request, 200, 2);
  await page.request.post('/api/basket/add/', { data: { product: a!.product_id, quantity: 2 } });
  await page.request.post('/api/basket/add/', { data: { product: b!.product_id } });
  await page.goto('/checkout/');
  await ready(page);
  await noOverflow(page);
  // The delivery-type radios are one tab stop; arrows switch to pickup.
  await tabTo(page, (e) => e.name === 'deliveryTypeId');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Самовывоз' })).toBeChecked();
  await tabTo(page, (e) => e.name === 'branchId');
  await page.keyboard.press('ArrowDown'); // the second branch (Гомель)
  const chosen = page.getByTestId('branch-option').nth(1);
  await expect(chosen.getByRole('radio')).toBeChecked();
  await expect(chosen).toContainText(/Можно забрать: /);
  await tabTo(page, (e) => e.name === 'name');
  await page.keyboard.type('Анна Гостева');
  await page.keyboard.press('Tab');
  await page.keyboard.type('8 029 765-43-21');
  await page.keyboard.press('Tab');
  await page.keyboard.type('anna.guest@example.by');
  await tabTo(page, (e) => e.type === 'submit');
  const total = money(await page.getByTestId('checkout-total').textContent());
  await Promise.all([page.waitForURL(/\/checkout\/%D0%98%D0%9D-\d+\/$/), page.keyboard.press('Enter')]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Заказ оформлен');
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  expect(money(await page.getByTestId('order-total').textContent())).toBe(total);
  await expect(page.getByText(/Самовывоз: Филиал в Гомеле/)).toBeVisible();
  await expect(page.getByTestId('create-account')).toHaveAttribute('href', '/registration/?email=anna.guest%40example.by');
  await noOverflow(page);
});

test('a retail buyer has a new address from the suggestions delivered on the first date, then repeats the order', async ({ page, request }) => {
  const [a] = await products(request, 260, 1);
  await login(page, acc.retail.email);
  await page.request.post('/api/basket/clear/', { data: {} });
  await page.request.post('/api/basket/add/', { data: { product: a!.product_id } });
  await page.goto('/checkout/');
  await ready(page);
  await expect(page.getByRole('radio', { name: 'Доставка' })).toBeChecked();
  await page.getByRole('radio', { name: 'Новый адрес' }).check();
  const city = page.getByRole('combobox', { name: 'Населённый пункт' });
  await city.pressSequentially('Гомел', { delay: 30 });
  await page.getByRole('option', { name: /^г\. Гомель(\s|$)/ }).click();
  await expect(city).toHaveValue('Гомельская обл., г. Гомель');
  await page.getByRole('textbox', { name: 'Улица', exact: true }).fill('ул. Советская');
  await page.getByRole('textbox', { name: 'Дом', exact: true }).fill('41');
  await page.getByRole('textbox', { name: 'Квартира / офис', exact: true }).fill('17');
  const date = page.getByLabel('Дата доставки');
  const first = await date.locator('option').first().getAttribute('value');
  await expect(date).toHaveValue(first!);
  await expect(page.getByRole('radio', { name: 'Наличными при получении' })).toBeChecked();
  const total = money(await page.getByTestId('checkout-total').textContent());
  await Promise.all([page.waitForURL(/\/checkout\/%D0%98%D0%9D-\d+\/$/), page.getByRole('button', { name: 'Подтвердить заказ' }).click()]);
  const number = (await page.getByTestId('order-number').textContent())!;
  await expect(page.getByText('Гомельская обл., г. Гомель, ул. Советская, д. 41, кв. 17')).toBeVisible();
  const d = Number(first!.slice(8));
  await expect(page.getByText(new RegExp(`Дата доставки: ${d} `))).toBeVisible();

  await page.goto('/personal/orders/');
  const card = page.locator(`[data-testid="order-card"][data-number="${number}"]`);
  await expect(card.getByTestId('order-card-total')).toHaveText(/./);
  expect(money(await card.getByTestId('order-card-total').textContent())).toBe(total);
  await noOverflow(page);
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('astro-island')).not.toHaveAttribute('ssr');
  await card.getByRole('button', { name: 'Повторить заказ' }).click();
  // The preview (issue 30): the one line, ticked, at today's price; then it goes to the basket.
  await page.getByRole('dialog').getByRole('button', { name: 'Добавить в корзину (1)' }).click();
  await expect(card.getByTestId('repeat-report')).toContainText('В корзину добавлено: 1.');
  await expect(page.getByTestId('count-basket')).toHaveText('1');
});

test('the new address is asked for by fields at 360×800: a locality is suggested, a wrong house number is refused in Russian', async ({ page, request }) => {
  const [a] = await products(request, 290, 1);
  await page.request.post('/api/basket/clear/', { data: {} });
  await page.request.post('/api/basket/add/', { data: { product: a!.product_id } });
  await page.goto('/checkout/');
  await ready(page);
  await expect(page.getByRole('radio', { name: 'Доставка' })).toBeChecked();
  const city = page.getByRole('combobox', { name: 'Населённый пункт' });
  const street = page.getByRole('textbox', { name: 'Улица', exact: true });
  const house = page.getByRole('textbox', { name: 'Дом', exact: true });
  for (const f of [city, street, house, page.getByRole('textbox', { name: 'Корпус', exact: true }), page.getByRole('textbox', { name: 'Квартира / офис', exact: true }), page.getByRole('textbox', { name: 'Подъезд', exact: true })]) await expect(f).toBeVisible();
  await city.pressSequentially('Борисо', { delay: 30 });
  const option = page.getByRole('option', { name: /^г\. Борисов(\s|$)/ });
  await expect(option).toContainText('Минская обл.');
  await option.click();
  await expect(city).toHaveValue('Минская обл., г. Борисов');
  await street.fill('ул. Гагарина');
  await house.fill('12-14');
  await page.locator('#co-name').fill('Пётр Адресов');
  await page.locator('#co-phone').fill('+375 29 765-43-21');
  await page.locator('#co-email').fill('petr.adresov@example.by');
  await noOverflow(page);
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  // Refused by the server (its 422, shown under the field), no order placed.
  await expect(house).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.adf__house .field__error')).toHaveText('Дом: номер дома указывается так: 12, 12А, 12/1 или 12 к2');
  await expect(house).toHaveAccessibleDescription(/номер дома указывается так/);
  expect(new URL(page.url()).pathname).toBe('/checkout/');
  // A locality that is not in the list is refused too, naming the field.
  await city.fill('Гомелъ');
  await house.fill('12А');
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await expect(page.locator('.adf__city .field__error')).toHaveText(/^Населённый пункт: такого населённого пункта нет в списке/);
  await expect(page.locator('.adf__house .field__error')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/checkout/');
});

test('a contractor orders by invoice, downloads the PDF and finds the order in the list', async ({ page, request }) => {
  const [a, b] = await products(request, 320, 2);
  await login(page, acc.admin.email);
  await page.request.post('/api/basket/clear/', { data: {} });
  await page.request.post('/api/basket/add/', { data: { product: a!.product_id, quantity: 2 } });
  await page.request.post('/api/basket/add/', { data: { product: b!.product_id } });
  const searches: string[] = [];
  page.on('request', (r) => void (r.url().includes('/api/organization/list/') && searches.push(r.postData() ?? '')));
  await page.goto('/checkout/');
  await ready(page);
  await expect(page.getByRole('radio', { name: 'По счёту (безналичный расчёт)' })).toBeChecked();
  const payer = page.getByLabel('Организация-плательщик');
  await expect(payer).toContainText(acc.company.name);
  // The page carries the payers: the search is asked only once the buyer types into it.
  await page.waitForTimeout(400);
  expect(searches).toEqual([]);
  const search = page.getByLabel('Найти по названию или УНП');
  await search.fill('нет-такой-организации');
  await expect(payer.locator('option')).toHaveCount(0);
  await search.fill(acc.company.unp.slice(0, 5));
  await expect(payer).toContainText(acc.company.name);
  expect(searches.length).toBeGreaterThan(0);
  await search.fill('');
  await expect(payer).toContainText(acc.company.name);
  const total = money(await page.getByTestId('checkout-total').textContent());
  await Promise.all([page.waitForURL(/\/checkout\/%D0%98%D0%9D-\d+\/$/), page.getByRole('button', { name: 'Подтвердить заказ' }).click()]);
  const number = (await page.getByTestId('order-number').textContent())!;
  await page.goto(`/personal/orders/${encodeURIComponent(number)}/`);
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-link').click()]);
  const pdf = new Uint8Array(fs.readFileSync((await download.path())!));
  const { text: raw } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
  const text = raw.replace(/\s+/g, ' ');
  expect(text).toContain(`Счёт на оплату № ${number}`);
  expect(text).toContain(`Плательщик: ${acc.company.name}, УНП ${acc.company.unp}`);
  expect(text).toContain(`Поставщик: ${SELLER.legalName}, УНП ${SELLER.unp}`);
  expect(text).toMatch(/Всего к оплате: [А-Я][а-яё ]+ белорусск/);
  expect(text).toContain(total.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, ' '));

  await page.goto('/personal/orders/');
  const card = page.locator(`[data-testid="order-card"][data-number="${number}"]`);
  expect(money(await card.getByTestId('order-card-total').textContent())).toBe(total);
});
