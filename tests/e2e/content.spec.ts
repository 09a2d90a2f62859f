import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// scripts/e2e-server.mjs runs the server with DATA_DIR=data/e2e: the mail outbox is there.
const outbox = path.resolve('data/e2e/outbox');
const outboxFiles = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);

const noOverflow = async (page: import('@playwright/test').Page) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
};

test('callback form: Russian field errors for bad input, then a stored request and its e-mail', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/callback/servis/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Обратный звонок по сервису и ремонту');
  await expect(page.getByLabel('Тема', { exact: true })).toHaveValue('servis');
  await noOverflow(page);
  // Other specs write to the same outbox at the same time: this test's mails are the ones naming its caller.
  const name = `Иван ${Date.now().toString(36)}`;
  const mine = () => outboxFiles().filter((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes(name));

  await page.getByLabel('Телефон').fill('12-ab');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Имя: обязательное поле')).toBeVisible();
  await expect(page.getByText('Телефон: заполнено неверно')).toBeVisible();
  await expect(page.getByLabel('Имя')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Имя')).toBeFocused();

  await page.getByLabel('Имя').fill(name);
  await page.getByLabel('Телефон').fill('12-ab');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Телефон: заполнено неверно')).toBeVisible();
  expect(mine()).toEqual([]);

  await page.getByLabel('Телефон').fill('+375 29 123-45-67');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('status')).toHaveText(/Заявка принята/);
  await expect.poll(() => mine().length).toBe(1);
  const mail = JSON.parse(fs.readFileSync(path.join(outbox, mine()[0]!), 'utf8'));
  expect(mail.subject).toMatch(/^Обратный звонок №\d+: Сервис и гарантийный ремонт$/);
  expect(mail.text).toContain('Телефон: +375 29 123-45-67');
  expect(mail.text).toContain(name);
  expect(errors).toEqual([]);
});

test('warranty registration leads to the confirmation with its number', async ({ page }) => {
  await page.goto('/guaranty-register/');
  await page.getByLabel('Товар (модель или артикул)').fill('Перфоратор Makita HR2470');
  await page.getByLabel('Серийный номер').fill('HR-2470-0091');
  await page.getByLabel('Дата покупки').fill(new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel('Где куплен').fill('Филиал в Гомеле');
  await page.getByLabel('Имя').fill('Анна');
  await page.getByLabel('Телефон').fill('80291234567');
  await page.getByLabel('Email').fill('anna@example.by');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page).toHaveURL(/\/guaranty-response\/\?n=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Гарантия зарегистрирована');
  await expect(page.getByText(/Номер заявки: №\d+/)).toBeVisible();
});

test('branches: the list works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto('/filial/');
  await expect(page.locator('article.bcard')).toHaveCount(7);
  await expect(page.getByRole('link', { name: '+375 17 388-10-10' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Филиал в Бресте' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Филиал в Бресте');
  await expect(page.getByRole('heading', { name: 'В наличии в филиале' })).toBeVisible();
  await context.close();
});

test('branches: the map island loads Leaflet only when scrolled into view and puts every branch on it', async ({ page }) => {
  // No internet here: tiles are refused so that nothing waits for them.
  await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
  const leaflet: string[] = [];
  page.on('request', (r) => {
    if (/ContentMap|leaflet/i.test(r.url())) leaflet.push(r.url());
  });
  await page.goto('/filial/');
  await page.waitForLoadState('networkidle');
  expect(leaflet).toEqual([]);
  const map = page.getByRole('region', { name: 'Карта филиалов' });
  await map.scrollIntoViewIfNeeded();
  await expect(map).toHaveAttribute('data-ready', 'true');
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(7);
  await map.locator('path.leaflet-interactive').first().click({ force: true });
  await expect(page.locator('.leaflet-popup-content')).toContainText('Филиал');
  await noOverflow(page);
});

test('where to buy: filter by city and type without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto('/where-buy/');
  await page.getByRole('combobox', { name: 'Город' }).selectOption('Брест');
  await page.getByRole('radio', { name: /Магазины в городах/ }).check();
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/city=%D0%91%D1%80%D0%B5%D1%81%D1%82&by=offline/);
  const shops = page.locator('li.shop');
  expect(await shops.count()).toBeGreaterThan(0);
  for (const text of await shops.allTextContents()) expect(text).toContain('г. Брест');
  await noOverflow(page);
  await context.close();
});

test('content pages fit a 360 px phone', async ({ page }) => {
  for (const p of ['/actions/', '/actions/krugi-po-cene-zavoda/', '/media/', '/media/katalog-elektroinstrumenta-2026/', '/garant/', '/advantages/', '/circles/', '/request-feedback/', '/where-buy/', '/filial/minsk/']) {
    await page.goto(p);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noOverflow(page);
  }
});
