/**
 * The editor publishes from the desk (issue 25), in Chromium at 360×800: the demo-like editor of this
 * spec's own data set signs in and lands on the desk's content; creates an info page with the toolbar
 * and the preview tab, saves it as a draft (a guest gets 404, the editor sees it under «Черновик»),
 * publishes it, and a guest reads it. A promotion with a picture (alt text required) follows.
 * With DOC_SHOTS=1 the screens docs/CONTENT.md shows are written to docs/screenshots/content-*.png.
 */
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { accounts, PASSWORD } from './fixtures';
import { noOverflow } from './support';

const acc = accounts('desk-content');
// A sign-in, two browser contexts and some twenty page loads each: beside another worker on two shared
// cores the first test took 50–70 s (the default minute cut it short once).
test.describe.configure({ timeout: 150_000 });
const run = Date.now().toString(36);

async function shotFor(page: Page, name: string) {
  if (process.env.DOC_SHOTS) await page.screenshot({ path: path.resolve('docs/screenshots', `content-${name}.png`) });
}

async function editorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'ru-BY' });
  const page = await context.newPage();
  await page.goto('/login/');
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="demand"])'));
  await page.getByLabel('Email').fill(acc.editor.email);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  // Staff land on the desk, an editor on its content.
  await expect(page).toHaveURL(/\/desk\/content\/$/);
  return page;
}

test('the editor creates an info page, previews the draft, publishes it, and a guest reads it', async ({ browser }) => {
  const errors: string[] = [];
  const page = await editorPage(browser);
  page.on('pageerror', (e) => errors.push(e.message));
  await expect(page.getByRole('heading', { level: 1, name: 'Контент' })).toBeVisible();
  await shotFor(page, 'list');
  await noOverflow(page);

  await page.getByRole('link', { name: 'Страницу' }).click();
  await expect(page).toHaveURL(/\/desk\/content\/edit\/\?kind=page$/);
  const code = `kak-oformit-zakaz-${run}`;
  await page.getByLabel('Заголовок', { exact: true }).fill('Как оформить заказ');
  await page.getByLabel('Адрес', { exact: true }).fill(code);
  await page.getByLabel('Описание для поисковиков').fill('Пошагово: как выбрать товар, оформить заказ и получить его в филиале.');
  const body = page.getByLabel('Текст (Markdown)');
  await body.fill('Выберите товар в каталоге. ');
  // The toolbar: «Ж» makes the selection (or a placeholder) bold.
  await body.press('End');
  await page.getByRole('button', { name: 'Ж' }).click();
  await expect(body).toHaveValue('Выберите товар в каталоге. **текст**');
  await body.fill('Выберите товар в **каталоге**.\n\n## Оплата\n\n- картой\n- по счёту\n\n<script>alert(1)</script>');
  await shotFor(page, 'edit');
  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  const preview = page.locator('[data-preview]');
  await expect(preview.locator('strong')).toHaveText('каталоге');
  await expect(preview.getByRole('heading', { name: 'Оплата' })).toBeVisible();
  await expect(preview).not.toContainText('alert');
  await shotFor(page, 'preview');
  await page.getByRole('button', { name: 'Текст', exact: true }).click();
  await expect(body).toBeVisible();

  await page.getByRole('button', { name: 'Сохранить черновик' }).click();
  await expect(page.locator('.dc-notice')).toHaveText('Сохранено.');
  await expect(page.getByText('Черновик', { exact: true })).toBeVisible();

  const guest = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'ru-BY' });
  const guestPage = await guest.newPage();
  expect((await guestPage.goto(`/${code}/`))!.status()).toBe(404);

  await page.goto(`/${code}/`);
  await expect(page.locator('.draft-banner')).toContainText('Черновик');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Как оформить заказ');
  await shotFor(page, 'draft-preview');

  await page.getByRole('link', { name: 'Редактировать' }).click();
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.locator('.dc-notice')).toHaveText('Сохранено.');
  await expect(page.getByText('Опубликовано', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'История правок' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Восстановить' })).toHaveCount(1);
  await shotFor(page, 'history');

  // Published on this node: the change log drops whatever the page cache held for guests.
  await expect.poll(async () => (await guestPage.goto(`/${code}/`))!.status(), { timeout: 5000 }).toBe(200);
  await expect(guestPage.getByRole('heading', { level: 1 })).toHaveText('Как оформить заказ');
  await expect(guestPage.locator('.draft-banner')).toHaveCount(0);
  await expect(guestPage.locator('main strong')).toHaveText('каталоге');
  await noOverflow(guestPage);

  await page.goto('/desk/log/');
  await expect(page.getByText(/опубликовано — «Как оформить заказ»/).first()).toBeVisible();
  expect(errors).toEqual([]);
  await guest.close();
});

test('a promotion with a picture: the description is required, then it is on /actions/', async ({ browser }) => {
  const page = await editorPage(browser);
  await page.getByRole('link', { name: 'Акцию' }).click();
  const code = `zimnie-skidki-${run}`;
  await page.getByLabel('Заголовок', { exact: true }).fill('Зимние скидки на генераторы');
  await page.getByLabel('Адрес', { exact: true }).fill(code);
  await page.getByLabel(/^Анонс/).fill('До −15% на бензиновые генераторы.');
  await page.getByLabel('Текст (Markdown)').fill('Скидка действует во всех филиалах.');
  // A picture an editor might upload: a generator drawn on a yard (an SVG the browser would not be sent; sharp makes the PNG).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640"><rect width="960" height="640" fill="#dbe7f3"/><rect y="470" width="960" height="170" fill="#9aa5ad"/>
    <rect x="250" y="250" width="460" height="250" rx="24" fill="#f2b705"/><rect x="300" y="290" width="170" height="130" rx="10" fill="#2b2b2b"/><circle cx="600" cy="355" r="55" fill="#2b2b2b"/><circle cx="600" cy="355" r="25" fill="#f2b705"/>
    <rect x="230" y="500" width="500" height="26" rx="8" fill="#2b2b2b"/><circle cx="300" cy="540" r="28" fill="#2b2b2b"/><circle cx="660" cy="540" r="28" fill="#2b2b2b"/><rect x="330" y="200" width="300" height="50" rx="12" fill="#2b2b2b"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  await page.getByLabel(/^Картинка \(JPG/).setInputFiles({ name: 'generator.png', mimeType: 'image/png', buffer: png });
  const minsk = (ms: number) => new Date(Date.now() + ms + 3 * 3_600_000).toISOString().slice(0, 16);
  await page.getByLabel('Начало', { exact: true }).fill(minsk(-3_600_000));
  await page.getByLabel('Окончание', { exact: true }).fill(minsk(30 * 86_400_000));
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  // No description: refused in Russian, nothing saved, what was typed is still there.
  await expect(page.locator('.dc-errors')).toContainText('Описание картинки: обязательно');
  await expect(page.getByLabel('Заголовок', { exact: true })).toHaveValue('Зимние скидки на генераторы');
  await shotFor(page, 'error');
  await page.getByLabel(/^Картинка \(JPG/).setInputFiles({ name: 'generator.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel(/^Описание картинки/).fill('Бензиновый генератор на стройплощадке');
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.locator('.dc-notice')).toHaveText('Сохранено.');

  const guest = await (await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'ru-BY' })).newPage();
  await expect.poll(async () => (await guest.goto(`/actions/${code}/`))!.status(), { timeout: 5000 }).toBe(200);
  await expect(guest.getByRole('img', { name: 'Бензиновый генератор на стройплощадке' })).toBeVisible();
  await expect(guest.getByText('До конца акции')).toBeVisible();
  await shotFor(guest, 'promotion');
  await guest.goto('/actions/');
  await expect(guest.locator(`a[href="/actions/${code}/"]`).first()).toBeVisible();
});
