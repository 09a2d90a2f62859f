import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { parse as parseCsv } from 'csv-parse/sync';
import { accounts, PASSWORD } from './fixtures';

/** This spec's own company admin (tests/e2e/fixtures.ts): the token and lists are that company's. */
const ADMIN = { login: accounts('exports').admin.email, password: PASSWORD };

/** What the admin sees as "your price" on the product itself, for a product link from the file. */
async function sitePrice(page: Page, productUrl: string): Promise<number> {
  const code = new URL(productUrl).pathname.replaceAll('/', '');
  const res = await page.request.get(`/web/product/detail/${code}/`);
  return (await res.json()).data.product.personalPrice;
}

async function download(page: Page, card: ReturnType<Page['locator']>): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Скачать' }).click()]);
  return fs.readFileSync((await file.path())!);
}

/** Columns by their Russian titles, rows of the file as objects. */
function table(rows: unknown[][]): Record<string, unknown>[] {
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries(head!.map((h, i) => [String(h), r[i]])));
}

test('a contractor admin builds an export list in four steps, downloads it, and feeds it to an outside system with a token', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  expect((await page.request.post('/api/authentication/', { data: ADMIN })).ok()).toBe(true);

  await page.goto('/personal/unloading/');
  await page.getByRole('link', { name: 'Создать выгрузку' }).click();
  await expect(page).toHaveURL(/\/personal\/unloading\/new\/$/);

  // Step 1: two brands, everything they have.
  await page.getByLabel('Выбранные бренды').check();
  await page.getByLabel('Bosch', { exact: true }).check();
  await page.getByLabel('Makita', { exact: true }).check();
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByTestId('wizard-step')).toHaveText('Шаг 2 из 4');
  await expect(page).toHaveURL(/\/new\/\?id=\d+$/);

  // Step 2, half done: one more field ticked (autosaved), then the page is reloaded.
  const autosaved = page.waitForResponse((r) => r.url().includes('/api/profile/export/step/') && r.request().postDataJSON()?.draft === 'Y');
  await page.getByLabel('Остатки по филиалам').check();
  await autosaved;
  await page.reload();
  await expect(page.getByTestId('wizard-step')).toHaveText('Шаг 2 из 4');
  await expect(page.getByLabel('Остатки по филиалам')).toBeChecked();
  await expect(page.getByLabel('Ссылка на товар')).toBeChecked();
  await page.getByRole('button', { name: 'Назад' }).click();
  await expect(page.getByLabel('Bosch', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Makita', { exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('button', { name: 'Далее' }).click();

  // Step 3 and 4.
  await expect(page.getByTestId('wizard-step')).toHaveText('Шаг 3 из 4');
  await page.getByLabel('XLSX (Excel)').check();
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByTestId('wizard-step')).toHaveText('Шаг 4 из 4');
  await page.getByLabel('Название выгрузки').fill('Bosch и Makita для сметы');
  await page.getByLabel('Раз в час').check();
  await page.getByRole('button', { name: 'Создать выгрузку' }).click();
  await expect(page).toHaveURL(/\/personal\/unloading\/$/);

  const card = page.getByTestId('export-card').filter({ hasText: 'Bosch и Makita для сметы' });
  await expect(card).toContainText('Выбранные бренды: Bosch, Makita');
  await expect(card.getByTestId('export-build')).toHaveText('ещё не собиралась');

  // XLSX, read with read-excel-file: the admin's own prices, as on the product pages.
  const [sheet] = await readXlsxFile(await download(page, card));
  const xlsx = table(sheet!.data as unknown[][]);
  expect(xlsx.length).toBeGreaterThan(10);
  expect(Object.keys(xlsx[0]!)).toContain('Остаток: Филиал в Минске');
  for (const row of xlsx.slice(0, 3)) {
    expect(row['Бренд']).toMatch(/^(Bosch|Makita)$/);
    expect(row['Ваша цена, BYN']).toBe(await sitePrice(page, String(row['Ссылка на товар'])));
    expect(row['Ваша цена, BYN'] as number).toBeLessThan(row['Розничная цена, BYN'] as number);
  }
  await page.reload();
  await expect(card.getByTestId('export-build')).toContainText(`${xlsx.length} строк`);

  // The same list as CSV (edit page, step 3), read with csv-parse: same prices, decimal commas.
  await card.getByRole('link', { name: 'Изменить' }).click();
  await page.getByRole('button', { name: '3. Формат файла' }).click();
  await page.getByLabel('CSV (Excel, разделитель «;»)').check();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Сохранено')).toBeVisible();
  await page.getByRole('link', { name: 'Назад' }).click();
  const csv = table(parseCsv(await download(page, card), { delimiter: ';', bom: true }) as string[][]);
  expect(csv.length).toBe(xlsx.length);
  for (const [i, row] of csv.slice(0, 3).entries()) {
    expect(row['Артикул']).toBe(xlsx[i]!['Артикул']);
    expect(Number(String(row['Ваша цена, BYN']).replace(',', '.'))).toBe(xlsx[i]!['Ваша цена, BYN']);
  }

  // A YML list for a marketplace, and the company's API token.
  const yml = await page.request.post('/api/profile/export/add/', { data: { title: 'Маркетплейс', source: 'all', fields: ['stock', 'description'], format: 'yml', schedule: 'always' } });
  const ymlId = (await yml.json()).data.id as number;
  await page.reload();
  await page.getByLabel('Название (для какой системы)').fill('Маркетплейс');
  await page.getByRole('button', { name: 'Выпустить токен' }).click();
  const token = (await page.getByTestId('api-token').textContent())!.trim();
  expect(token).toMatch(/^instr_/);
  await expect(page.getByTestId('export-feed-url').first()).toContainText(`?token=${token}`);

  // An outside system: no cookies, only the token.
  const outside = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const feed = await outside.get(`/feed/${ymlId}.xml?token=${token}`);
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  // Chromium's own XML parser validates the structure.
  const check = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const offers = [...doc.querySelectorAll('yml_catalog > shop > offers > offer')];
    const has = (o: Element, tag: string) => !!o.querySelector(`:scope > ${tag}`)?.textContent;
    return {
      parseError: !!doc.querySelector('parsererror'),
      shopName: doc.querySelector('yml_catalog > shop > name')?.textContent,
      currency: doc.querySelector('shop > currencies > currency')?.getAttribute('id'),
      categories: doc.querySelectorAll('shop > categories > category').length,
      offers: offers.length,
      complete: offers.every((o) => ['price', 'url', 'picture', 'vendor', 'vendorCode', 'categoryId', 'name'].every((tag) => has(o, tag)) && o.querySelector('currencyId')?.textContent === 'BYN'),
      pricesOk: offers.every((o) => Number(o.querySelector('price')!.textContent) > 0),
    };
  }, xml);
  expect(check).toMatchObject({ parseError: false, shopName: 'Инструмент.by', currency: 'BYN', complete: true, pricesOk: true });
  expect(check.categories).toBeGreaterThan(8);
  expect(check.offers).toBeGreaterThan(100);

  // A second token, for the YML list only: the first keeps working; revoking the first stops it alone.
  await page.getByRole('button', { name: 'Я скопировал(а)' }).click();
  await page.getByLabel('Название (для какой системы)').fill('Только YML');
  await page.getByLabel('Все выгрузки, и будущие тоже').uncheck();
  await page.getByLabel('Маркетплейс', { exact: true }).check();
  await page.getByRole('button', { name: 'Выпустить токен' }).click();
  const fresh = (await page.getByTestId('api-token').textContent())!.trim();
  expect(fresh).not.toBe(token);
  const scoped = page.getByTestId('api-token-item').filter({ hasText: 'Только YML' });
  await expect(scoped).toContainText('Открывает');
  await expect(scoped).toContainText('Маркетплейс');
  expect((await outside.get(`/feed/${ymlId}.xml?token=${token}`)).status()).toBe(200);
  expect((await outside.get(`/feed/${ymlId}.xml?token=${fresh}`)).status()).toBe(200);
  const first = page.getByTestId('api-token-item').filter({ hasText: 'Маркетплейс' }).filter({ hasNotText: 'Только YML' });
  await first.getByRole('button', { name: 'Отозвать' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Токен «Маркетплейс» сразу перестанет работать');
  await dialog.getByRole('button', { name: 'Отозвать' }).click();
  await expect(page.getByText('Токен «Маркетплейс» отозван.')).toBeVisible();
  await expect(page.getByTestId('api-token-item')).toHaveCount(1);
  expect((await outside.get(`/feed/${ymlId}.xml?token=${token}`)).status()).toBe(401);
  expect((await outside.get(`/feed/${ymlId}.xml?token=${fresh}`)).status()).toBe(200);
  await outside.dispose();
  expect(errors).toEqual([]);
});

test('removing a list asks first', async ({ page }) => {
  expect((await page.request.post('/api/authentication/', { data: ADMIN })).ok()).toBe(true);
  await page.request.post('/api/profile/export/add/', { data: { title: 'Ненужная', source: 'all', fields: ['name'], format: 'json', schedule: 'daily' } });
  await page.goto('/personal/unloading/');
  const card = page.getByTestId('export-card').filter({ hasText: 'Ненужная' });
  await card.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('dialog')).toContainText('Удалить выгрузку «Ненужная»?');
  await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Да, удалить' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('export-card').filter({ hasText: 'Ненужная' })).toHaveCount(0);
});
