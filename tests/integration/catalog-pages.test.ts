import { beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from '../helpers/http';
import { breadcrumbProblems, canonical, h1, ldOfType, links, meta, productLdProblems, title } from '../helpers/html';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own accounts (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('catalog-pages');

type Card = { id: number; code: string; url: string; name: string; article: string; price: number; brand: string; brandId: number; personalPrice: number | null };
const guest = new Visitor();
let leafUrl = '';
let leafCode = '';
let product: Card;

async function html(path: string, v = guest) {
  const res = await v.raw(path);
  return { res, html: await res.text() };
}

beforeAll(async () => {
  const { body } = await guest.get('/web/section/list/');
  const tools = body.data.elektroinstrument;
  const leaf = tools.SUB_SECTIONS[0].SUB_SECTIONS[0];
  leafUrl = leaf.URL;
  leafCode = leaf.CODE;
  const listing = await guest.get(`/web/catalog/filter/clear/apply/?section_code=${leafCode}`);
  product = listing.body.data.items[0];
});

describe('catalogue listings', () => {
  it('every level renders with its own title, h1, canonical and ItemList', async () => {
    const { body } = await guest.get('/web/section/list/');
    const top = body.data.elektroinstrument;
    const seen = new Set<string>();
    for (const url of ['/catalog/', top.URL, top.SUB_SECTIONS[0].URL, leafUrl, '/catalog/hit/', '/catalog/novinki/']) {
      const { res, html: page } = await html(url);
      expect(res.status, url).toBe(200);
      expect(canonical(page)).toBe(new URL(url, canonical(page)!).href);
      expect(meta(page, 'robots')).toBe('index, follow');
      const t = title(page)!;
      expect(seen.has(t), `duplicate title ${t}`).toBe(false);
      seen.add(t);
      expect(ldOfType(page, url === '/catalog/' ? 'ItemList' : 'ItemList')?.itemListElement.length).toBeGreaterThan(0);
      expect(ldOfType(page, 'BreadcrumbList')).toBeTruthy();
    }
  });

  it('a section reached by a partial path is redirected to its one address', async () => {
    const res = await guest.raw(`/catalog/${leafCode}/?sort=new`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${leafUrl}?sort=new`);
  });

  it('a filter in another order, or a GET form, lands on the canonical filter URL', async () => {
    const other = await guest.raw(`${leafUrl}filter/price-to-5000/brand-is-makita-or-bosch/apply/?utm_source=x`);
    expect(other.status).toBe(301);
    expect(other.headers.get('location')).toBe(`${leafUrl}filter/brand-is-bosch-or-makita/price-to-5000/apply/?utm_source=x`);
    const form = await guest.raw(`${leafUrl}?brand=bosch&price_from=10&price_to=&sort=price_asc`);
    expect(form.status).toBe(301);
    expect(form.headers.get('location')).toBe(`${leafUrl}filter/brand-is-bosch/price-from-10/apply/?sort=price_asc`);
    const defaults = await guest.raw(`${leafUrl}?page=1&sort=popular`);
    expect(defaults.headers.get('location')).toBe(leafUrl);
  });

  it('filters narrow the list; one brand is an indexable landing page, combinations are noindex', async () => {
    const brand = product.brand;
    const { body } = await guest.get(`/web/filter/?section_code=${leafCode}`);
    const code = body.data.facets.brands.find((b: { label: string }) => b.label === brand).key;
    const one = await html(`${leafUrl}filter/brand-is-${code}/apply/`);
    expect(one.res.status).toBe(200);
    expect(h1(one.html)).toContain(brand);
    expect(canonical(one.html)).toContain(`/filter/brand-is-${code}/apply/`);
    expect(meta(one.html, 'robots')).toBe('index, follow');
    const combo = await html(`${leafUrl}filter/brand-is-${code}/instock-is-y/apply/`);
    expect(combo.res.status).toBe(200);
    expect(meta(combo.html, 'robots')).toBe('noindex, follow');
    expect(canonical(combo.html)).toBeNull();
    const sorted = await html(`${leafUrl}?sort=price_desc`);
    expect(canonical(sorted.html)).toBe(new URL(leafUrl, canonical(sorted.html)!).href);
    // Links to non-indexable combinations are nofollow; sorting links too.
    expect(one.html).toMatch(/<a class="facet__value" href="[^"]*instock-is-y[^"]*" rel="nofollow"/);
  });

  it('unknown brands, values, sections, pages and junk parameters are 404 in Russian', async () => {
    for (const url of [
      `${leafUrl}filter/brand-is-no-such-brand/apply/`,
      `${leafUrl}filter/power-is-123456/apply/`,
      `${leafUrl}filter/nonsense/apply/`,
      `${leafUrl}filter/apply/`,
      `${leafUrl}?page=9999`,
      `${leafUrl}?sort=cheapest`,
      `${leafUrl}?page_size=1000`,
      '/catalog/no-such-section/',
      '/catalog/elektroinstrument/a/b/c/',
      '/catalog/hit/extra/',
    ]) {
      const { res, html: page } = await html(url);
      expect(res.status, url).toBe(404);
      expect(page).toContain('Страница не найдена');
    }
  });

  it('/catalog/empty/ is the empty state (noindex)', async () => {
    const { res, html: page } = await html('/catalog/empty/');
    expect(res.status).toBe(200);
    expect(page).toContain('Здесь пока нет товаров');
    expect(meta(page, 'robots')).toBe('noindex, follow');
  });

  it('paging: page 2 has its own title and canonical, and prev/next links', async () => {
    const { body } = await guest.get('/web/section/list/');
    const big = body.data.elektroinstrument.URL;
    const { res, html: page } = await html(`${big}?page=2`);
    expect(res.status).toBe(200);
    expect(title(page)).toContain('страница 2');
    expect(canonical(page)).toContain('?page=2');
    expect(page).toMatch(/rel="prev"/);
    expect(page).toMatch(/rel="next"/);
  });
});

describe('product page', () => {
  it('renders with a valid Product/Offer JSON-LD in BYN and a BreadcrumbList', async () => {
    const { res, html: page } = await html(product.url);
    expect(res.status).toBe(200);
    expect(h1(page)).toBe(product.name);
    expect(canonical(page)).toMatch(new RegExp(`${product.url}$`));
    const ld = ldOfType(page, 'Product');
    expect(productLdProblems(ld)).toEqual([]);
    expect(Number(ld!.offers.price)).toBe(product.price);
    expect(ld!.sku).toBe(product.article);
    const crumbs = ldOfType(page, 'BreadcrumbList');
    expect(breadcrumbProblems(crumbs)).toEqual([]);
    expect(crumbs!.itemListElement.at(-1).item).toMatch(new RegExp(`${product.url}$`));
    expect(crumbs!.itemListElement.at(-2).item).toMatch(new RegExp(`${leafUrl}$`));
    // Availability per branch, properties, the buttons island, the print version.
    expect(page).toContain('Наличие в филиалах');
    expect(page).toContain('Характеристики');
    expect(page).toMatch(/<astro-island[^>]*component-export="default"[^>]*client="demand"/);
    expect(page).toContain(`/print-detail/?code=${product.code}`);
  });

  it('an unknown code is the Russian 404; odd slugs never reach the database as such', async () => {
    for (const url of ['/net-takogo-tovara/', '/%D0%B4%D1%80%D0%B5%D0%BB%D1%8C/', `/${'a'.repeat(300)}/`]) {
      const { res, html: page } = await html(url);
      expect(res.status, url).toBe(404);
      expect(page).toContain('Страница не найдена');
    }
  });

  it('expendable materials page 7 at a time, without JavaScript', async () => {
    const { body } = await guest.get(`/web/catalog/filter/clear/apply/?section_code=${leafCode}`);
    for (const p of body.data.items as Card[]) {
      const exp = await guest.post('/api/product/expendableMaterials/', { code: p.code });
      if (exp.body.data.page_navigation.total <= 7) continue;
      const page2 = await html(`${p.url}?exp_page=2`);
      expect(page2.res.status).toBe(200);
      expect(canonical(page2.html)).toMatch(new RegExp(`${p.url}$`));
      const beyond = await html(`${p.url}?exp_page=999`);
      expect(beyond.res.status).toBe(404);
      return;
    }
    throw new Error('no product with more than 7 expendables in the test catalogue');
  });

  it('print version and its 404', async () => {
    const ok = await html(`/print-detail/?code=${product.code}`);
    expect(ok.res.status).toBe(200);
    expect(ok.html).toContain(product.article);
    expect(meta(ok.html, 'robots')).toBe('noindex, follow');
    expect((await html('/print-detail/?code=nope')).res.status).toBe(404);
    expect((await html('/print-detail/')).res.status).toBe(404);
  });
});

describe('QR route', () => {
  it('an article (as printed, any case and dashes) redirects to the product with the utm tags', async () => {
    for (const article of [product.article, product.article.toLowerCase(), product.article.split('').join('-')]) {
      const res = await guest.raw(`/qr/${encodeURIComponent(article)}/`);
      expect(res.status, article).toBe(302);
      expect(res.headers.get('location')).toBe(`${product.url}?utm_source=qr&utm_medium=offline&utm_campaign=offline_qr`);
    }
  });

  it('an unknown article is 404 «Страница не найдена»', async () => {
    const { res, html: page } = await html('/qr/NO-SUCH-ARTICLE-42/');
    expect(res.status).toBe(404);
    expect(page).toContain('Страница не найдена');
  });
});

describe('brands', () => {
  it('/brands/ indexes A–Z and А–Я and links every brand page', async () => {
    const { res, html: page } = await html('/brands/');
    expect(res.status).toBe(200);
    expect(page).toContain('A–Z');
    expect(page).toContain('А–Я');
    expect(page).toContain('Бош (Bosch)');
    expect(links(page)).toContain('/brands/bosch/');
  });

  it('/brands/{code}/ lists the brand with a section facet; unknown brands are 404', async () => {
    const { res, html: page } = await html('/brands/bosch/');
    expect(res.status).toBe(200);
    expect(h1(page)).toBe('Bosch');
    expect(page).toContain('Раздел');
    expect(ldOfType(page, 'Brand')?.name).toBe('Bosch');
    expect((await html('/brands/no-such-brand/')).res.status).toBe(404);
    expect((await html('/brands/bosch/filter/brand-is-bosch/apply/')).res.status).toBe(404);
  });
});

describe('sitemap and robots', () => {
  it('/sitemap.xml indexes product, section, brand and content sitemaps built from the database', async () => {
    const index = await (await guest.raw('/sitemap.xml')).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(files).toEqual(['/sitemap-sections.xml', '/sitemap-brands.xml', '/sitemap-content.xml', '/sitemap-products-1.xml']);
    const products = await (await guest.raw('/sitemap-products-1.xml')).text();
    const locs = [...products.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs.length).toBe(600);
    expect(locs).toContain(product.url);
    const sections = await (await guest.raw('/sitemap-sections.xml')).text();
    expect(sections).toContain(leafUrl);
    expect(sections).toMatch(/\/filter\/brand-is-[a-z-]+\/apply\//);
    expect((await guest.raw('/sitemap-products-2.xml')).status).toBe(404);
    expect((await guest.raw('/sitemap-nope.xml')).status).toBe(404);
    // Promotions in the sitemap are the running public ones of the editors' collection: each page exists.
    const content = await (await guest.raw('/sitemap-content.xml')).text();
    const promos = [...content.matchAll(/<loc>([^<]+\/actions\/[^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const listed = (await guest.get('/web/actions/')).body.data.items.map((i: { url: string }) => i.url);
    expect(promos.sort()).toEqual([...listed].sort());
    for (const loc of promos) expect((await guest.raw(loc)).status, loc).toBe(200);
  });

  it('robots.txt points at the sitemap and keeps crawlers off sorted variants and private areas', async () => {
    const txt = await (await guest.raw('/robots.txt')).text();
    expect(txt).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
    expect(txt).toContain('Disallow: /*?*sort=');
    expect(txt).toContain('Disallow: /personal/');
  });
});

describe('caching (guests only) and the contractor price', () => {
  it('guest pages: stored, ETag, 304; a session is never served the shared copy', async () => {
    // A fresh address is a MISS, then a HIT, and its ETag revalidates. The server is shared: another test
    // file's order or change purges the product's page on the change feed's next tick, which can land in
    // between (the more likely the slower the machine) — then it is tried again at a new address (at most
    // three). A page that is never stored, or an ETag that never matches, fails every try.
    let url = '';
    const tries: string[] = [];
    let second: Response | undefined;
    let etag: string | null = null;
    let revalidated: Response | undefined;
    for (let i = 0; i < 3; i++) {
      url = `${product.url}?probe=${Date.now()}-${i}`;
      const first = await guest.raw(url);
      await first.arrayBuffer();
      expect(first.headers.get('x-cache')).toBe('MISS');
      expect(first.headers.get('cache-control')).toBe('public, no-cache');
      second = await guest.raw(url);
      await second.arrayBuffer();
      etag = second.headers.get('etag');
      revalidated = etag ? await guest.raw(url, { headers: { 'if-none-match': etag } }) : undefined;
      tries.push(`${second.headers.get('x-cache')} ${etag ? revalidated!.status : 'no ETag'}`);
      if (second.headers.get('x-cache') === 'HIT' && revalidated?.status === 304) break;
    }
    expect(second!.headers.get('x-cache'), tries.join(', ')).toBe('HIT');
    expect(etag).toBeTruthy();
    expect(revalidated!.status, tries.join(', ')).toBe(304);

    const contractor = new Visitor();
    const login = await contractor.post('/api/authentication/', { login: acc.admin.email, password: PASSWORD, remember: 'Y' });
    expect(login.body.status).toBe('success');
    const mine = await contractor.raw(url);
    // Rendered for the contractor's profile, never the guests' copy (decision 0310).
    expect(mine.headers.get('x-cache')).toBe('MISS');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const page = await mine.text();
    expect(page).toContain('Ваша цена');
    // The guest's copy never learnt the contractor's price.
    expect(await (await guest.raw(url)).text()).not.toContain('Ваша цена');
  });

  it("the contractor's own price: the company's best discount (Bosch 12 %)", async () => {
    const contractor = new Visitor();
    await contractor.post('/api/authentication/', { login: acc.admin.email, password: PASSWORD });
    const bosch = await contractor.get('/web/brands/bosch/');
    const item = bosch.body.data.items[0] as Card;
    // In whole kopecks: price × 88 / 100, half a kopeck away from zero (the listings' SQL round()).
    expect(item.personalPrice).toBe(Math.round((Math.round(item.price * 100) * 88) / 100) / 100);
    const retail = new Visitor();
    await retail.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD });
    const r = await retail.get('/web/brands/bosch/');
    expect(r.body.data.items[0].personalPrice).toBeNull();
    expect((await guest.get('/web/brands/bosch/')).body.data.items[0].personalPrice).toBeNull();
  });
});
