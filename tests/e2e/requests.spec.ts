/**
 * Requests end to end on a 360×800 phone: a contractor opens a warranty request about a product of
 * a past order with a photo; a staff member answers it from /desk/ with a PDF; the contractor sees
 * the header badge, reads the answer, rates it and closes the request. Then staff moves an order to
 * "ready for pickup" and its owner gets the notification and the e-mail.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { accounts, PASSWORD } from './fixtures';

/** This spec's own accounts (tests/e2e/fixtures.ts). */
const acc = accounts('requests');
const OUTBOX = path.resolve('data/e2e/outbox');

async function signIn(browser: Browser, email: string, target: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'ru-BY' });
  const page = await context.newPage();
  await page.goto(`/login/?backurl=${encodeURIComponent(target)}`);
  // Typing before the login island hydrates would be lost (Astro drops `ssr` once an island is live);
  // the header's client:demand islands wait for the page's first use (decision 0053).
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="demand"])'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
  return page;
}

/** Nothing on the page is wider than the phone. */
async function fitsThePhone(page: Page) {
  const wide = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((el) => el.getBoundingClientRect().right > 361).map((el) => el.tagName + '.' + el.className).slice(0, 5));
  expect(wide).toEqual([]);
}

const mailsTo = (address: string) =>
  fs.existsSync(OUTBOX)
    ? fs
        .readdirSync(OUTBOX)
        .map((f) => JSON.parse(fs.readFileSync(path.join(OUTBOX, f), 'utf8')))
        .filter((m) => JSON.stringify(m.to ?? '').includes(address))
    : [];

test('a warranty request with a photo, answered from the desk with a PDF, read, rated and closed', async ({ browser }, info) => {
  const photo = info.outputPath('shildik.jpg');
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg().toFile(photo);
  const actPdf = info.outputPath('akt-priyomki.pdf');
  fs.writeFileSync(actPdf, '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

  // The contractor opens a warranty request about a product of a past (completed) order.
  const customer = await signIn(browser, acc.admin.email, '/personal/requests/');
  await customer.getByRole('link', { name: 'Новое обращение' }).click();
  await customer.getByRole('link', { name: /Гарантийный ремонт/ }).click();
  await expect(customer.getByRole('heading', { name: 'Гарантийный ремонт' })).toBeVisible();
  const orderSelect = customer.getByRole('combobox', { name: 'Заказ, в котором куплен инструмент', exact: true });
  const pastOrder = await orderSelect.locator('option', { hasText: 'Выполнен' }).first().getAttribute('value');
  await orderSelect.selectOption(pastOrder!);
  const productSelect = customer.getByRole('combobox', { name: 'Инструмент', exact: true });
  // Only the chosen order's products are offered.
  await expect(productSelect.locator(`optgroup[data-order="${pastOrder}"]`)).not.toHaveAttribute('hidden');
  await expect(productSelect.locator('optgroup:not([hidden])')).toHaveCount(1);
  const product = productSelect.locator(`optgroup[data-order="${pastOrder}"] option`).first();
  const productName = (await product.textContent())!.replace(/ \([^)]*\)$/, '');
  await productSelect.selectOption((await product.getAttribute('value'))!);
  await customer.getByLabel('Серийный номер').fill('SN 2207-4411');
  await customer.getByLabel('Опишите неисправность').fill('Через месяц работы перестал включаться, индикатор не горит.');
  await customer.getByLabel('Фото инструмента и шильдика').setInputFiles(photo);
  await fitsThePhone(customer);
  await customer.getByRole('button', { name: 'Отправить' }).click();
  await expect(customer).toHaveURL(/\/personal\/requests\/\d+\/$/);
  const appealUrl = new URL(customer.url()).pathname;
  const appealId = appealUrl.match(/(\d+)\/$/)![1];
  await expect(customer.locator('.note--ok')).toContainText('Обращение отправлено');
  await expect(customer.getByRole('link', { name: productName })).toBeVisible();
  await expect(customer.locator('.msg__photo img')).toHaveJSProperty('complete', true);
  expect(await customer.locator('.msg__photo img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

  // Staff answer it from the desk with a PDF.
  const desk = await signIn(browser, acc.staff.email, '/desk/');
  await desk.getByRole('link', { name: 'Ждут ответа' }).click();
  const card = desk.locator('.rcard', { hasText: `№${appealId}` });
  await expect(card).toContainText('ждёт');
  await card.getByRole('link').click();
  await expect(desk.getByRole('heading', { name: `Обращение №${appealId}` })).toBeVisible();
  await expect(desk.getByText('SN 2207-4411')).toBeVisible();
  await desk.getByLabel('Сообщение').fill('Здравствуйте! Принесите инструмент в сервисный центр, акт приёмки во вложении.');
  await desk.getByLabel('Файлы').setInputFiles(actPdf);
  await fitsThePhone(desk);
  await desk.getByRole('button', { name: 'Отправить ответ' }).click();
  await expect(desk.locator('.note--ok')).toContainText('Ответ отправлен');
  await expect(desk.locator('.msg--staff .msg__doc')).toContainText('akt-priyomki.pdf');

  // The contractor sees the badge in the header and reads the answer.
  await customer.goto('/personal/requests/');
  const badge = customer.getByTestId('count-personalnotifications');
  await expect(badge).toBeVisible();
  const unread = Number(await badge.textContent());
  expect(unread).toBeGreaterThan(0);
  await expect(customer.locator('.rcard', { hasText: `№${appealId}` })).toContainText('Новый ответ');
  await customer.getByRole('link', { name: `Уведомления: ${unread}` }).click();
  await expect(customer).toHaveURL(/\/personal\/notifications\/$/);
  await customer.getByRole('link', { name: `Ответ по обращению №${appealId}` }).click();
  await expect(customer).toHaveURL(new RegExp(`${appealUrl}$`));
  await expect(customer.locator('.msg--staff')).toContainText('акт приёмки во вложении');
  const pdfLink = customer.locator('.msg--staff .msg__doc');
  const download = await Promise.all([customer.waitForEvent('download'), pdfLink.click()]).then(([d]) => d);
  expect(download.suggestedFilename()).toBe('akt-priyomki.pdf');
  // Reading the thread read its notification: the badge went down.
  if (unread > 1) await expect(customer.getByTestId('count-personalnotifications')).toHaveText(String(unread - 1));
  else await expect(customer.getByTestId('count-personalnotifications')).toHaveCount(0);

  // Rates the answer and closes the request.
  await customer.locator('.msg--staff').getByRole('button', { name: '5 из 5' }).click();
  await expect(customer.locator('.note--ok')).toHaveText('Спасибо за оценку!');
  await expect(customer.locator('.msg--staff').getByRole('button', { name: '5 из 5' })).toHaveAttribute('aria-pressed', 'true');
  await customer.getByRole('button', { name: 'Закрыть обращение' }).click();
  await expect(customer.locator('.note--ok')).toHaveText('Обращение закрыто');
  await expect(customer.locator('.req-card .status')).toHaveText('Закрыто');
  await expect(customer.getByText('Клиент закрыл обращение')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Открыть снова' })).toBeVisible();
  await fitsThePhone(customer);

  // The desk sees the rating and the closed request.
  await desk.goto(`/desk/requests/${appealId}/`);
  await expect(desk.locator('.msg__rating')).toHaveText('Оценка: ★★★★★');
  await expect(desk.locator('.req-card .status')).toHaveText('Закрыто');
});

test('staff move an order to "ready for pickup": the owner gets the notification and the e-mail', async ({ browser }) => {
  const desk = await signIn(browser, acc.staff.email, '/desk/');
  await desk.getByRole('link', { name: 'Заказы' }).click();
  // The desk lists every customer's orders: this spec's customer's order in picking, found by its number.
  const number = acc.orders.retailPicking;
  await desk.getByLabel('Статус').selectOption({ label: 'Собирается' });
  await desk.getByLabel('Номер, телефон, e-mail, имя или УНП').fill(number);
  await desk.getByRole('button', { name: 'Найти' }).click();
  const card = desk.locator('.ocard', { hasText: acc.retail.name });
  await expect(card).toHaveCount(1);
  await expect(card.locator('b').first()).toHaveText(number);
  await card.getByLabel('Перевести в').selectOption({ label: 'Готов к выдаче' });
  await card.getByPlaceholder('Комментарий (виден в истории)').fill('Ждёт на складе в Гомеле');
  await fitsThePhone(desk);
  await card.getByRole('button', { name: 'Перевести' }).click();
  await expect(desk.locator('.note--ok')).toHaveText('Статус заказа изменён, клиент уведомлён');
  await desk.goto(`/desk/orders/?q=${encodeURIComponent(number)}`);
  const moved = desk.locator('.ocard', { hasText: number });
  await expect(moved.locator('.status')).toHaveText('Готов к выдаче');
  await moved.getByText('История статусов').click();
  await expect(moved.locator('.ocard__history')).toContainText(`Готов к выдаче · ${acc.staff.name} · «Ждёт на складе в Гомеле»`);
  // The order's own page: what the customer bought and who they are, for answering them on the phone.
  await moved.getByRole('link', { name: `Открыть заказ ${number}` }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText(`Заказ ${number}`);
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Готов к выдаче');
  await expect(desk.getByTestId('desk-order-account')).toContainText(acc.retail.email);
  await expect(desk.getByTestId('order-line').first()).toBeVisible();
  await expect(desk.locator('.ohistory')).toContainText('«Ждёт на складе в Гомеле»');
  await fitsThePhone(desk);

  const owner = await signIn(browser, acc.retail.email, '/personal/notifications/');
  await expect(owner.getByTestId('count-personalnotifications')).toBeVisible();
  await expect(owner.locator('.ncard--unread', { hasText: `Заказ ${number}: готов к выдаче` })).toBeVisible();
  await expect.poll(() => mailsTo(acc.retail.email).filter((m) => m.subject === `Заказ ${number}: готов к выдаче`).length).toBe(1);
  await owner.locator('.ncard', { hasText: number }).getByRole('button', { name: 'Прочитано' }).click();
  await expect(owner.locator('.note--ok')).toHaveText('Отмечено прочитанным');
  await expect(owner.locator('.ncard--unread', { hasText: number })).toHaveCount(0);
  await fitsThePhone(owner);
});

test('the desk and the request pages work without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 }, locale: 'ru-BY' });
  const page = await context.newPage();
  await page.goto('/login/?backurl=%2Fpersonal%2Frequests%2Fnew%2Fother%2F');
  await page.getByLabel('Email').fill(acc.employee.email);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal\/requests\/new\/other\/$/);
  await page.getByRole('textbox', { name: 'Тема' }).fill('Доставка в Брест');
  await page.getByRole('textbox', { name: 'Сообщение' }).fill('Возите ли вы заказы в Брест?');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page).toHaveURL(/\/personal\/requests\/\d+\/$/);
  const id = page.url().match(/(\d+)\/$/)![1];
  await expect(page.locator('.note--ok')).toContainText('Обращение отправлено');

  const staff = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 }, locale: 'ru-BY' });
  const desk = await staff.newPage();
  await desk.goto('/login/?backurl=%2Fdesk%2F');
  await desk.getByLabel('Email').fill(acc.staff.email);
  await desk.getByLabel('Пароль').fill(PASSWORD);
  await desk.getByRole('button', { name: 'Войти' }).click();
  await desk.locator('.rcard', { hasText: `№${id}` }).getByRole('link').click();
  await desk.getByLabel('Сообщение').fill('Да, доставка в Брест — 2 дня.');
  await desk.getByLabel('Закрыть обращение после ответа').check();
  await desk.getByRole('button', { name: 'Отправить ответ' }).click();
  await expect(desk.locator('.note--ok')).toContainText('Ответ отправлен');
  await expect(desk.locator('.req-card .status')).toHaveText('Закрыто');

  await page.reload();
  await expect(page.locator('.msg--staff')).toContainText('доставка в Брест — 2 дня');
  await page.getByRole('button', { name: '4 из 5' }).last().click();
  await expect(page.locator('.note--ok')).toHaveText('Спасибо за оценку!');
  await page.getByRole('button', { name: 'Открыть снова' }).click();
  await expect(page.locator('.note--ok')).toHaveText('Обращение открыто снова');
  await context.close();
  await staff.close();
});
