/**
 * What a shopper sees on a 360 px phone (issue 18): nothing cut in the header, the buy button in the
 * first screen of a product page, every sort order in sight, old prices on one line, and the
 * basket's total with «Оформить заказ» always at hand.
 */
import { expect, test, type Page } from '@playwright/test';
import { accounts, PASSWORD } from './fixtures';

/** This spec's own accounts (tests/e2e/fixtures.ts). */
const acc = accounts('storefront');

type Card = { id: number; name: string; url: string };

const inside = async (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((e) => ({ text: (e.textContent ?? '').trim(), right: e.getBoundingClientRect().right, clipped: e.scrollWidth > e.clientWidth + 1 })));

async function leafItems(page: Page, code = 'shurupoverty-akkumulyatornye'): Promise<Card[]> {
  const res = await page.request.get(`/web/catalog/filter/clear/apply/?section_code=${code}&page_size=80`);
  return (await res.json()).data.items;
}

test('the header fits 360 px: top bar, search placeholder, and a signed-in customer’s five icons', async ({ page }) => {
  for (const signedIn of [false, true]) {
    if (signedIn) await page.request.post('/api/authentication/', { data: { login: acc.retail.email, password: PASSWORD } });
    await page.goto('/');
    for (const part of await inside(page, '.topbar .wrap > a, .topbar .wrap > span')) expect(part.right, part.text).toBeLessThanOrEqual(360);
    const search = await page.locator('#q').evaluate((input: HTMLInputElement) => {
      const cs = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      return { text: ctx.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight), right: input.getBoundingClientRect().right };
    });
    expect(search.text, 'the placeholder is not cut').toBeLessThanOrEqual(search.room);
    expect(search.right).toBeLessThanOrEqual(360);
    const rows = await page.locator('.header .logo, .header .usernav').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(Math.abs(rows[0]! - rows[1]!), `logo and icons share a row (signed in: ${signedIn})`).toBeLessThan(12);
    // The browser may paint the header before the parser reaches the icons (an inline script stands
    // before them): the catalogue button and the search must already be where they end up, or they
    // jump (a 0.02 layout shift on every page once). Taking the icons out must move nothing.
    const moved = await page.evaluate(() => {
      const place = () =>
        ['.header .catmenu', '.header .search'].map((sel) => {
          const r = document.querySelector(sel)!.getBoundingClientRect();
          return `${sel} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        });
      const icons = document.querySelector('.header .usernav')!;
      const [parent, next] = [icons.parentNode!, icons.nextSibling];
      const final = place();
      icons.remove();
      const early = place();
      parent.insertBefore(icons, next);
      return { final, early };
    });
    expect(moved.early, `signed in: ${signedIn}`).toEqual(moved.final);
  }
});

test('a product page shows title, price and «В корзину» within the first screen, the pictures after', async ({ page }) => {
  const items = await leafItems(page);
  // The longest name there is: the title takes the most lines.
  const longest = [...items].sort((a, b) => b.name.length - a.name.length)[0]!;
  await page.goto(longest.url);
  const buy = await page.locator('.product__buy [data-act="buy"]').boundingBox();
  expect(buy!.y + buy!.height).toBeLessThanOrEqual(800);
  const price = await page.locator('.pricebox__price').boundingBox();
  expect(price!.y).toBeLessThan(buy!.y);
  const gallery = await page.locator('.product .gallery').boundingBox();
  expect(gallery!.y).toBeGreaterThan(buy!.y);
  await expect(page.locator('.product__buy').getByRole('link', { name: /Доставка по Беларуси/ })).toHaveAttribute('href', '/dostavka-i-oplata/');
});

test('a listing shows every sort order without scrolling, and old prices on one line', async ({ page }) => {
  await page.goto('/catalog/hit/');
  const sorts = await inside(page, '.sortbar__sorts a');
  expect(sorts.length).toBe(5);
  for (const s of sorts) expect(s.right, s.text).toBeLessThanOrEqual(360);
  const sortRow = await page.locator('.sortbar__sorts').evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
  expect(sortRow.scroll).toBeLessThanOrEqual(sortRow.client + 1);
  const old = page.locator('.card .price-old');
  expect(await old.count()).toBeGreaterThan(0);
  for (const h of await old.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight || '18')))) expect(h).toBeLessThan(1.6);
});

test('home cards have «В корзину» that works', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('main .grid article').first();
  await card.scrollIntoViewIfNeeded();
  // The tap hydrates the card buttons' island (client:demand) and is replayed once it is ready.
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/basket/add/') && r.status() === 200), card.getByRole('button', { name: 'В корзину' }).click()]);
  await expect(page.getByTestId('count-basket')).toHaveText('1');
});

test('the basket keeps its total and «Оформить заказ» on screen while the list scrolls; the upsell has a heading', async ({ page }) => {
  for (const item of (await leafItems(page)).slice(0, 5)) await page.request.post('/api/basket/add/', { data: { product: item.id } });
  await page.goto('/basket/');
  const bar = page.locator('.bbar');
  for (const y of [0, 600]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const box = await bar.boundingBox();
    expect(box!.y + box!.height, `scrolled to ${y}`).toBeLessThanOrEqual(801);
    expect(box!.y + box!.height).toBeGreaterThan(760);
  }
  await expect(bar.getByRole('link', { name: 'Оформить заказ' })).toHaveAttribute('href', '/checkout/');
  await expect(bar.getByTestId('bar-sum')).toHaveText(await page.getByTestId('info-sum').textContent() ?? '');
  // One «Оформить заказ» on a phone: the summary's own button is the desktop one.
  await expect(page.getByRole('link', { name: 'Оформить заказ' })).toHaveCount(1);
  await expect(page.getByRole('link', { name: /Условия доставки, оплаты и возврата/ })).toHaveAttribute('href', '/dostavka-i-oplata/');
  const upsell = page.getByTestId('motivation-block');
  if (await upsell.locator('li').count()) await expect(upsell.getByRole('heading', { name: 'Добавьте к заказу' })).toBeVisible();
});
