/**
 * WCAG 2.2 AA with axe-core (issue 18): every page type, and the open search overlay, the open
 * catalogue menu and the open login dialog, at 360×800 and at 1280×900, as a guest, a contractor
 * admin (the personal area, users, unloading) and the staff (the desk). Every page is scrolled
 * through first so that its islands hydrate and the scan sees what a visitor sees. Any violation
 * fails the test, listed per page with the rule, its impact and the offending elements.
 */
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { accounts, PASSWORD } from './fixtures';

/** This spec's own accounts (tests/e2e/fixtures.ts). */
const acc = accounts('a11y');
/** The axe-core that @axe-core/playwright itself brings (its rules are the ones this spec has always run). */
const AXE_SCRIPT = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SCREENS = [
  { name: 'phone', viewport: { width: 360, height: 800 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

type Found = { page: string; rule: string; impact: string; help: string; nodes: string[] };

/** One page's violations, flattened to a line per rule with its first elements and axe's own summary. */
async function scan(page: Page, label: string, include?: string): Promise<Found[]> {
  // Not `resultTypes: ['violations']`: it cuts the nodes the page-level rules (region, landmark-unique) compare, and they then report false violations.
  // axe is already in the page (AXE_SCRIPT, added to the context) and runs in it: the builder's own way injected its
  // 550 KB into the page twice per scan and opened a blank page to merge the results (per-frame runs for cross-origin
  // frames, which the store has none of) — a third of the spec's time. Legacy mode is `axe.run` in the page itself.
  let builder = new AxeBuilder({ page, axeSource: ';' }).setLegacyMode().withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({
    page: label,
    rule: v.id,
    impact: v.impact ?? '',
    help: v.help,
    nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ').trim() ?? ''}`),
  }));
}

function report(found: Found[]): string {
  return found.map((f) => `\n[${f.page}] ${f.rule} (${f.impact}): ${f.help}\n  ${f.nodes.join('\n  ')}`).join('\n');
}

/** Opens a page, scrolls through it (client:visible islands), waits for its islands to hydrate. */
async function open(page: Page, url: string, status = 200): Promise<void> {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(status);
  // Instant scrolls: a smooth scroll still running during the scan puts content under the sticky header (axe target-size).
  // Each step waits for two frames, not a fixed time: a `content-visibility: auto` card remembers its real height only
  // once it has been rendered, and on a busy machine 40 ms passed without a frame — the cards kept their 410 px
  // placeholder, and axe found the pagination below them «partially obscured» (CI run of 2026-11-29, search at 1280).
  // A frame is also given up after 250 ms, and the walk after 60 steps: a renderer that paints no frame at all (CI run
  // of 2026-11-29, the desk at 1280 on a loaded machine) must cost seconds, not the test's ten minutes.
  await page.evaluate(async () => {
    const frame = () =>
      Promise.race([
        new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        new Promise((r) => setTimeout(r, 250)),
      ]);
    for (let y = 0, step = 0; y < document.body.scrollHeight && step < 60; y += 700, step++) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
    }
    await frame();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  // client:visible islands inside closed <details> (a product's forms) wait for their opening;
  // client:demand and client:held="use" ones until the page is used: each first view is checked as it is, the header boot's counters and card
  // marks included (decision 0300).
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="demand"]):not([opts*=\'"value":"use"\'])'), null, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

async function newContext(browser: Browser, viewport: { width: number; height: number }, email?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'ru-BY' });
  // Compiled once per renderer and taken from V8's cache on every later page (an init script is a classic script).
  await context.addInitScript({ path: AXE_SCRIPT });
  const page = await context.newPage();
  if (email) expect((await page.request.post('/api/authentication/', { data: { login: email, password: PASSWORD } })).ok(), email).toBe(true);
  return { context, page };
}

/** The first link inside main whose address matches, as an address. */
async function firstLink(page: Page, url: string, pattern: RegExp): Promise<string> {
  await open(page, url);
  const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => pattern.test(h));
  expect(href, `a link matching ${pattern} on ${url}`).toBeTruthy();
  return href!;
}

// The scans share nothing (each its own context; the signed-in ones only read their accounts): both workers take them.
test.describe.configure({ mode: 'parallel' });

for (const screen of SCREENS) {
  test.describe(`axe WCAG 2.2 AA at ${screen.viewport.width}×${screen.viewport.height}`, () => {
    // A guest's pages in two halves: on a loaded CI machine one test over all of them came near its ten minutes.
    const scanAll = async (page: Page, pages: [string, string, number?][], found: Found[]) => {
      for (const [label, url, status] of pages) {
        await open(page, url, status);
        found.push(...(await scan(page, label)));
      }
    };
    const firstProduct = async (page: Page) => {
      const search = await page.request.post('/api/searchHeader/', { data: { query: 'перфоратор' } });
      return (await search.json()).data.products[0] as { id: number; url: string };
    };

    test('a guest: storefront, catalogue, search, lists, checkout', async ({ browser }) => {
      // Ten minutes: on two cores these scans share the machine with the rest of e2e and the PostgreSQL suite.
      test.setTimeout(600_000);
      const { context, page } = await newContext(browser, screen.viewport);
      const found: Found[] = [];
      const product = await firstProduct(page);
      // Something in every list, so basket, compare, favourites and checkout render their islands.
      for (const [url, data] of [
        ['/api/basket/add/', { product: product.id, quantity: 1 }],
        ['/api/compare/add/', { product_id: product.id }],
        ['/api/favorite/add/', { product_id: product.id }],
      ] as const) expect((await page.request.post(url, { data })).ok(), url).toBe(true);
      const compareSecond = await page.request.post('/api/compare/add/', { data: { product_id: product.id + 1 } });
      expect(compareSecond.ok()).toBe(true);
      const brandUrl = await firstLink(page, '/brands/', /^\/brands\/[^/]+\/$/);

      await scanAll(page, [
        ['home', '/'],
        ['catalogue', '/catalog/'],
        ['listing L1 + filter', '/catalog/elektroinstrument/filter/brand-is-makita/apply/'],
        ['listing L2 + filter', '/catalog/elektroinstrument/dreli/filter/brand-is-makita/apply/'],
        ['listing L3 + filter', '/catalog/elektroinstrument/dreli/dreli-udarnye/filter/brand-is-makita/apply/'],
        ['brands', '/brands/'],
        ['brand', brandUrl],
        ['product', product.url],
        ['search', '/search/?q=дрель'],
        ['search understood (chips)', '/search/?q=' + encodeURIComponent('дрель bosch или makita до 300 рублей')],
        ['search, nothing obeys every limit', '/search/?q=' + encodeURIComponent('лобзик дешевле 5 рублей')],
        ['basket', '/basket/'],
        ['compare', '/compare/'],
        ['favourites', '/favourites/'],
        ['checkout', '/checkout/'],
      ], found);
      await context.close();
      expect(found, report(found)).toEqual([]);
    });

    test('a guest: content, forms, accounts, alerts, errors, overlay, menu, login dialog', async ({ browser }) => {
      test.setTimeout(600_000);
      const { context, page } = await newContext(browser, screen.viewport);
      const found: Found[] = [];
      const product = await firstProduct(page);
      const mediaUrl = await firstLink(page, '/media/', /^\/media\/[^/]+\/$/);
      const actionUrl = await firstLink(page, '/actions/', /^\/actions\/[^/]+\/$/);

      await scanAll(page, [
        ['quick order', '/e-order/'],
        ['media', '/media/'],
        ['media item', mediaUrl],
        ['actions', '/actions/'],
        ['action', actionUrl],
        ['info page', '/o-kompanii/'],
        ['warranty', '/garant/'],
        ['branches', '/filial/'],
        ['branch', '/filial/minsk/'],
        ['where to buy', '/where-buy/'],
        ['callback form', '/callback/'],
        ['login', '/login/'],
        ['registration', '/registration/'],
        ['restore', '/restore/'],
        ['alert form', `/subscriptions/new/?product=${product.id}&kind=price`],
        ['alert confirmation, a broken link', '/subscriptions/confirm/?key=broken', 400],
        ['alert unsubscribe, a broken link', '/subscriptions/unsubscribe/?key=broken', 400],
        ['404', '/net-takoi-stranicy/', 404],
      ], found);

      // The open search overlay with results.
      await open(page, '/');
      // Focus on the field hydrates the overlay (client:demand), which opens on the focused field.
      await page.locator('#q').focus();
      await expect(page.locator('form.search[data-enhanced]')).toBeAttached();
      const box = page.getByRole('combobox', { name: 'Поиск' });
      await expect(box).toBeFocused();
      await box.pressSequentially('дрель', { delay: 20 });
      await expect(page.getByRole('group', { name: 'Товары' }).getByRole('option').first()).toBeVisible();
      found.push(...(await scan(page, 'search overlay')));
      await box.press('Escape');

      // The open catalogue menu.
      await page.locator('.catmenu > summary').click();
      await expect(page.locator('.catmenu__panel')).toBeVisible();
      found.push(...(await scan(page, 'catalogue menu')));

      // The login page's dialog (first authorization of an employee without a password).
      await open(page, '/login/');
      await page.getByLabel('Email').fill(acc.invited.email);
      await page.getByLabel('Пароль', { exact: true }).fill('whatever');
      await page.getByRole('button', { name: 'Войти' }).click();
      await expect(page.getByRole('dialog', { name: 'Первый вход' })).toBeVisible();
      found.push(...(await scan(page, 'login dialog')));

      await context.close();
      expect(found, report(found)).toEqual([]);
    });

    // The personal area in two halves, and the desk apart: on a loaded CI machine the three together ran past ten minutes.
    const personalArea = async (browser: Browser, pages: (page: Page) => Promise<[string, string, number?][]>) => {
      const found: Found[] = [];
      const admin = await newContext(browser, screen.viewport, acc.admin.email);
      for (const [label, url, status] of await pages(admin.page)) {
        await open(admin.page, url, status);
        found.push(...(await scan(admin.page, `admin ${label}`)));
      }
      await admin.context.close();
      expect(found, report(found)).toEqual([]);
    };

    test('signed in: the personal area (contractor admin): account, orders, prices', async ({ browser }) => {
      // Ten minutes: on two cores these scans share the machine with the rest of e2e and the PostgreSQL suite.
      test.setTimeout(600_000);
      await personalArea(browser, async (page) => [
        ['personal menu', '/personal/'],
        ['summary', '/personal/summary/'],
        ['details', '/personal/details/'],
        ['orders', '/personal/orders/'],
        ['an order', await firstLink(page, '/personal/orders/', /^\/personal\/orders\/[^/?]+\/$/)],
        ['addresses', '/personal/addresses/'],
        ['discounts', '/personal/discounts/'],
        ['promotions for me', '/personal/actions/'],
        ['consumables', '/personal/consumables/'],
        ['subscriptions', '/personal/subscriptions/'],
      ]);
    });

    test('signed in: the personal area (contractor admin): requests, notifications, exports, users, the 403 view', async ({ browser }) => {
      test.setTimeout(600_000);
      await personalArea(browser, async (page) => [
        ['requests', '/personal/requests/'],
        ['a request', await firstLink(page, '/personal/requests/', /^\/personal\/requests\/\d+\/$/)],
        ['new request', '/personal/requests/new/'],
        ['notifications', '/personal/notifications/'],
        ['unloading', '/personal/unloading/'],
        ['new unloading', '/personal/unloading/new/'],
        ['users', '/personal/users/'],
        ['a user', await firstLink(page, '/personal/users/', /^\/personal\/users\/[^/]+\/$/)],
        ['403', '/desk/', 403],
      ]);
    });

    test('signed in: the desk (staff)', async ({ browser }) => {
      test.setTimeout(600_000);
      const found: Found[] = [];
      const staff = await newContext(browser, screen.viewport, acc.staff.email);
      const deskRequest = await firstLink(staff.page, '/desk/', /^\/desk\/requests\/\d+\/$/);
      const deskOrder = await firstLink(staff.page, '/desk/orders/', /^\/desk\/orders\/[^/?#]+\/$/);
      for (const [label, url] of [
        ['desk', '/desk/'],
        ['desk request', deskRequest],
        ['desk orders', '/desk/orders/'],
        ['desk order', deskOrder],
        ['desk exchange', '/desk/exchange/'],
        ['desk announcements', '/desk/announcements/'],
        ['desk log', '/desk/log/'],
      ]) {
        await open(staff.page, url!);
        found.push(...(await scan(staff.page, `staff ${label}`)));
      }
      await staff.context.close();

      expect(found, report(found)).toEqual([]);
    });
  });
}
