/** Spec §7 catalogue, product and brand calls over HTTP: each answers, and refuses bad input in Russian. */
import { beforeAll, describe, expect, it } from 'vitest';
import { base, Visitor, type Envelope } from '../helpers/http';
import { t } from '../../src/i18n';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own accounts (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('catalog-api');
import { solveCaptcha } from '../helpers/captcha';

type Card = { id: number; code: string; url: string; name: string; article: string; price: number; isNew: boolean; sectionId: number };
const v = new Visitor();
let product: Card;
let kit: Card;

const russian = (body: Envelope) => body.status === 'error' && body.errors.length > 0 && body.errors.every((e) => /[а-яё]/i.test(e.message));

beforeAll(async () => {
  product = (await v.get('/web/catalog/filter/clear/apply/?section_code=perforatory-sds-plus')).body.data.items[0];
  const kits = (await v.get('/web/catalog/filter/clear/apply/?section_code=shurupoverty-akkumulyatornye&page_size=100')).body.data.items as Card[];
  kit = kits.find((k) => / \(/.test(k.name))!;
});

describe('listings', () => {
  it('POST api/catalog/section/ {section_code: novinki}', async () => {
    const { res, body } = await v.post('/api/catalog/section/', { section_code: 'novinki' });
    expect(res.status).toBe(200);
    expect(body.data.items.length).toBeGreaterThan(0);
    expect(body.data.items.every((p: Card) => p.isNew)).toBe(true);
    expect(body.data.page_navigation.total).toBeGreaterThanOrEqual(body.data.items.length);
    const leaf = await v.post('/api/catalog/section/', { section_code: 'perforatory-sds-plus', page_size: 5 });
    expect(leaf.body.data.section.CODE).toBe('perforatory-sds-plus');
    expect(leaf.body.data.items).toHaveLength(5);
    // The one page-navigation shape (server/http/paging.ts).
    const nav = leaf.body.data.page_navigation;
    expect(nav).toEqual({ page: 1, page_size: 5, total: nav.total, pages: Math.ceil(nav.total / 5) });
    const missing = await v.post('/api/catalog/section/', {});
    expect(missing.res.status).toBe(422);
    expect(russian(missing.body)).toBe(true);
    expect((await v.post('/api/catalog/section/', { section_code: 'НЕТ ТАКОГО' })).res.status).toBe(422);
    const unknown = await v.post('/api/catalog/section/', { section_code: 'no-such-section' });
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.errors[0]!.message).toBe('Раздел не найден');
  });

  it('GET web/catalog/filter/{filter}/apply/: filters, sort, pages, facets', async () => {
    const all = await v.get('/web/catalog/filter/clear/apply/?section_code=perforatory-sds-plus');
    const brand = all.body.data.filter.facets.brands[0].key;
    const { res, body } = await v.get(`/web/catalog/filter/brand-is-${brand}/price-from-1/apply/?section_code=perforatory-sds-plus&sort=price_asc&page_size=3`);
    expect(res.status).toBe(200);
    const d = body.data;
    expect(d.filter.url).toBe(`/catalog/elektroinstrument/perforatory/perforatory-sds-plus/filter/brand-is-${brand}/price-from-1/apply/`);
    expect(d.items.length).toBeLessThanOrEqual(3);
    expect(d.items.map((p: Card) => p.price)).toEqual([...d.items.map((p: Card) => p.price)].sort((a, b) => a - b));
    expect(d.sort.find((s: { selected: boolean }) => s.selected).by).toBe('price_asc');
    expect(d.page_navigation.total).toBeLessThan(all.body.data.page_navigation.total);
    expect(d.filter.facets.brands.find((b: { key: string }) => b.key === brand).selected).toBe(true);
    // Spec parameters: section_id, action (a promotion), query.
    const byId = await v.get(`/web/catalog/filter/clear/apply/?section_id=${product.sectionId}`);
    expect(byId.body.data.section.ID).toBe(product.sectionId);
    const promo = await v.get('/web/catalog/filter/clear/apply/?action=podarok-k-perforatoru');
    expect(promo.body.data.page_navigation.total).toBeGreaterThan(0);
    // The products are the ones the editor's Markdown references (the SDS-plus section), as on /actions/.
    expect(promo.body.data.items.every((p: Card) => p.name.startsWith('Перфоратор'))).toBe(true);
    const query = await v.get(`/web/catalog/filter/clear/apply/?query=${encodeURIComponent(product.article)}`);
    expect(query.body.data.items.map((p: Card) => p.id)).toContain(product.id);
  });

  it('refuses bad filters and parameters', async () => {
    for (const path of [
      '/web/catalog/filter/brand-is-NOPE/apply/?section_code=perforatory-sds-plus',
      '/web/catalog/filter/brand-is-no-such-brand/apply/?section_code=perforatory-sds-plus',
      '/web/catalog/filter/brand-is-bosch/?section_code=perforatory-sds-plus',
      '/web/catalog/filter/clear/apply/?page_size=1000',
      '/web/catalog/filter/clear/apply/?page=0',
      '/web/catalog/filter/clear/apply/?section_id=abc',
      `/web/catalog/filter/clear/apply/?query=${'x'.repeat(500)}`,
    ]) {
      const { res, body } = await v.get(path);
      expect(res.status, path).toBe(422);
      expect(russian(body), path).toBe(true);
    }
    // Each refused filter says in plain Russian what is wrong, and never repeats what was typed.
    const said = async (filter: string) => {
      const { res, body } = await v.get(`/web/catalog/filter/${filter}/apply/?section_code=perforatory-sds-plus`);
      expect(res.status, filter).toBe(422);
      expect(body.errors.map((e) => e.field), filter).toEqual(['filter']);
      const message = body.errors[0].message as string;
      expect(message, filter).toMatch(/^Некорректный фильтр: [а-яё«]/);
      expect(message, filter).not.toMatch(/[a-z_]{3,}/i);
      return message;
    };
    expect(await said('__proto__')).toBe(`${t('CAT_ERR_FILTER')}: ${t('CAT_ERR_FILTER_SHAPE')}`);
    expect(await said('constructor-is-')).toBe(`${t('CAT_ERR_FILTER')}: ${t('CAT_ERR_FILTER_SHAPE')}`);
    expect(await said('price-from-200-to-100')).toBe(`${t('CAT_ERR_FILTER')}: ${t('CAT_ERR_FILTER_PRICE')}`);
    expect(await said('instock-is-n')).toBe(`${t('CAT_ERR_FILTER')}: ${t('CAT_ERR_FILTER_INSTOCK')}`);
    expect(await said('brand-is-no-such-brand')).toBe(`${t('CAT_ERR_FILTER')}: ${t('CAT_ERR_FILTER_BRAND')}`);
    expect(await said('nosuchprop-is-x')).toBe(`${t('CAT_ERR_FILTER')}: ${t('CAT_ERR_FILTER_PROPERTY')}`);
    expect(await said(Array.from({ length: 40 }, (_, i) => `p${i}-is-x`).join('/'))).toBe(`${t('CAT_ERR_FILTER')}: ${t('CAT_ERR_FILTER_TOO_MANY')}`);
    // An unknown or empty sort is no error: the listing falls back to its default order.
    for (const sort of ['cheap', '']) expect((await v.get(`/web/catalog/filter/clear/apply/?sort=${sort}`)).res.status, `sort=${sort}`).toBe(200);
    const unknown = await v.get('/web/catalog/filter/clear/apply/?section_id=999999');
    expect(unknown.res.status).toBe(404);
    expect((await v.get('/web/catalog/filter/clear/apply/?action=no-such-action')).res.status).toBe(404);
  });

  it('GET web/filter/: facets before anything is chosen, for a section or a line', async () => {
    const s = await v.get('/web/filter/?section_code=perforatory-sds-plus');
    expect(s.body.data.total).toBeGreaterThan(0);
    expect(s.body.data.facets.props.length).toBeGreaterThan(0);
    expect(s.body.data.facets.price.min).toBeLessThanOrEqual(s.body.data.facets.price.max);
    const line = await v.get(`/web/filter/?line_product_id=${kit.id}`);
    expect(line.body.data.total).toBeGreaterThan(1);
    expect(line.body.data.facets.props.map((p: { code: string }) => p.code)).toContain('kit');
    expect((await v.get('/web/filter/?line_product_id=999999')).res.status).toBe(404);
    expect((await v.get('/web/filter/?section_id=-1')).res.status).toBe(422);
  });
});

describe('products', () => {
  it('POST api/catalog/product/ {productId}', async () => {
    const one = await v.post('/api/catalog/product/', { productId: product.id });
    expect(one.body.data.code).toBe(product.code);
    const many = await v.post('/api/catalog/product/', { productId: [product.id, kit.id] });
    expect(many.body.data.map((p: Card) => p.id)).toEqual([product.id, kit.id]);
    expect((await v.post('/api/catalog/product/', { productId: 999999 })).res.status).toBe(404);
    const bad = await v.post('/api/catalog/product/', { productId: 'abc' });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors[0]!.field).toBe('productId');
    expect(russian(bad.body)).toBe(true);
    expect((await v.post('/api/catalog/product/', { productId: Array.from({ length: 101 }, (_, i) => i + 1) })).res.status).toBe(422);
  });

  it('POST api/catalog/find/ {search}: by article first, then by name', async () => {
    const { body } = await v.post('/api/catalog/find/', { search: product.article.toLowerCase() });
    expect(body.data.items[0].id).toBe(product.id);
    const byName = await v.post('/api/catalog/find/', { search: 'перфоратор' });
    expect(byName.body.data.items.length).toBeGreaterThan(0);
    expect((await v.post('/api/catalog/find/', { search: 'x' })).res.status).toBe(422);
    expect((await v.post('/api/catalog/find/', { search: '%_%' })).body.data.items).toEqual([]);
  });

  it('GET api/catalog/similar/?product_id and api/catalog/line/{filter}/apply/?product_id', async () => {
    const similar = await v.get(`/api/catalog/similar/?product_id=${product.id}`);
    expect(similar.body.data.items.length).toBeGreaterThan(0);
    expect(similar.body.data.items.every((p: Card) => p.sectionId === product.sectionId && p.id !== product.id)).toBe(true);
    const line = await v.get(`/api/catalog/line/clear/apply/?product_id=${kit.id}`);
    expect(line.body.data.items.length).toBeGreaterThan(1);
    expect(line.body.data.items.map((p: Card) => p.id)).toContain(kit.id);
    const kitValue = line.body.data.filter.facets.props.find((p: { code: string }) => p.code === 'kit').values.find((x: { count: number }) => x.count > 0).key;
    const filtered = await v.get(`/api/catalog/line/kit-is-${kitValue}/apply/?product_id=${kit.id}`);
    expect(filtered.body.data.items.length).toBe(1);
    expect((await v.get('/api/catalog/line/clear/apply/')).res.status).toBe(422);
    expect((await v.get(`/api/catalog/line/power-is-9/apply/?product_id=${kit.id}`)).res.status).toBe(422);
    expect((await v.get('/api/catalog/similar/?product_id=999999')).res.status).toBe(404);
  });

  it('GET web/product/detail/{code}/ and POST api/product/description/', async () => {
    const { body } = await v.get(`/web/product/detail/${kit.code}/`);
    expect(body.data.product.code).toBe(kit.code);
    expect(body.data.breadcrumbs).toHaveLength(3);
    expect(body.data.line.length).toBeGreaterThan(1);
    expect(body.data.product.stocks.length).toBe(7);
    expect((await v.get('/web/product/detail/no-such-product/')).res.status).toBe(404);
    expect((await v.get('/web/product/detail/Bad_Code/')).res.status).toBe(422);
    const desc = await v.post('/api/product/description/', { code: kit.code });
    expect(desc.body.data.description.length).toBeGreaterThan(20);
    expect(desc.body.data.properties.find((p: { code: string }) => p.code === 'kit')).toBeTruthy();
    expect((await v.post('/api/product/description/', {})).res.status).toBe(422);
  });

  it('POST api/product/expendableMaterials/?page {code, pageSize 7}', async () => {
    const first = await v.post('/api/product/expendableMaterials/', { code: product.code });
    expect(first.body.data.page_navigation.page_size).toBe(7);
    expect(Object.keys(first.body.data.page_navigation).sort()).toEqual(['page', 'page_size', 'pages', 'total']);
    expect(first.body.data.items.length).toBeLessThanOrEqual(7);
    expect(first.body.data.sections.length).toBeGreaterThan(0);
    if (first.body.data.page_navigation.total > 7) {
      const res = await v.raw('/api/product/expendableMaterials/?page=2', { method: 'POST', headers: { 'content-type': 'application/json', origin: base() }, body: JSON.stringify({ code: product.code }) });
      const second = (await res.json()) as Envelope;
      expect(second.data.page_navigation.page).toBe(2);
      expect(second.data.items[0].id).not.toBe(first.body.data.items[0].id);
    }
    const section = first.body.data.sections[0].id;
    const only = await v.post('/api/product/expendableMaterials/', { code: product.code, sectionId: section, pageSize: 50 });
    expect(only.body.data.items.every((p: Card) => p.sectionId === section)).toBe(true);
    expect((await v.post('/api/product/expendableMaterials/', { code: product.code, pageSize: 0 })).res.status).toBe(422);
  });

  it('POST api/product/getcode/ {article} → data.CODE', async () => {
    const { body } = await v.post('/api/product/getcode/', { article: ` ${product.article.toLowerCase()} ` });
    expect(body.data.CODE).toBe(product.code);
    const unknown = await v.post('/api/product/getcode/', { article: 'НЕТ-ТАКОГО' });
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.errors[0]!.message).toBe('Товар не найден');
    expect((await v.post('/api/product/getcode/', { article: '' })).res.status).toBe(422);
  });

  it('POST /api/media/product/ {productId}', async () => {
    const { body } = await v.post('/api/media/product/', { productId: product.id });
    expect(Array.isArray(body.data.items)).toBe(true);
    expect((await v.post('/api/media/product/', { productId: 0 })).res.status).toBe(422);
  });
});

describe('FAQ and price requests', () => {
  it('POST api/product/faq/ and addQuestion: JSON, validation, and a plain form post', async () => {
    const faq = await v.post('/api/product/faq/', { code: product.code });
    expect(Array.isArray(faq.body.data.items)).toBe(true);
    // A public form: without the captcha a valid question is refused, with it it is taken.
    const noCaptcha = await v.post('/api/product/faq/addQuestion/', { questionText: 'Подходит ли для бетона М400?', productName: product.name, email: 'ivan@example.by' });
    expect(noCaptcha.res.status).toBe(422);
    expect(noCaptcha.body.errors[0]!.field).toBe('captcha');
    const added = await v.post('/api/product/faq/addQuestion/', { questionText: 'Подходит ли для бетона М400?', productName: product.name, email: 'ivan@example.by', sessid: 'x', captcha: await solveCaptcha(v) });
    expect(added.body.data.published).toBe(false);
    const bad = await v.post('/api/product/faq/addQuestion/', { questionText: 'Да?', code: product.code, email: 'not-an-email' });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors.map((e) => e.field).sort()).toEqual(['email', 'questionText']);
    expect(bad.body.errors.find((e) => e.field === 'email')!.message).toBe('Email: заполнено неверно');
    const noProduct = await v.post('/api/product/faq/addQuestion/', { questionText: 'Вопрос без товара', email: 'a@b.by', captcha: await solveCaptcha(v) });
    expect(noProduct.res.status).toBe(422);
    const unknown = await v.post('/api/product/faq/addQuestion/', { questionText: 'Вопрос о товаре', email: 'a@b.by', productName: 'Нет такого товара', captcha: await solveCaptcha(v) });
    expect(unknown.res.status).toBe(404);

    const form = (body: Record<string, string>) =>
      v.raw('/api/product/faq/addQuestion/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: base() }, body: new URLSearchParams(body).toString() });
    const ok = await form({ questionText: 'Есть ли в комплекте кейс?', email: 'petr@example.by', code: product.code, back: product.url, captcha: await solveCaptcha(v) });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`${product.url}?sent=question#faq`);
    const page = await (await v.raw(`${product.url}?sent=question`)).text();
    expect(page).toContain('Спасибо! Вопрос отправлен');
    const wrong = await form({ questionText: '', email: 'x', code: product.code, back: 'https://evil.example/' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/?sent=question-error#faq');
    const unsolved = await form({ questionText: 'Есть ли в комплекте кейс?', email: 'petr@example.by', code: product.code, back: product.url });
    expect(unsolved.headers.get('location')).toBe(`${product.url}?sent=question-error#faq`);
  });

  it('POST api/product/requestPrice/: a guest leaves a contact, a signed-in user need not', async () => {
    const noContact = await v.post('/api/product/requestPrice/', { productName: product.name, sessid: 'x' });
    expect(noContact.res.status).toBe(422);
    expect(noContact.body.errors[0]!.field).toBe('contact');
    expect(russian(noContact.body)).toBe(true);
    expect((await v.post('/api/product/requestPrice/', { code: product.code, contact: 'мой телефон' })).res.status).toBe(422);
    expect((await v.post('/api/product/requestPrice/', { code: product.code, contact: '+375 29 123-45-67' })).body.errors[0]!.field).toBe('captcha');
    const ok = await v.post('/api/product/requestPrice/', { code: product.code, contact: '+375 29 123-45-67', captcha: await solveCaptcha(v) });
    expect(ok.body.data.id).toBeGreaterThan(0);
    const user = new Visitor();
    await user.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD });
    const mine = await user.post('/api/product/requestPrice/', { productName: product.name, sessid: 'x', captcha: await solveCaptcha(user) });
    expect(mine.body.status).toBe('success');
    const huge = await v.raw('/api/product/requestPrice/', { method: 'POST', headers: { 'content-type': 'application/json', origin: base() }, body: JSON.stringify({ code: product.code, contact: 'x'.repeat(2_000_000) }) });
    expect(huge.status).toBe(413);
  });
});

describe('brands', () => {
  it('GET web/brands/ and web/brands/{code}/', async () => {
    const all = await v.get('/web/brands/');
    expect(all.res.headers.get('cache-control')).toContain('max-age=3600');
    expect(all.body.data.latin.map((g: { letter: string }) => g.letter)).toContain('B');
    expect(all.body.data.cyrillic.map((g: { letter: string }) => g.letter)).toContain('Б');
    const bosch = await v.get('/web/brands/bosch/?page_size=5&sort=price_desc');
    expect(bosch.body.data.brand.name).toBe('Bosch');
    expect(bosch.body.data.items).toHaveLength(5);
    expect(bosch.body.data.filter.facets.sections.length).toBeGreaterThan(1);
    expect((await v.get('/web/brands/nope/')).res.status).toBe(404);
    expect((await v.get('/web/brands/NOPE!/')).res.status).toBe(422);
  });
});
