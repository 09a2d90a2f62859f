import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { Visitor } from '../helpers/http';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own accounts (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('content');
import { solveCaptcha } from '../helpers/captcha';

const html = async (p: string) => {
  const res = await new Visitor().raw(p);
  return { status: res.status, text: await res.text(), res };
};
const titleOf = (s: string) => s.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
const descriptionOf = (s: string) => s.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '';
const outbox = () => path.join(inject('dataDir'), 'outbox');
const outboxFiles = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : []);
/**
 * Mails of the public forms this file posts (the mail tag in the name: `…-callback-…`, `…-feedback-…`,
 * `…-guarantee-…`). The outbox is shared: other test files send their own mail at the same time, and
 * only this file posts these forms on the shared server.
 */
const formMails = () => outboxFiles().filter((f) => /-(callback|feedback|guarantee)-[a-z0-9]+\.json$/.test(f));

describe('promotions from the Markdown collection', () => {
  it('web/actions/ lists running public promotions, the soonest to end first', async () => {
    const { res, body } = await new Visitor().get('/web/actions/');
    expect(res.status).toBe(200);
    const codes = body.data.items.map((p: { code: string }) => p.code);
    expect(codes).toContain('krugi-po-cene-zavoda');
    // Ended and contractors-only promotions are not in the public list.
    expect(codes).not.toContain('letnij-sezon-sadovoj-tehniki');
    expect(codes).not.toContain('skidka-kontragentam-na-raskhodniki');
    const ends = body.data.items.map((p: { endsAt: string }) => Date.parse(p.endsAt));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    for (const p of body.data.items) expect(Date.parse(p.startsAt)).toBeLessThanOrEqual(Date.now());
    expect(body.data.pageNavigation).toEqual({ page: 1, page_size: 12, total: codes.length, pages: 1 });
  });

  it('web/actions/ rejects a bad page in Russian', async () => {
    const { res, body } = await new Visitor().get('/web/actions/?page=abc');
    expect(res.status).toBe(422);
    expect(body.errors[0]).toMatchObject({ code: 102, field: 'page' });
    expect(body.errors[0].message).toMatch(/^Страница: /);
  });

  it('web/actions/{code}/ has dates, time left, the text and the products of the referenced section', async () => {
    const { body } = await new Visitor().get('/web/actions/krugi-po-cene-zavoda/');
    expect(body.data.state).toBe('active');
    expect(body.data.timeLeft.totalMs).toBeGreaterThan(0);
    expect(body.data.html).toContain('/circles/');
    expect(body.data.products.length).toBeGreaterThan(0);
    for (const p of body.data.products) expect(p.name).toMatch(/^Круг отрезной/);
  });

  it('an ended promotion keeps its page but shows no products; contractors-only and unknown ones are 404', async () => {
    const ended = await new Visitor().get('/web/actions/letnij-sezon-sadovoj-tehniki/');
    expect(ended.body.data).toMatchObject({ state: 'ended', products: [] });
    expect((await html('/actions/letnij-sezon-sadovoj-tehniki/')).text).toContain('Акция завершена');
    expect((await new Visitor().get('/web/actions/skidka-kontragentam-na-raskhodniki/')).res.status).toBe(404);
    const unknown = await new Visitor().get('/web/actions/no-such-promo/');
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe(104);
    expect((await html('/actions/no-such-promo/')).status).toBe(404);
  });

  it('a contractors-only promotion is shown to a signed-in contractor, not to a retail customer', async () => {
    const code = 'skidka-kontragentam-na-raskhodniki';
    const contractor = new Visitor();
    expect((await contractor.post('/api/authentication/', { login: acc.employee.email, password: PASSWORD })).body.status).toBe('success');
    const seen = await contractor.get(`/web/actions/${code}/`);
    expect(seen.body.data).toMatchObject({ code, forContractors: true, state: 'active' });
    expect(seen.body.data.products.length).toBeGreaterThan(0);
    const page = await contractor.raw(`/actions/${code}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<meta name="robots" content="noindex');
    const retail = new Visitor();
    await retail.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD });
    expect((await retail.get(`/web/actions/${code}/`)).res.status).toBe(404);
  });

  it('the home page shows the newest running promotions, /actions/ all of them', async () => {
    const { body } = await new Visitor().get('/web/actions/');
    const main = await new Visitor().get('/web/main/');
    type P = { code: string; startsAt: string; endsAt: string };
    const newest = [...(body.data.items as P[])].sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt) || Date.parse(a.endsAt) - Date.parse(b.endsAt));
    expect(main.body.data.promotions.map((p: P) => p.code)).toEqual(newest.slice(0, 4).map((p) => p.code));
    const home = (await html('/')).text;
    for (const p of main.body.data.promotions) expect(home).toContain(`href="/actions/${p.code}/"`);
    const list = (await html('/actions/')).text;
    for (const p of body.data.items) expect(list).toContain(`href="/actions/${p.code}/"`);
  });

  it('a promotion page has a countdown and WebPage + OfferCatalog JSON-LD, not SaleEvent (a sale is no event)', async () => {
    const page = (await html('/actions/krugi-po-cene-zavoda/')).text;
    expect(page).toContain('До конца акции');
    expect(page).not.toContain('SaleEvent');
    const ld = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)).find((x) => x['@type'] === 'WebPage');
    expect(ld).toBeTruthy();
    expect(ld.mainEntity['@type']).toBe('OfferCatalog');
    expect(ld.mainEntity.itemListElement.length).toBeGreaterThan(0);
    for (const o of ld.mainEntity.itemListElement) {
      expect(o).toMatchObject({ '@type': 'Offer', priceCurrency: 'BYN', priceValidUntil: ld.expires.slice(0, 10) });
      expect(Number(o.price)).toBeGreaterThan(0);
      expect(o.itemOffered.name).toBeTruthy();
    }
  });
});

describe('media', () => {
  it('materials, video and social are separate lists', async () => {
    const v = new Visitor();
    const [m, vid, soc] = await Promise.all([v.get('/web/media/materials/'), v.get('/web/media/video/'), v.get('/web/media/social/')]);
    expect(m.body.data.items.length).toBeGreaterThan(0);
    expect(m.body.data.items.every((i: { kind: string }) => i.kind === 'material')).toBe(true);
    expect(vid.body.data.items.every((i: { kind: string }) => i.kind === 'video')).toBe(true);
    expect(soc.body.data.items.every((i: { kind: string; detailUrl: null }) => i.kind === 'social' && i.detailUrl === null)).toBe(true);
  });

  it('materials/{code}/ and the /media/{slugPrint}/ page; the file itself downloads', async () => {
    const { body } = await new Visitor().get('/web/media/materials/katalog-elektroinstrumenta-2026/');
    expect(body.data).toMatchObject({ kind: 'material', url: '/media-files/katalog-2026.pdf' });
    expect(body.data.products.length).toBeGreaterThan(0);
    const page = await html('/media/katalog-elektroinstrumenta-2026/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/media-files/katalog-2026.pdf"');
    const pdf = await new Visitor().raw('/media-files/katalog-2026.pdf');
    expect(pdf.status).toBe(200);
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
    expect((await new Visitor().get('/web/media/materials/instagram/')).res.status).toBe(404);
  });

  it('POST /api/media/product/ finds the video about a product’s section; bad and unknown ids are 4xx', async () => {
    const v = new Visitor();
    const detail = await v.get('/web/media/materials/kak-vybrat-perforator/');
    const productId = detail.body.data.products[0].id;
    const { body } = await v.post('/api/media/product/', { productId });
    expect(body.data.items.map((i: { code: string }) => i.code)).toContain('kak-vybrat-perforator');
    const bad = await v.post('/api/media/product/', { productId: 'x' });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors[0].message).toMatch(/^Товар: /);
    expect((await v.post('/api/media/product/', { productId: 999999 })).res.status).toBe(404);
  });
});

describe('info pages', () => {
  const pages = ['/advantages/', '/agreement/', '/political/', '/garant/', '/dostavka-i-oplata/', '/o-kompanii/', '/media/', '/actions/', '/filial/', '/where-buy/', '/circles/', '/callback/', '/callback/opt/', '/request-feedback/', '/guaranty-register/'];

  it('render in Russian with unique titles and descriptions', async () => {
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const p of pages) {
      const { status, text } = await html(p);
      expect(status, p).toBe(200);
      expect(text).toContain('<html lang="ru"');
      const title = titleOf(text);
      const description = descriptionOf(text);
      expect(title, p).toMatch(/[а-яё]/i);
      expect(description.length, p).toBeGreaterThan(40);
      expect(seen.titles.has(title), `${p} title is unique`).toBe(false);
      expect(seen.descriptions.has(description), `${p} description is unique`).toBe(false);
      seen.titles.add(title);
      seen.descriptions.add(description);
    }
  });

  it('ship no island of their own except the map and the forms', async () => {
    const islands = async (p: string) => [...(await html(p)).text.matchAll(/component-url="\/_astro\/([A-Za-z]+)\./g)].map((m) => m[1]).filter((n) => !['HeaderCounters', 'SearchOverlay', 'ProductActions'].includes(n!)); // header islands are on every page
    for (const p of ['/advantages/', '/agreement/', '/political/', '/garant/', '/media/', '/actions/']) expect(await islands(p), p).toEqual([]);
    // Product cards bring their buttons' one island per page (hydrated on first use), as on a listing.
    expect(await islands('/circles/')).toEqual(['CardActionsController']);
    expect(await islands('/filial/')).toEqual(['ContentMap']);
    expect(await islands('/callback/')).toEqual(['PublicForm']);
  });

  it('the catch-all serves content pages and answers 404 for anything else', async () => {
    expect((await html('/dostavka-i-oplata/')).text).toContain('Самовывоз');
    expect((await html('/no-such-page-here/')).status).toBe(404);
    expect((await html('/callback/unknown-topic/')).status).toBe(404);
  });

  it('/circles/ filters discs by tool, diameter and material, without JavaScript', async () => {
    const saws = (await html('/circles/?tool=pila')).text;
    const diameter = saws.match(/name="diameter"[^>]*><option value=""[^>]*>[^<]*<\/option><option value="(\d+)"/)?.[1];
    expect(diameter).toBeDefined();
    const { text } = await html(`/circles/?tool=pila&diameter=${diameter}`);
    const names = [...text.matchAll(/class="card__name" href="[^"]+"[^>]*>([^<]+)</g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toMatch(new RegExp(`^Диск пильный .* ${diameter} мм`));
    const none = await html('/circles/?tool=pila&material=%D0%BA%D0%B0%D0%BC%D0%B5%D0%BD%D1%8C');
    expect(none.text).toContain('Под выбранные параметры ничего нет');
  });
});

describe('branches', () => {
  it('web/affiliates/ lists every branch and is cached for an hour', async () => {
    const { res, body } = await new Visitor().get('/web/affiliates/');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(body.data.items).toHaveLength(7);
    expect(body.data.items[0]).toMatchObject({ code: 'minsk', url: '/filial/minsk/' });
    expect(body.data.items.every((b: { productsInStock: number }) => b.productsInStock > 0)).toBe(true);
  });

  it('web/affiliates/{code}/ by code or id: sections and products in stock there', async () => {
    const v = new Visitor();
    const byCode = await v.get('/web/affiliates/gomel/');
    const byId = await v.get(`/web/affiliates/${byCode.body.data.id}/`);
    expect(byId.body.data.code).toBe('gomel');
    const d = byCode.body.data;
    expect(d.sections.reduce((s: number, x: { products: number }) => s + x.products, 0)).toBe(d.productsInStock);
    expect(d.products.length).toBeGreaterThan(0);
    expect(d.products.every((p: { quantityHere: number }) => p.quantityHere > 0)).toBe(true);
    expect((await v.get('/web/affiliates/atlantis/')).res.status).toBe(404);
  });

  it('/filial/ lists branches without JavaScript with LocalBusiness JSON-LD; /filial/{id}/ redirects to the code', async () => {
    const { text } = await html('/filial/');
    for (const city of ['Минске', 'Гомеле', 'Бресте', 'Гродно', 'Витебске', 'Могилёве', 'Бобруйске']) expect(text).toContain(`Филиал в ${city}`);
    expect(text).toContain('"@type":"HardwareStore"');
    expect(text).toContain('"openingHours":["Mo-Fr 08:30-19:00","Sa 09:00-16:00"]');
    const r = await new Visitor().raw('/filial/1/');
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe('/filial/minsk/');
    expect((await html('/filial/minsk/')).text).toContain('Популярные товары в наличии');
  });
});

describe('where to buy', () => {
  it('items, allStores, shopsCount and pageNavigation, cached for an hour', async () => {
    const { res, body } = await new Visitor().get('/web/where_to_buy/');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const d = body.data;
    expect(d.items).toHaveLength(10);
    expect(d.shopsCount.all).toBe(d.shopsCount.online + d.shopsCount.offline);
    expect(d.pageNavigation).toMatchObject({ page: 1, page_size: 10, total: d.shopsCount.all });
    expect(d.allStores).toHaveLength(d.shopsCount.offline);
    const page2 = await new Visitor().get('/web/where_to_buy/?page=2');
    expect(page2.body.data.items[0].id).not.toBe(d.items[0].id);
  });

  it('by=online and city filters', async () => {
    const online = await new Visitor().get('/web/where_to_buy/?by=online');
    expect(online.body.data.items.length).toBeGreaterThan(0);
    expect(online.body.data.items.every((s: { kind: string }) => s.kind === 'online')).toBe(true);
    expect(online.body.data.allStores).toEqual([]);
    const minsk = await new Visitor().get(`/web/where_to_buy/?by=offline&city=${encodeURIComponent('Минск')}`);
    expect(minsk.body.data.items.length).toBeGreaterThan(0);
    expect(minsk.body.data.items.every((s: { city: string; kind: string }) => s.city === 'Минск' && s.kind === 'offline')).toBe(true);
    const page = await html(`/where-buy/?city=${encodeURIComponent('Минск')}&by=offline`);
    expect(page.text).toContain(`Найдено: ${minsk.body.data.pageNavigation.total}`);
  });

  it('bad parameters get a Russian 422', async () => {
    const { res, body } = await new Visitor().get('/web/where_to_buy/?by=shop&page=-1');
    expect(res.status).toBe(422);
    const fields = Object.fromEntries(body.errors.map((e) => [e.field, e.message]));
    expect(fields.by).toMatch(/^Тип магазина: /);
    expect(fields.page).toMatch(/^Страница: /);
  });
});

describe('public forms', () => {
  it('bad input: Russian field errors, nothing stored or sent', async () => {
    const v = new Visitor();
    const first = await v.post('/api/forms/callback/', { name: 'Иван', phone: '+375 29 123-45-67', topic: 'zakaz', captcha: await solveCaptcha(v) });
    expect(first.body.status).toBe('success');
    const before = formMails().length;
    const bad = await v.post('/api/forms/callback/', { name: '', phone: '12ab', topic: 'nope', captcha: await solveCaptcha(v) });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors).toEqual([
      { code: 102, field: 'name', message: 'Имя: обязательное поле' },
      { code: 102, field: 'phone', message: 'Телефон: заполнено неверно' },
      { code: 102, field: 'topic', message: 'Тема: выберите тему из списка' },
    ]);
    const huge = await v.post('/api/forms/feedback/', { name: 'a'.repeat(5000), email: 'x@y.by', message: 'b', captcha: 'c' });
    expect(huge.body.errors[0]).toMatchObject({ field: 'name', message: 'Имя: не длиннее 100 символов' });
    const wrongType = await v.post('/api/guarantee/addRequest/', { product: 5, serial: ['x'], purchaseDate: '2099-01-01', shop: 'Минск', name: 'А', phone: '+375291234567', email: 'a@b.by', captcha: 'c' });
    expect(wrongType.body.errors.map((e) => e.field)).toEqual(['product', 'serial', 'purchaseDate']);
    expect(wrongType.body.errors[2].message).toBe('Дата покупки: дата не может быть в будущем');
    expect(formMails().length).toBe(before);
    // No row was inserted in between: the next number follows the first one.
    const next = await v.post('/api/forms/callback/', { name: 'Иван', phone: '80291234567', captcha: await solveCaptcha(v) });
    expect(next.body.data.id).toBe(first.body.data.id + 1);
  });

  it('the captcha is required, must be solved and cannot be replayed', async () => {
    const v = new Visitor();
    const good = { name: 'Ольга', email: 'olga@мастер.бел', message: 'Есть ли доставка в Лиду?' };
    const missing = await v.post('/api/forms/feedback/', good);
    expect(missing.body.errors).toEqual([{ code: 102, field: 'captcha', message: expect.stringMatching(/^Проверка на робота: /) }]);
    const forged = await v.post('/api/forms/feedback/', { ...good, captcha: Buffer.from('{"challenge":{"parameters":{}},"solution":{"counter":1,"derivedKey":"00"}}').toString('base64') });
    expect(forged.res.status).toBe(422);
    const captcha = await solveCaptcha(v);
    expect((await v.post('/api/forms/feedback/', { ...good, captcha })).body.status).toBe('success');
    const replay = await v.post('/api/forms/feedback/', { ...good, captcha });
    expect(replay.res.status).toBe(422);
    expect(replay.body.errors[0].field).toBe('captcha');
  });

  it('a good warranty registration is stored, e-mailed to the outbox and points to the confirmation', async () => {
    const v = new Visitor();
    const before = new Set(formMails());
    const { res, body } = await v.post('/api/guarantee/addRequest/', {
      product: 'Шуруповёрт Bosch GSR 18V-55',
      serial: 'SN-2026/00417',
      purchaseDate: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
      shop: 'Филиал в Минске',
      name: 'Пётр Сидоров',
      phone: '+375 29 765-43-21',
      email: 'petr@example.by',
      captcha: await solveCaptcha(v),
    });
    expect(res.status).toBe(200);
    expect(body.data.redirect).toBe(`/guaranty-response/?n=${body.data.id}`);
    const added = formMails().filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    const mail = JSON.parse(fs.readFileSync(path.join(outbox(), added[0]!), 'utf8'));
    expect(mail.subject).toBe(`Регистрация гарантии №${body.data.id}: Шуруповёрт Bosch GSR 18V-55`);
    expect(mail.to[0].address).toBe('info@instrument.by');
    expect(mail.replyTo[0].address).toBe('petr@example.by');
    expect(mail.text).toContain('Серийный номер: SN-2026/00417');
    const confirmation = await html(body.data.redirect);
    expect(confirmation.text).toContain(`№${body.data.id}`);
  });

  it('web/guarantee/ describes the terms and the service centres', async () => {
    const { body } = await new Visitor().get('/web/guarantee/');
    expect(body.data.terms.map((t: { code: string }) => t.code)).toEqual(['1', '3', '3big']);
    expect(body.data.serviceCenters).toHaveLength(7);
    expect(body.data.addRequest).toBe('/api/guarantee/addRequest/');
  });
});
