/**
 * Keyboard only (issue 18; WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11): from the home page to a placed order
 * with Tab, Shift+Tab, Enter, Space, Esc and arrows (and typing into fields) — no mouse, no clicks,
 * no address typed after the home page — at 360×800 through the catalogue menu and at 1280×900
 * through the search overlay. After every key the focused element is checked: it is never <body>,
 * its box is inside the viewport and not covered by anything (document.elementFromPoint at its
 * centre: the sticky header, the search overlay, the basket's sticky bar), and it shows a focus
 * indicator — an outline or box shadow on it or its label that goes away when it loses focus.
 * A second test walks the search overlay and the catalogue menu in and out.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
// The page's held islands; client:demand ones hydrate on the first key (decision 0053): the first Tab is the keyboard user's first use.
import { ready } from './support';

type Seen = {
  desc: string;
  body: boolean;
  inView?: boolean;
  covered?: boolean;
  hit?: string;
  ring?: boolean;
  /** false when the previously focused element looks the same focused and not (no indicator); null when not known */
  prevChanged: boolean | null;
  prevDesc?: string;
};

/** Runs in the page: waits for scrolling to settle, then describes and checks the focused element. */
async function focusState(page: Page): Promise<Seen> {
  return page.evaluate(async () => {
    type Prev = { el: Element; ring: string; label: Element | null; labelRing: string; desc: string };
    const w = window as unknown as { __kbPrev?: Prev };
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    // Scrolling to the focused element may be animated: wait until the page and every scroller stand still.
    const where = () => [scrollX, scrollY, ...[...document.querySelectorAll('*')].filter((e) => e.scrollLeft || e.scrollTop).map((e) => e.scrollLeft + e.scrollTop)].join();
    let last = '';
    for (let i = 0, same = 0; i < 120 && same < 6; i++) {
      await frame();
      const now = where();
      same = now === last ? same + 1 : 0;
      last = now;
    }
    const ringOf = (e: Element | null) => {
      if (!e) return '';
      const s = getComputedStyle(e);
      return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow}`;
    };
    const shows = (ring: string) => !!ring && (!/^none|^\S+ 0px/.test(ring) || !ring.endsWith('| none'));
    const describe = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${typeof e.className === 'string' && e.className.trim() ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} «${(e.getAttribute('aria-label') ?? e.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50)}»`;

    const el = document.activeElement;
    const prev = w.__kbPrev;
    let prevChanged: boolean | null = null;
    if (prev && prev.el !== el && prev.el.isConnected && !prev.el.contains(el)) prevChanged = ringOf(prev.el) !== prev.ring || ringOf(prev.label) !== prev.labelRing;
    if (!el || el === document.body) return { desc: 'body', body: true, prevChanged, prevDesc: prev?.desc };

    const label = el.closest('label') !== el ? el.closest('label') : null;
    const r = el.getBoundingClientRect();
    const inView = r.width > 0 && r.height > 0 && r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
    // A link broken over two lines may have its centre between its pieces: any piece's centre will do.
    const mine = (h: Element | null) => !!h && (h === el || el.contains(h) || !!label?.contains(h));
    let hit: Element | null = null;
    let covered = true;
    for (const q of [r, ...el.getClientRects()]) {
      hit = document.elementFromPoint(Math.min(Math.max(q.left + q.width / 2, 0), innerWidth - 1), Math.min(Math.max(q.top + q.height / 2, 0), innerHeight - 1));
      if (mine(hit)) {
        covered = false;
        break;
      }
    }
    const ring = ringOf(el);
    const labelRing = ringOf(label);
    w.__kbPrev = { el, ring, label, labelRing, desc: describe(el) };
    return { desc: describe(el), body: false, inView, covered, hit: hit ? describe(hit) : 'nothing', ring: shows(ring) || (!!label && shows(labelRing)), prevChanged, prevDesc: prev?.desc };
  });
}

/** Presses a key and checks where focus went. */
async function press(page: Page, key: string): Promise<Seen> {
  await page.keyboard.press(key);
  const seen = await focusState(page);
  const where = `${key} → ${seen.desc}`;
  expect(seen.body, `${where}: focus dropped to <body>`).toBe(false);
  expect(seen.inView, `${where}: not inside the viewport`).toBe(true);
  expect(seen.covered, `${where}: covered by ${seen.hit}`).toBe(false);
  expect(seen.ring, `${where}: no focus indicator`).toBe(true);
  expect(seen.prevChanged, `${seen.prevDesc} looked the same focused and unfocused`).not.toBe(false);
  return seen;
}

const isFocused = async (target: Locator) => (await target.count()) > 0 && (await target.evaluate((el) => el === document.activeElement));

/** Tab (or Shift+Tab) until `target` has focus, checking every stop on the way. */
async function tabTo(page: Page, target: Locator, { back = false, max = 150 } = {}) {
  for (let i = 0; i < max; i++) {
    await press(page, back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`focus never reached ${target}`);
}

/** Enter on a link or button that opens another page; then the new page's islands hydrate. */
async function follow(page: Page, url: RegExp, key = 'Enter') {
  await Promise.all([page.waitForURL(url), page.keyboard.press(key)]);
  await ready(page);
}

/** Product page → «В корзину» → basket → checkout → a pickup order placed as a guest. */
async function buyAndCheckOut(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The photo strip is a tab stop and ← → scroll it.
  const strip = page.locator('.gallery__strip');
  if ((await strip.getAttribute('tabindex')) === '0') {
    await tabTo(page, strip);
    await press(page, 'ArrowRight');
    await expect.poll(() => strip.evaluate((s) => s.scrollLeft)).toBeGreaterThan(0);
  }
  const buy = page.locator('.product__buy [data-act="buy"]');
  await expect(buy).toHaveText('В корзину');
  await tabTo(page, buy);
  // Past it and back: Shift+Tab works as well as Tab.
  await press(page, 'Tab');
  await press(page, 'Shift+Tab');
  expect(await isFocused(buy)).toBe(true);
  // Space presses the button; focus moves with it to the «В корзине» link that replaces it.
  const added = page.waitForResponse((r) => r.url().endsWith('/api/basket/add/'));
  await page.keyboard.press('Space');
  const inBasket = page.locator('.product__buy a[data-act="buy"]');
  await expect(inBasket).toHaveText('В корзине');
  await expect(inBasket).toBeFocused();
  // The link shows at once (optimistic); the basket page is read once the server has the line.
  expect((await added).ok()).toBe(true);
  const seen = await focusState(page);
  expect(seen.inView && !seen.covered && seen.ring, `after «В корзину»: ${JSON.stringify(seen)}`).toBe(true);
  await follow(page, /\/basket\/$/);

  await expect(page.getByTestId('basket-row')).toHaveCount(1);
  await tabTo(page, page.getByRole('link', { name: 'Оформить заказ' }).first());
  await follow(page, /\/checkout\/$/);

  // Delivery or pickup: one tab stop, arrows switch; then a branch, the contact fields, the button.
  await tabTo(page, page.locator('input[name="deliveryTypeId"]:checked'));
  await press(page, 'ArrowRight');
  await expect(page.getByRole('radio', { name: 'Самовывоз' })).toBeChecked();
  await tabTo(page, page.locator('input[name="branchId"]:checked'));
  await press(page, 'ArrowDown');
  await expect(page.getByTestId('branch-option').nth(1).getByRole('radio')).toBeChecked();
  await tabTo(page, page.locator('input[name="name"]'));
  await page.keyboard.type('Клавиатурный Покупатель');
  await tabTo(page, page.locator('input[name="phone"]'));
  await page.keyboard.type('+375 29 555-44-33');
  await tabTo(page, page.locator('input[name="email"]'));
  await page.keyboard.type('keyboard.buyer@example.by');
  await tabTo(page, page.locator('.co button[type="submit"]'));
  await follow(page, /\/checkout\/%D0%98%D0%9D-\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Заказ оформлен');
  await expect(page.getByTestId('order-line')).toHaveCount(1);
}

test.use({ reducedMotion: 'reduce' });

test('360×800, keyboard only: home → catalogue menu → listing → product → basket → pickup order', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/');
  await ready(page);

  // The menu opens with Enter, closes with Esc (focus stays on its toggle), opens again.
  const toggle = page.locator('.catmenu > summary');
  const menu = page.locator('details.catmenu');
  await tabTo(page, toggle);
  await press(page, 'Enter');
  await expect(menu).toHaveAttribute('open', '');
  await press(page, 'Escape');
  await expect(menu).not.toHaveAttribute('open');
  await expect(toggle).toBeFocused();
  await press(page, 'Enter');
  // «Садовая техника», the second section: products no other e2e spec orders.
  await tabTo(page, page.locator('.catmenu__panel a').nth(1));
  await follow(page, /\/catalog\/sadovaya-tekhnika\/$/);

  // The skip link: Enter moves the starting point of Tab to the main content (focus itself stays on the page).
  await tabTo(page, page.locator('a.skip'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await press(page, 'Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  // The first card that can be bought.
  const card = page.locator('#results .card', { has: page.locator('button[data-act="buy"]:not([disabled])') }).first();
  await tabTo(page, card.locator('.card__name'));
  const name = (await card.locator('.card__name').textContent())!.trim();
  await follow(page, /^http:\/\/[^/]+\/[a-z0-9-]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await buyAndCheckOut(page);
});

test('1280×900, keyboard only: home → search overlay → product → basket → pickup order', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await ready(page);

  // Tabbing into the header field opens the overlay with focus in its field.
  const box = page.getByRole('combobox', { name: 'Поиск' });
  await tabTo(page, box, { max: 10 });
  await page.keyboard.type('триммер');
  const products = page.getByRole('group', { name: 'Товары' }).getByRole('option');
  await expect(products.first()).toBeVisible();
  // ↓ to the first product, Enter opens it.
  for (let i = 0; i < 20 && !(await box.getAttribute('aria-activedescendant'))?.startsWith('sp-'); i++) await press(page, 'ArrowDown');
  const chosen = page.locator(`#${await box.getAttribute('aria-activedescendant')}`);
  const href = (await chosen.getAttribute('data-href'))!;
  await follow(page, new RegExp(`${href}$`));
  await buyAndCheckOut(page);
});

for (const viewport of [{ width: 360, height: 800 }, { width: 1280, height: 900 }]) {
  test(`${viewport.width}×${viewport.height}: focus never goes behind the search overlay or the catalogue menu`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await ready(page);
    const overlay = page.getByRole('dialog', { name: 'Поиск' });
    const box = page.getByRole('combobox', { name: 'Поиск' });
    const field = page.locator('#q');
    const toggle = page.locator('.catmenu > summary');

    // In: the overlay opens; its controls, then Tab out of the last one closes it and goes on into the page.
    await tabTo(page, box, { max: 10 });
    await expect(overlay).toBeVisible();
    await page.keyboard.type('дрель');
    await expect(page.getByRole('group', { name: 'Товары' }).getByRole('option').first()).toBeAttached();
    // ↑ from the field chooses the last option, far down the list: it is scrolled into sight, not under the field's bar.
    await press(page, 'ArrowUp');
    const chosen = page.locator(`#${await box.getAttribute('aria-activedescendant')}`);
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => chosen.evaluate((o) => {
      const r = o.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.top >= 0 && r.bottom <= innerHeight && !!hit && o.contains(hit);
    })).toBe(true);
    await press(page, 'ArrowDown');
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await press(page, 'Tab');
    await expect(page.getByRole('button', { name: 'Очистить' })).toBeFocused();
    await press(page, 'Tab');
    await expect(page.getByRole('button', { name: 'Закрыть' })).toBeFocused();
    await press(page, 'Tab');
    await expect(overlay.getByRole('link', { name: /Все результаты/ })).toBeFocused();
    await press(page, 'Tab');
    await expect(overlay).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    // Further on into the page: every stop in sight, none behind a backdrop.
    for (let i = 0; i < 12; i++) await press(page, 'Tab');

    // Back: Shift+Tab reaches the field, which opens the overlay again with what was typed…
    await tabTo(page, box, { back: true });
    await expect(box).toHaveValue('дрель');
    // …and Shift+Tab out of it closes it and goes back past the header field.
    await press(page, 'Shift+Tab');
    await expect(overlay).toBeHidden();
    await expect(toggle).toBeFocused();

    // Esc closes the overlay and gives focus back to the header field, which does not reopen it.
    await press(page, 'Tab');
    await expect(box).toBeFocused();
    await press(page, 'Escape');
    await expect(overlay).toBeHidden();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('дрель');
    await press(page, 'Tab');
    await expect(page.locator('form.search button[type="submit"]')).toBeFocused();
    // ↓ in the header field opens it again; Esc from any of its controls closes it.
    await press(page, 'Shift+Tab');
    await press(page, 'ArrowDown');
    await expect(box).toBeFocused();
    await press(page, 'Tab');
    await press(page, 'Tab');
    await expect(page.getByRole('button', { name: 'Закрыть' })).toBeFocused();
    await press(page, 'Escape');
    await expect(overlay).toBeHidden();
    await expect(field).toBeFocused();

    // The catalogue menu: Esc closes it from inside and focus returns to its toggle; Tab out of it closes it.
    const menu = page.locator('details.catmenu');
    await tabTo(page, toggle, { back: true });
    await press(page, 'Space');
    await expect(menu).toHaveAttribute('open', '');
    await press(page, 'Tab');
    await press(page, 'Tab');
    await press(page, 'Escape');
    await expect(menu).not.toHaveAttribute('open');
    await expect(toggle).toBeFocused();
    await press(page, 'Enter');
    const links = await page.locator('.catmenu__panel a').count();
    for (let i = 0; i < links; i++) await press(page, 'Tab');
    await press(page, 'Tab');
    await expect(menu).not.toHaveAttribute('open');
    await expect(box).toBeFocused();
  });
}
