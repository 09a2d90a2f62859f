/**
 * Product alerts (issue 30) in Chromium at 360×800. A guest opens «Сообщить о поступлении» on a product this
 * spec made out of stock itself (products 600–640 are this spec's), leaves an e-mail on the form's page, confirms by the link from
 * the outbox; the stock arrives through the desk's price-list import (ordinary UPDATEs the change log sees) → one
 * e-mail, and nothing on a second change; the e-mail's unsubscribe link works without signing in. The set's retail
 * customer watches a price below a chosen one with one form; the price falls → one site notification.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { accounts, PASSWORD } from './fixtures';
import { nextMail, shot, unique, noOverflow, type OutMail } from './support';
import fs from 'node:fs';
import path from 'node:path';
import { OUTBOX } from './support';
import { E2E_BASE } from '../../playwright.config';
import { formatPrice } from '../../src/lib/format';
import { BRANCHES } from '../../src/server/seed/catalog-data';

const acc = accounts('alerts');
const STOCK_PRODUCT = 610;
const PRICE_PRODUCT = 611;

type Product = { code: string; article: string; price: number };

async function productOf(api: APIRequestContext, id: number): Promise<Product> {
  await api.post('/api/basket/clear/', { data: {}, headers: { origin: E2E_BASE } });
  expect((await api.post('/api/basket/add/', { data: { product: id }, headers: { origin: E2E_BASE } })).ok()).toBe(true);
  const row = (await (await api.get('/web/basket/products/')).json()).data.grid.row[0];
  await api.post('/api/basket/clear/', { data: {}, headers: { origin: E2E_BASE } });
  return { code: row.code, article: row.article, price: Number(row.price) };
}

/** The desk's price-list import as the set's staff member: preview, then apply with the preview's token. */
async function priceList(staff: APIRequestContext, csv: string) {
  const file = { name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
  const preview = await staff.post('/api/desk/pricelist/preview/', { multipart: { file }, headers: { origin: E2E_BASE } });
  expect(preview.status(), await preview.text()).toBe(200);
  const plan = (await preview.json()).data;
  const applied = await staff.post('/api/desk/pricelist/apply/', { multipart: { file, token: plan.token }, headers: { origin: E2E_BASE } });
  expect(applied.status(), await applied.text()).toBe(200);
  return plan;
}

const mailsTo = (to: string, subject: string) =>
  (fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX) : []).filter((f) => {
    try {
      const m = JSON.parse(fs.readFileSync(path.join(OUTBOX, f), 'utf8'));
      return (m.to ?? []).some((a: { address: string }) => a.address === to) && String(m.subject).startsWith(subject);
    } catch {
      return false;
    }
  }).length;

const linkIn = (mail: OutMail, label: string) => new URL(new RegExp(`${label}: (\\S+)`).exec(mail.text)![1]!);

test('a guest subscribes to an out-of-stock product, confirms by e-mail, and is told once when it arrives', async ({ page, playwright }) => {
  const staff = await playwright.request.newContext({ baseURL: E2E_BASE });
  expect((await staff.post('/api/authentication/', { data: { login: acc.staff.email, password: PASSWORD }, headers: { origin: E2E_BASE } })).ok()).toBe(true);
  const probe = await playwright.request.newContext({ baseURL: E2E_BASE });
  const product = await productOf(probe, STOCK_PRODUCT);
  // Out of stock in every branch of the demo (one «Остаток <город>» column each).
  const cities = BRANCHES.map((b) => b.city);
  const stockCsv = (minsk: number) => `Артикул;${cities.map((c) => `Остаток ${c}`).join(';')}\n${product.article};${cities.map((c) => (c === 'Минск' ? minsk : 0)).join(';')}\n`;
  await priceList(staff, stockCsv(0));

  const email = unique('alert');
  await page.goto(`/${product.code}/`);
  await expect(page.locator('.product__avail')).not.toContainText('В наличии');
  // The product page links to the form (its HTML budget has no room for the fields); the form comes back here.
  await page.locator('a[data-alert-form="stock"]').click();
  await expect(page).toHaveURL(/\/subscriptions\/new\/\?product=\d+&kind=stock$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сообщить о поступлении');
  const box = page.locator('[data-alert-form="stock"]');
  await box.getByLabel('Ваш e-mail').fill(email);
  await shot(page, 'alerts-guest-form');
  await box.getByRole('button', { name: 'Сообщить мне' }).click();
  await expect(page).toHaveURL(new RegExp(`/${product.code}/\\?sent=alert-guest#alerts$`));
  await expect(page.getByRole('status').filter({ hasText: 'подтвердите подписку' })).toBeVisible();
  // The block fits the phone's width (the gallery beside it scrolls sideways by design).
  const fits = (await page.locator('#alerts').boundingBox())!;
  expect(fits.x).toBeGreaterThanOrEqual(0);
  expect(fits.x + fits.width).toBeLessThanOrEqual(360);
  await shot(page, 'alerts-guest-sent');

  const confirm = await nextMail(email, (m) => m.subject.startsWith('Подтвердите подписку'));
  const link = linkIn(confirm, 'Подтвердить подписку');
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Подтверждение подписки' })).toBeVisible();
  await expect(page.getByText('Подписка подтверждена')).toBeVisible();
  await shot(page, 'alerts-guest-confirmed');

  await priceList(staff, stockCsv(5));
  const arrived = await nextMail(email, (m) => m.subject.startsWith('Товар поступил'));
  expect(arrived.text).toContain('снова в наличии');
  // A second identical change (still in stock, 5 → 7): nothing more.
  await priceList(staff, stockCsv(7));
  await page.waitForTimeout(3_000);
  expect(mailsTo(email, 'Товар поступил')).toBe(1);

  const off = linkIn(arrived, 'Отписаться от этих сообщений');
  await page.goto(off.pathname + off.search);
  await page.getByRole('button', { name: 'Отписаться' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Вы отписались' })).toHaveText('Вы отписались.');
  await shot(page, 'alerts-guest-unsubscribed');
  await Promise.all([staff.dispose(), probe.dispose()]);
});

test('a signed-in customer watches a price below his own figure; the price falls → one notification', async ({ page, playwright }) => {
  const staff = await playwright.request.newContext({ baseURL: E2E_BASE });
  expect((await staff.post('/api/authentication/', { data: { login: acc.staff.email, password: PASSWORD }, headers: { origin: E2E_BASE } })).ok()).toBe(true);
  const probe = await playwright.request.newContext({ baseURL: E2E_BASE });
  const product = await productOf(probe, PRICE_PRODUCT);
  expect((await page.request.post('/api/authentication/', { data: { login: acc.retail.email, password: PASSWORD }, headers: { origin: E2E_BASE } })).ok()).toBe(true);

  await page.goto(`/${product.code}/`);
  // One tap would subscribe to any drop; the conditions (a price below…) are on the form's own page.
  await page.locator('[data-alert-form="price"]').getByText('Условия').click();
  await expect(page).toHaveURL(/\/subscriptions\/new\/\?product=\d+&kind=price$/);
  const form = page.locator('[data-alert-form="price"]');
  const wanted = Math.floor(product.price * 0.9);
  await form.getByLabel(/Цена ниже/).fill(String(wanted));
  await shot(page, 'alerts-user-form');
  await form.getByRole('button', { name: 'Следить за ценой' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'мы сообщим вам' })).toBeVisible();

  await page.goto('/personal/subscriptions/');
  await expect(page.locator('[data-kind="price"]')).toContainText(`ниже ${formatPrice(wanted)}`);
  await noOverflow(page);
  await shot(page, 'alerts-personal-list');

  await priceList(staff, `Артикул;Цена\n${product.article};${(wanted - 1).toFixed(2).replace('.', ',')}\n`);
  await expect
    .poll(async () => ((await (await page.request.get('/web/notifications/?page_size=50')).json()).data.items as { kind: string }[]).filter((n) => n.kind === 'alert').length, { timeout: 15_000 })
    .toBe(1);
  await page.goto('/personal/notifications/');
  await expect(page.getByText('Цена снизилась').first()).toBeVisible();
  await shot(page, 'alerts-user-notified');

  // «Отписаться» on the personal page.
  await page.goto('/personal/subscriptions/');
  await page.locator('[data-kind="price"]').getByRole('button', { name: /Отписаться/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Вы отписались' })).toBeVisible();
  await expect(page.locator('[data-kind="price"]')).toHaveCount(0);
  await Promise.all([staff.dispose(), probe.dispose()]);
});
