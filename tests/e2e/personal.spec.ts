/**
 * The personal area in Chromium at 360×800 and 1280×900, as the contractor admin and as a retail
 * customer: the wide-screen redirect and the phone menu, the summary with real orders and the
 * discount, a new delivery address confirmed by an SMS code read from the outbox, its deletion
 * requested and cancelled, notifications switched for all addresses, and the 500 page when the
 * address list fails to load (spec §8).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { accounts, PASSWORD } from './fixtures';
import { holdReact } from './support';

const OUTBOX = path.resolve('data/e2e/outbox');
/** This spec's own accounts (tests/e2e/fixtures.ts). */
const acc = accounts('personal');

/** The newest SMS code sent to `phone` after `since` (the outbox provider writes one JSON file per SMS). */
async function smsCode(phone: string, since: number): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(() => {
      const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.includes('-sms-code-address_')).sort().reverse() : [];
      for (const f of files) {
        const full = path.join(OUTBOX, f);
        if (fs.statSync(full).mtimeMs < since) continue;
        const msg = JSON.parse(fs.readFileSync(full, 'utf8')) as { to: string; text: string };
        if (msg.to === phone) return (code = /\b(\d{6})\b/.exec(msg.text)![1]!);
      }
      return null;
    })
    .not.toBeNull();
  return code!;
}

async function login(page: Page, email: string) {
  const res = await page.request.post('/api/authentication/', { data: { login: email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
}

const PEOPLE = [
  { who: 'contractor admin', email: acc.admin.email, admin: true },
  { who: 'retail customer', email: acc.retail.email, admin: false },
] as const;
const SCREENS = [
  { name: 'phone', viewport: { width: 360, height: 800 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

let phoneSeq = 0;

for (const screen of SCREENS) {
  test.describe(`personal area on a ${screen.name} (${screen.viewport.width}×${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport });

    for (const person of PEOPLE) {
      test(`${person.who}: /personal/ ${screen.name === 'phone' ? 'is the menu' : 'goes to the summary'}; the summary shows real orders and the discount`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await login(page, person.email);
        await page.goto('/personal/');
        if (screen.name === 'desktop') {
          await expect(page).toHaveURL(/\/personal\/summary\/$/);
        } else {
          await expect(page).toHaveURL(/\/personal\/$/);
          const menu = page.getByRole('navigation', { name: 'Личный кабинет' });
          await expect(menu.getByRole('link', { name: 'Адреса доставки' })).toBeVisible();
          await expect(menu.getByRole('link', { name: 'Пользователи' })).toHaveCount(person.admin ? 1 : 0);
          await menu.getByRole('link', { name: 'Сводка' }).click();
          await expect(page).toHaveURL(/\/personal\/summary\/$/);
        }
        await expect(page.getByRole('heading', { level: 1, name: 'Сводка' })).toBeVisible();

        const summary = await (await page.request.get('/web/profile/summary/')).json();
        const orders = page.locator('section[aria-labelledby="h-orders"]');
        expect(summary.data.orders.open.length).toBeGreaterThan(0);
        for (const o of summary.data.orders.open) {
          const row = orders.locator('li', { has: page.getByRole('link', { name: o.number, exact: true }) });
          await expect(row).toContainText(o.statusName);
        }
        const discount = page.locator('section[aria-labelledby="h-discount"]');
        if (person.admin) {
          await expect(discount.locator('[data-discount]')).toHaveText('7 %');
          await expect(page.locator('section[aria-labelledby="h-manager"]')).toContainText(acc.company.managerName);
        } else {
          await expect(discount).toContainText('Вы покупаете по ценам каталога');
        }
        const quick = page.getByRole('navigation', { name: 'Быстрые действия' });
        await expect(quick.getByRole('link', { name: /Быстрый заказ/ })).toHaveAttribute('href', '/e-order/');
        await expect(quick.getByRole('link', { name: /Повторить последний заказ/ })).toHaveAttribute('href', /^\/personal\/orders\/.+\/$/);
        await expect(quick.getByRole('link', { name: /Новое обращение/ })).toHaveAttribute('href', '/personal/requests/new/');
        // Nothing sticks out of the screen.
        const overflow = await page.evaluate(() => [...document.querySelectorAll('.personal__main *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1).length);
        expect(overflow).toBe(0);
        expect(errors).toEqual([]);
      });

      test(`${person.who}: adds an address confirmed by an SMS code, requests its deletion, cancels it, switches SMS for all`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await login(page, person.email);
        await page.goto('/personal/addresses/');
        await expect(page.getByRole('heading', { level: 1, name: 'Адреса доставки' })).toBeVisible();

        const house = `${screen.viewport.width}${person.admin ? 'А' : 'Б'}`;
        // The card shows the line composed of the fields (issue 30).
        const street = `г. Минск, ул. Тестовая, д. ${house}`;
        const phone = `+375 29 500-${String(10 + (phoneSeq++ % 80)).padStart(2, '0')}-${screen.viewport.width === 360 ? '36' : '12'}`;
        await page.getByRole('button', { name: /Добавить адрес/ }).click();
        await page.getByRole('combobox', { name: 'Населённый пункт' }).fill('Минск');
        await page.getByRole('textbox', { name: 'Улица', exact: true }).fill('ул. Тестовая');
        await page.getByRole('textbox', { name: 'Дом', exact: true }).fill(house);
        await page.getByRole('textbox', { name: 'Квартира / офис' }).fill('7');
        await page.getByRole('textbox', { name: 'Телефон для уведомлений' }).fill(phone);
        const since = Date.now() - 1000;
        await page.getByRole('button', { name: 'Сохранить и подтвердить' }).click();

        const card = page.locator('li[data-address-id]', { hasText: street });
        await expect(card).toHaveAttribute('data-status', 'pending');
        await expect(card.getByRole('heading', { name: 'Подтвердите новый адрес' })).toBeVisible();
        await expect(card.getByRole('radio', { name: new RegExp(`SMS на номер ${phone.replace(/[+]/g, '\\+')}`) })).toBeChecked();
        await card.getByRole('button', { name: 'Получить код' }).click();
        await expect(card.getByRole('status')).toHaveText(`Код отправлен: ${phone}`);
        const timer = card.getByRole('timer');
        await expect(timer).toContainText(/Отправить код повторно через 0[01]:\d\d/);
        // The resend timer counts down each second (spec §4): its text changes.
        const shown = (await timer.textContent())!;
        await expect(timer).not.toHaveText(shown);
        await expect(timer).toContainText(/через 00:[0-5]\d/);
        await card.getByLabel('Код из SMS или письма').fill(await smsCode(phone, since));
        await card.getByRole('button', { name: 'Подтвердить', exact: true }).click();
        await expect(card).toHaveAttribute('data-status', 'active');
        await expect(card).toContainText('Подтверждён');
        await expect(page.getByRole('status').filter({ hasText: 'Адрес подтверждён' })).toBeVisible();

        await card.getByRole('button', { name: 'Удалить' }).click();
        await expect(card).toHaveAttribute('data-status', 'deletion_requested');
        await expect(card).toContainText('Запрошено удаление');
        await expect(card.getByRole('heading', { name: 'Подтвердите удаление адреса' })).toBeVisible();
        await card.getByRole('button', { name: 'Отменить удаление' }).click();
        await expect(card).toHaveAttribute('data-status', 'active');
        await expect(page.getByRole('status').filter({ hasText: 'Удаление отменено' })).toBeVisible();

        const smsSwitches = page.getByRole('switch', { name: /SMS о доставке/ });
        await page.getByRole('button', { name: 'Выключить всем: sms о доставке' }).click();
        await expect(page.getByRole('status').filter({ hasText: /Готово: изменено адресов — \d+/ })).toBeVisible();
        for (const s of await smsSwitches.all()) await expect(s).not.toBeChecked();
        await page.getByRole('button', { name: 'Включить всем: sms о доставке' }).click();
        for (const s of await smsSwitches.all()) await expect(s).toBeChecked();
        await expect(card.getByRole('switch', { name: /SMS о доставке/ })).toBeChecked();
        expect(errors).toEqual([]);
      });
    }

    test('a tap on «Добавить адрес» made before React has arrived is held and answered once it has', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await login(page, acc.retail.email);
      // A slow phone's network: the island's React chunks come only when the test lets them.
      const letReactIn = await holdReact(page, 'DeliveryAddresses');
      await page.goto('/personal/addresses/', { waitUntil: 'domcontentloaded' });
      const island = page.locator('astro-island[component-url*="DeliveryAddresses"]');
      await expect(island).toHaveAttribute('ssr', '');
      await page.getByRole('button', { name: /Добавить адрес/ }).click();
      // Still plain HTML: the tap waits rather than reaching a button that does nothing.
      await expect(island).toHaveAttribute('ssr', '');
      await expect(page.getByRole('combobox', { name: 'Населённый пункт' })).toHaveCount(0);
      await letReactIn();
      await expect(page.getByRole('combobox', { name: 'Населённый пункт' })).toBeVisible();
      await expect(page.getByRole('button', { name: /Добавить адрес/ })).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test('the address list failing to load shows the 500 page', async ({ page }) => {
      await login(page, acc.retail.email);
      await page.goto('/personal/addresses/');
      await page.route('**/web/personal/addresses/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","data":null,"errors":[{"code":500,"message":"Внутренняя ошибка сервера. Попробуйте позже."}]}' }));
      await page.getByRole('switch', { name: /Письма о доставке/ }).first().click();
      await expect(page.getByRole('heading', { name: 'Ошибка на сервере' })).toBeVisible();
      await expect(page.locator('[data-error="500"]')).toContainText('500');
      await expect(page.getByRole('button', { name: 'Обновить страницу' })).toBeVisible();
      await page.unroute('**/web/personal/addresses/**');
      await page.getByRole('button', { name: 'Обновить страницу' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Адреса доставки' })).toBeVisible();
      await expect(page.locator('li[data-address-id]').first()).toBeVisible();
    });
  });
}

test('an employee without the right sees the company addresses read-only', async ({ page }) => {
  await login(page, acc.employee.email);
  await page.goto('/personal/addresses/');
  await expect(page.getByRole('note')).toContainText('Изменять адреса может администратор компании');
  await expect(page.locator('li[data-address-id]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Добавить адрес/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Удалить' })).toHaveCount(0);
  for (const s of await page.getByRole('switch').all()) await expect(s).toBeDisabled();
});
