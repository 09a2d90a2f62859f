import { describe, expect, it } from 'vitest';
import { Visitor } from '../helpers/http';

describe('POST api/searchHeader/', () => {
  it('answers the spec groups within the limits, understanding a wrong layout', async () => {
    const { res, body } = await new Visitor().post('/api/searchHeader/', { query: 'lhtkm' });
    expect(res.status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.data.corrected).toBe('дрель');
    expect(body.data.products).toHaveLength(4);
    expect(body.data.products[0]).toEqual({
      id: expect.any(Number), name: expect.stringMatching(/^Дрель/), article: expect.any(String), price: expect.any(Number), personalPrice: null,
      oldPrice: expect.toBeOneOf([null, expect.any(Number)]), promo: null, url: expect.stringMatching(/^\/[a-z0-9-]+\/$/), image: expect.stringMatching(/^\/img\/p\/\d+\//), brand: expect.any(String), canBuy: expect.any(Boolean),
    });
    expect(body.data.categories.length).toBeGreaterThan(0);
    expect(body.data.categories.length).toBeLessThanOrEqual(4);
    expect(body.data.brands.length).toBeLessThanOrEqual(4);
    expect(body.data.sts.length).toBeLessThanOrEqual(6);
    expect(body.data.categories[0].url).toMatch(/^\/catalog\/.+\/$/);
  });

  it('an empty query is an empty answer, not an error', async () => {
    const { res, body } = await new Visitor().post('/api/searchHeader/', { query: '   ' });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ total: 0, products: [], categories: [], brands: [], sts: [] });
  });

  it('bad input gets a Russian 4xx, never a 500', async () => {
    const v = new Visitor();
    const cases: [unknown, number][] = [
      [{}, 422],
      [{ query: 123 }, 422],
      [{ query: null }, 422],
      [{ query: ['дрель'] }, 422],
      [{ query: 'я'.repeat(10_000) }, 422],
    ];
    for (const [body, status] of cases) {
      const r = await v.post('/api/searchHeader/', body);
      expect(r.res.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      expect(r.body.errors[0]).toMatchObject({ code: 102, field: 'query' });
      expect(r.body.errors[0].message).toMatch(/[а-я]/);
    }
    const notJson = await v.raw('/api/searchHeader/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' });
    expect(notJson.status).toBe(400);
    const get = await v.get('/api/searchHeader/');
    expect(get.res.status).toBe(405);
    expect(get.body.errors[0].code).toBe(105);
  });

  it('control characters, SQL and HTML fragments are just text', async () => {
    const v = new Visitor();
    for (const query of ['\u0000\u0007дрель\u200b', "'; DROP TABLE products;--", '<img src=x onerror=alert(1)>', 'дрель & | ! :*', '\\']) {
      const r = await v.post('/api/searchHeader/', { query });
      expect(r.res.status, query).toBe(200);
      expect(r.body.status).toBe('success');
    }
    expect((await v.post('/api/searchHeader/', { query: '\u0000дрель' })).body.data.total).toBeGreaterThan(0);
  });
});

describe('/search/ page', () => {
  it('renders results with facets, sort and pages, without JavaScript', async () => {
    const res = await new Visitor().raw('/search/?q=%D1%88%D1%83%D1%80%D1%83%D0%BF%D0%BE%D0%B2%D0%B5%D1%80%D1%82');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Результаты поиска: «шуруповерт»');
    expect(html).toMatch(/Найдено \d+ товар/);
    expect(html).toContain('name="brand"');
    expect(html).toContain('name="section"');
    expect(html).toContain('sort=price_asc');
    expect(html).toContain('rel="next"');
    expect(html).toContain('<meta name="robots" content="noindex');
    expect((html.match(/class="card"/g) ?? []).length).toBe(24);
  });

  it('applies filters, sort and page from the query string, and ignores nonsense there', async () => {
    const v = new Visitor();
    const page2 = await (await v.raw('/search/?q=makita&page=2&sort=price_desc')).text();
    expect(page2).toMatch(/aria-current="page"[^>]*>2</);
    const junk = await v.raw('/search/?q=makita&page=-5&sort=hack&brand=abc&section=1e99');
    expect(junk.status).toBe(200);
    const far = await v.raw('/search/?q=makita&page=999');
    expect(far.status).toBe(302);
    expect(far.headers.get('location')).toMatch(/page=\d+/);
  });

  it('no results: offers a query that finds something and popular sections', async () => {
    const html = await (await new Visitor().raw('/search/?q=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C%20stihl')).text();
    expect(html).toContain('По запросу ничего не найдено');
    expect(html).toContain('Возможно, вы искали');
    expect(html).toContain('«дрель»');
    expect(html).toContain('Популярные разделы');
  });

  it('understands a price limit, an exclusion and a superlative (issue 27): results obey them, chips remove them without script', async () => {
    const v = new Visitor();
    const { body } = await v.post('/api/searchHeader/', { query: 'лобзик до 300 рублей кроме makita' });
    expect(body.data.products.length).toBeGreaterThan(0);
    for (const p of body.data.products) {
      expect(p.price).toBeLessThanOrEqual(300);
      expect(p.brand).not.toBe('Makita');
    }
    const cheapest = (await v.post('/api/searchHeader/', { query: 'самый дешёвый лобзик' })).body.data.products.map((p: { price: number }) => p.price);
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    const all = (await v.post('/api/searchHeader/', { query: 'лобзик' })).body.data.total;
    const nothing = (await v.post('/api/searchHeader/', { query: 'лобзик дешевле 1 р' })).body.data;
    expect(nothing.total).toBe(0);
    expect(nothing.products).toEqual([]);
    expect(all).toBeGreaterThan(0);
    // The overlay says so too, with the same reason as the page and the cheapest of the type, cheapest first.
    expect(nothing.closest.reason).toMatch(/^Лобзики[^:]*: до 1 р\. — таких нет\. Самые дешёвые из найденных — от [\d ]+,\d\d р\.$/);
    const near = nothing.closest.products.map((p: { price: number }) => p.price);
    expect(near.length).toBeGreaterThan(0);
    expect(near).toEqual([...near].sort((a, b) => a - b));
    expect(near[0]).toBeGreaterThan(1);
    expect((await v.post('/api/searchHeader/', { query: 'лобзик' })).body.data.closest).toBeNull();

    const html = await (await v.raw(`/search/?q=${encodeURIComponent('Лобзик до 300 рублей кроме Makita')}`)).text();
    expect(html).toContain('data-chips');
    expect(html).toMatch(/href="\/search\/\?q=%D0%9B%D0%BE%D0%B1%D0%B7%D0%B8%D0%BA\+%D0%BA%D1%80%D0%BE%D0%BC%D0%B5\+Makita"[^>]*>до 300 р\./);
    expect(html).toMatch(/href="\/search\/\?q=%D0%9B%D0%BE%D0%B1%D0%B7%D0%B8%D0%BA\+%D0%B4%D0%BE\+300\+%D1%80%D1%83%D0%B1%D0%BB%D0%B5%D0%B9"[^>]*>кроме makita/);
    const none = await (await v.raw(`/search/?q=${encodeURIComponent('лобзик дешевле 1 р')}`)).text();
    expect(none).toContain('Нет товаров, подходящих под все условия');
    expect(none).toMatch(/href="\/search\/\?q=%D0%BB%D0%BE%D0%B1%D0%B7%D0%B8%D0%BA"[^>]*>до 1 р\./);
    // Never an empty page: the cheapest of the type, with the reason.
    expect(none).toContain('data-closest');
    // The reason names the type and the limit, then how near the closest come.
    expect(none).toMatch(/Лобзики[^:<]*: до 1 р\. — таких нет\. Самые дешёвые из найденных — от [\d ]+,\d\d р\./);
    const heavy = await (await v.raw(`/search/?q=${encodeURIComponent('пила мощнее 90000 вт')}`)).text();
    expect(heavy).toContain('data-closest');
    expect(heavy).toMatch(/: мощность ≥ 90000 Вт — таких нет\. Ближайшие — мощность до \d+ Вт/);
    expect((none.match(/class="card"/g) ?? []).length).toBeGreaterThan(0);
  });

  it('one unknown word: shows results and names the word left out', async () => {
    const html = await (await new Visitor().raw(`/search/?q=${encodeURIComponent('шуруповерт мощный')}`)).text();
    expect(html).toMatch(/Найдено \d+ товар/);
    expect(html).toMatch(/без учёта слова <s[^>]*>мощный<\/s>/);
    expect((html.match(/class="card"/g) ?? []).length).toBeGreaterThan(0);
  });

  it('the catalogue listing by ?query= takes its products from the search engine', async () => {
    const v = new Visitor();
    const r = await v.get(`/web/catalog/filter/clear/apply/?query=${encodeURIComponent('шуруповерт 18в макита')}`);
    const items = r.body.data.items as { name: string }[];
    expect(items.length).toBeGreaterThan(0);
    for (const p of items) expect(p.name).toMatch(/^Шуруповёрт.*Makita/);
  });

  it('escapes what was typed and survives huge and control-character queries', async () => {
    const v = new Visitor();
    const attack = '</title><script>alert(1)</script>';
    const xss = await (await v.raw(`/search/?q=${encodeURIComponent(attack)}`)).text();
    // Inside a quoted attribute "<" is plain text; anywhere else it must be escaped (the title included).
    expect(xss.replace(/="[^"]*"/g, '=""')).not.toContain('<script>alert(1)</script>');
    expect(/<title>([^<]*)<\/title>/.exec(xss)![1]).toContain('&lt;/title&gt;&lt;script&gt;');
    // 10,000 Cyrillic letters are 60 KB of URL: Node answers 431 before the app, still a clean 4xx.
    expect((await v.raw(`/search/?q=${encodeURIComponent('я'.repeat(10_000))}`)).status).toBe(431);
    for (const q of ['a'.repeat(10_000), '%00%07', '', "'%20OR%201=1--"]) {
      const r = await v.raw(`/search/?q=${q}`);
      expect(r.status, q.slice(0, 20)).toBe(200);
    }
  });
});
