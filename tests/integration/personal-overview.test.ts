/**
 * The personal area's overview over HTTP: GET web/profile/summary/, GET /web/personal/discounts/,
 * and the pages /personal/summary/, /personal/discounts/, /personal/actions/(slug)/ for the
 * contractor admin, an employee and a retail customer (guests get 101 or the login page).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from '../helpers/http';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own company, its people, customer and staff member (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('personal-overview');

const ACCOUNTS = { admin: acc.admin.email, employee: acc.employee.email, retail: acc.retail.email } as const;
type Who = keyof typeof ACCOUNTS;
const as: Record<Who, Visitor> = { admin: new Visitor(), employee: new Visitor(), retail: new Visitor() };
const page = async (who: Who, path: string) => {
  const res = await as[who].raw(path);
  return { res, html: await res.text() };
};

beforeAll(async () => {
  for (const who of Object.keys(as) as Who[]) {
    const { body } = await as[who].post('/api/authentication/', { login: ACCOUNTS[who], password: PASSWORD });
    expect(body.status).toBe('success');
  }
});

describe('GET web/profile/summary/', () => {
  it('answers error 101 without a session', async () => {
    const { res, body } = await new Visitor().get('/web/profile/summary/');
    expect(res.status).toBe(401);
    expect(body.errors[0].code).toBe(101);
  });

  it('tells the admin who they are, for which company, the manager, the discount and the company\'s open orders', async () => {
    const { res, body } = await as.admin.get('/web/profile/summary/');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const s = body.data;
    expect(s.user).toMatchObject({ name: acc.admin.name, role: 'admin', roleName: 'Администратор компании' });
    expect(s.company).toEqual({ id: expect.any(Number), name: acc.company.name, unp: acc.company.unp });
    expect(s.manager).toEqual({ name: acc.company.managerName, phone: acc.company.managerPhone, email: acc.company.managerEmail, personal: true });
    expect(s.discount).toEqual({ percent: 7, specialDiscounts: 3, maxPercent: 12, url: '/personal/discounts/' });
    // The admin sees the company's open orders, the employee's among them; none is done or cancelled.
    expect(s.orders.companyWide).toBe(true);
    expect(s.orders.open.length).toBe(5);
    expect(s.orders.openTotal).toBeGreaterThan(5);
    expect(s.orders.open.every((o: { status: string }) => !['done', 'cancelled'].includes(o.status))).toBe(true);
    // Every buyer of the company's open orders is one of its people.
    const placedBy = new Set(s.orders.open.map((o: { placedBy: string }) => o.placedBy));
    expect(placedBy.has(acc.admin.name)).toBe(true);
    const active = (await as.admin.get('/web/personal/contragent/getUsersList/?page=1&inactive=N')).body.data.activeUsers;
    const blocked = (await as.admin.get('/web/personal/contragent/getUsersList/?page=1&inactive=Y')).body.data.blockedUsers ?? [];
    const names = new Set([...active, ...blocked].map((u: { name: string }) => u.name));
    for (const name of placedBy) expect(names, String(name)).toContain(name);
    expect(s.orders.open[0].url).toBe(`/personal/orders/${encodeURIComponent(s.orders.open[0].number)}/`);
    const dates = s.orders.open.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(s.notifications.unread).toBeGreaterThanOrEqual(1);
    expect(s.quickLinks.map((l: { key: string }) => l.key)).toEqual(['quick-order', 'repeat-order', 'new-request']);
    expect(s.quickLinks[0].href).toBe('/e-order/');
    expect(s.quickLinks[1].href).toMatch(/^\/personal\/orders\/.+\/$/);
    expect(s.quickLinks[2].href).toBe('/personal/requests/new/');
    // Contractors' promotions are for company users; each promotion links inside the personal area.
    expect(s.promotions.items.map((p: { code: string }) => p.code)).toContain('skidka-kontragentam-na-raskhodniki');
    expect(s.promotions.items.every((p: { personalUrl: string; code: string }) => p.personalUrl === `/personal/actions/${p.code}/`)).toBe(true);
  });

  it('shows an employee without company_orders only their own orders', async () => {
    const s = (await as.employee.get('/web/profile/summary/')).body.data;
    expect(s.user.role).toBe('employee');
    expect(s.orders.companyWide).toBe(false);
    expect(s.orders.open.length).toBeGreaterThan(0);
    expect(s.orders.open.every((o: { placedBy: string }) => o.placedBy === acc.employee.name)).toBe(true);
    // The employee's six newest orders run through every open status (approval included); five are shown.
    expect(s.orders.open).toHaveLength(5);
    expect(s.orders.openTotal).toBeGreaterThanOrEqual(6);
  });

  it('gives a retail customer the store\'s support line, no discount, their own orders and no contractors\' promotions', async () => {
    const s = (await as.retail.get('/web/profile/summary/')).body.data;
    expect(s.user.role).toBe('retail');
    expect(s.company).toBeNull();
    expect(s.discount).toBeNull();
    expect(s.manager).toMatchObject({ name: null, personal: false, phone: '+375 17 388-10-10' });
    expect(s.orders.companyWide).toBe(false);
    expect(s.orders.open.every((o: { placedBy: string }) => o.placedBy === acc.retail.name)).toBe(true);
    expect(s.promotions.items.every((p: { forContractors: boolean }) => !p.forContractors)).toBe(true);
  });
});

describe('GET /web/personal/discounts/', () => {
  it('answers error 101 without a session', async () => {
    expect((await new Visitor().get('/web/personal/discounts/')).body.errors[0].code).toBe(101);
  });

  it('lists the company\'s discounts by brand and section with examples priced by the catalogue rule', async () => {
    const d = (await as.employee.get('/web/personal/discounts/')).body.data;
    expect(d.company.name).toBe(acc.company.name);
    expect(d.base.percent).toBe(7);
    expect(d.brands.map((b: { percent: number }) => b.percent)).toEqual([12, 10]);
    expect(d.sections).toHaveLength(1);
    expect(d.sections[0]).toMatchObject({ kind: 'section', percent: 8, url: expect.stringMatching(/^\/catalog\//) });
    for (const row of [d.base, ...d.brands, ...d.sections]) {
      const ex = row.example;
      expect(ex.percent).toBeGreaterThanOrEqual(row.percent);
      expect(ex.yourPrice).toBeCloseTo(Math.round(ex.price * (100 - ex.percent)) / 100, 2);
      expect(ex.yourPrice).toBeLessThan(ex.price);
    }
    // The product's own page shows the same price to this user (one pricing rule).
    const brandEx = d.brands[0].example;
    const detail = (await as.employee.get(`/web/product/detail/${brandEx.url.replaceAll('/', '')}/`)).body.data;
    expect(detail.product.personalPrice).toBe(brandEx.yourPrice);
  });

  it('is empty for a retail customer', async () => {
    expect((await as.retail.get('/web/personal/discounts/')).body.data).toEqual({ company: null, base: null, brands: [], sections: [] });
  });
});

describe('personal pages', () => {
  it('a guest is sent to log in', async () => {
    for (const p of ['/personal/summary/', '/personal/discounts/', '/personal/actions/', '/personal/addresses/']) {
      const res = await new Visitor().raw(p);
      expect(res.status, p).toBe(302);
      expect(res.headers.get('location')).toBe(`/login/?backurl=${encodeURIComponent(p)}`);
    }
  });

  it('the summary shows real orders, the discount, the manager and quick links, privately', async () => {
    const { res, html } = await page('admin', '/personal/summary/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const api = (await as.admin.get('/web/profile/summary/')).body.data;
    for (const o of api.orders.open) expect(html).toContain(`>${o.number}</a>`);
    expect(html).toContain('Дмитрий Козлов');
    expect(html).toMatch(/data-discount[^>]*>7 %</);
    expect(html).toContain('href="/e-order/"');
    expect(html).toContain('href="/personal/requests/new/"');
    expect(html).toContain('aria-current="page"');
  });

  it('the discounts page lists brands with example prices; a retail customer gets the friendly empty state', async () => {
    const { html } = await page('admin', '/personal/discounts/');
    expect(html).toContain('Скидки по брендам');
    expect(html).toContain('Bosch');
    expect(html).toMatch(/data-your-price="[\d.]+"/);
    const retail = await page('retail', '/personal/discounts/');
    expect(retail.html).toContain('data-empty="retail"');
    expect(retail.html).toContain('Персональных скидок пока нет');
  });

  it('promotions for me explain why, and a promotion shows its products at the contractor\'s prices', async () => {
    const list = await page('admin', '/personal/actions/');
    expect(list.html).toContain('Вы покупали');
    expect(list.html).toContain('href="/personal/actions/skidka-kontragentam-na-raskhodniki/"');
    const detail = await page('admin', '/personal/actions/skidka-kontragentam-na-raskhodniki/');
    expect(detail.res.status).toBe(200);
    expect(detail.html).toContain('Товары акции по вашим ценам');
    expect(detail.html).toContain('Ваша цена');
    // The contractors' promotion is not for a retail customer; an unknown one is 404.
    expect((await page('retail', '/personal/actions/skidka-kontragentam-na-raskhodniki/')).res.status).toBe(404);
    expect((await page('admin', '/personal/actions/net-takoy-akcii/')).res.status).toBe(404);
    const retail = await page('retail', '/personal/actions/krugi-po-cene-zavoda/');
    expect(retail.res.status).toBe(200);
    expect(retail.html).not.toContain('Ваша цена');
  });

  it('the addresses page renders the list into the island with its data', async () => {
    const { res, html } = await page('employee', '/personal/addresses/');
    expect(res.status).toBe(200);
    expect(html).toContain('Притыцкого');
    expect(html).toContain('Изменять адреса может администратор компании');
  });
});

describe('every page of the personal area and the desk is the viewer\'s own', () => {
  /** The first link on a page whose address matches. */
  const firstLink = async (v: Visitor, url: string, pattern: RegExp) => {
    const html = await (await v.raw(url)).text();
    const href = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).find((h) => pattern.test(h));
    expect(href, `a link matching ${pattern} on ${url}`).toBeTruthy();
    return href!;
  };
  const privately = async (v: Visitor, url: string, status = 200) => {
    const res = await v.raw(url);
    expect(res.status, url).toBe(status);
    // No shared cache (a proxy, a CDN) may keep what one signed-in user was shown.
    if (status === 200) expect(res.headers.get('cache-control'), url).toBe('private, no-store');
    else expect(res.headers.get('cache-control'), url).toMatch(/^(private, )?no-store$/);
  };

  it('the contractor admin\'s pages, from the menu to one order, request, export list and user', async () => {
    const v = as.admin;
    const pages = [
      '/personal/', '/personal/summary/', '/personal/details/', '/personal/orders/', '/personal/addresses/', '/personal/discounts/',
      '/personal/actions/', '/personal/requests/', '/personal/requests/new/', '/personal/notifications/', '/personal/unloading/',
      '/personal/unloading/new/', '/personal/users/', '/personal/users/new/',
      await firstLink(v, '/personal/orders/', /^\/personal\/orders\/[^/?]+\/$/),
      await firstLink(v, '/personal/requests/', /^\/personal\/requests\/\d+\/$/),
      await firstLink(v, '/personal/requests/new/', /^\/personal\/requests\/new\/[^/]+\/$/),
      await firstLink(v, '/personal/users/', /^\/personal\/users\/(?!new\/)[^/]+\/$/),
      await firstLink(v, '/personal/unloading/', /^\/personal\/unloading\/\d+\/$/),
    ];
    for (const url of pages) await privately(v, url);
    await privately(v, '/desk/', 403);
  });

  it('the staff\'s desk pages', async () => {
    const staff = new Visitor();
    expect((await staff.post('/api/authentication/', { login: acc.staff.email, password: PASSWORD })).body.status).toBe('success');
    for (const url of ['/desk/', '/desk/orders/', '/desk/announcements/', '/desk/log/', await firstLink(staff, '/desk/', /^\/desk\/requests\/\d+\/$/)]) await privately(staff, url);
  });
});
