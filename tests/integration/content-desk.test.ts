/**
 * Editors publish from the desk (issue 25), over HTTP against the built server: the save, list,
 * remove and restore calls with their guard (guest 101, customer and a manager without `content`
 * 403), drafts previewed at their real address by staff only, scheduled start and end flipping by
 * themselves (cached pages included), every act in the journal, and bad input — a script in the
 * Markdown, a 50 MB and a 59-megapixel picture, a taken address, the end before the start, a picture
 * without alt text — each a Russian 4xx with nothing saved. Every entry here has a code of its own
 * (`it-<run>-…`); it signs in as its own set's editor, manager and retail customer.
 */
import http from 'node:http';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { base, Visitor } from '../helpers/http';
import { signedIn } from '../helpers/requests';
import { fixture, PASSWORD } from '../helpers/fixtures';

const acc = fixture('content-desk');

const run = Date.now().toString(36);
const code = (name: string) => `it-${run}-${name}`;
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let editor: Visitor;
let manager: Visitor;
let customer: Visitor;

const page = (c: string, over: Record<string, unknown> = {}) => ({ kind: 'page', code: c, title: `Страница ${c}`, preview: 'Описание страницы для поисковиков, не короче двадцати символов.', body: 'Текст **страницы**.', status: 'published', ...over });
const promotion = (c: string, over: Record<string, unknown> = {}) => ({
  kind: 'promotion', code: c, title: `Акция ${c}`, preview: 'Скидка на всё.', body: 'Условия акции.', starts: iso(-3_600_000), ends: iso(86_400_000), status: 'published', ...over,
});
const guestHtml = async (path: string) => {
  const res = await new Visitor().raw(path);
  return { status: res.status, cache: res.headers.get('x-cache'), text: await res.text() };
};
const listed = async (q: string) => (await editor.get(`/api/desk/content/list/?q=${encodeURIComponent(q)}`)).body.data;

/** A multipart upload to api/desk/content/upload/ as the editor island sends it. */
async function upload(v: Visitor, bytes: Uint8Array, alt: string, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart], { type }), 'picture.png');
  form.append('alt', alt);
  const res = await v.raw('/api/desk/content/upload/', { method: 'POST', headers: { origin: base() }, body: form });
  return { res, body: await res.json() };
}

/** Until `check` holds (polling every 100 ms), or throws after `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
  return Date.now() - started;
}

beforeAll(async () => {
  [editor, manager, customer] = await Promise.all([signedIn(acc.editor.email), signedIn(acc.staff.email), signedIn(acc.retail.email)]);
});

describe('who may edit content', () => {
  it('a guest gets 101, a customer and a manager without `content` get 403 from every call; nothing is saved', async () => {
    const c = code('guard');
    const calls = (v: Visitor) => [v.post('/api/desk/content/save/', page(c)), v.post('/api/desk/content/remove/', { kind: 'page', code: c }), v.get('/api/desk/content/list/'), v.post('/api/desk/content/restore/', { kind: 'page', code: c, revision: 1 })];
    for (const r of await Promise.all(calls(new Visitor()))) expect([r.res.status, r.body.errors[0].code]).toEqual([401, 101]);
    for (const r of await Promise.all(calls(customer))) expect([r.res.status, r.body.errors[0].message]).toEqual([403, 'Раздел доступен только сотрудникам магазина']);
    for (const r of await Promise.all(calls(manager))) {
      expect(r.res.status).toBe(403);
      expect(r.body.errors[0].message).toMatch(/^Публиковать контент может только редактор/);
    }
    expect((await manager.raw('/desk/content/')).status).toBe(403);
    expect((await listed(c)).page_navigation.total).toBe(0);
    expect((await guestHtml(`/${c}/`)).status).toBe(404);
  });

  it('staff land on the desk after login; an editor’s desk opens on the content, without the orders', async () => {
    const v = new Visitor();
    const { body } = await v.post('/api/authentication/', { login: acc.editor.email, password: PASSWORD });
    expect(body.data.landing).toBe('/desk/');
    const desk = await editor.raw('/desk/');
    expect([desk.status, desk.headers.get('location')]).toEqual([302, '/desk/content/']);
    expect((await editor.raw('/desk/orders/')).status).toBe(403);
    const list = await (await editor.raw('/desk/content/')).text();
    expect(list).toContain('href="/desk/content/"');
    expect(list).not.toContain('href="/desk/orders/"');
    expect((await customer.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD })).body.data.landing).toBe('/personal/');
  });
});

describe('save, list, preview, publish, remove', () => {
  it('a draft is 404 for guests and shown to staff under «Черновик»; publishing makes it public; the journal has both', async () => {
    const c = code('draft');
    const saved = await editor.post('/api/desk/content/save/', page(c, { status: 'draft' }));
    expect(saved.res.status).toBe(200);
    expect(saved.body.data).toMatchObject({ url: `/${c}/`, state: 'draft' });
    expect(typeof saved.body.data.id).toBe('number');
    expect((await guestHtml(`/${c}/`)).status).toBe(404);
    const preview = await (await editor.raw(`/${c}/`)).text();
    expect(preview).toContain('Черновик');
    expect(preview).toContain('<strong>страницы</strong>');

    expect((await editor.post('/api/desk/content/save/', page(c))).body.data.state).toBe('published');
    await until(async () => (await guestHtml(`/${c}/`)).status === 200, 3000, 'published page');
    const live = await guestHtml(`/${c}/`);
    expect(live.text).not.toContain('Черновик');
    expect(live.text).toContain(`<title>Страница ${c}`);

    const log = await (await editor.raw('/desk/log/')).text();
    expect(log).toContain(`«Страница ${c}»`);
    expect(log).toMatch(/Алина Ковальчук<\/b>: опубликовано/);
    expect(log).toMatch(/Алина Ковальчук<\/b>: сохранён черновик/);

    expect((await editor.post('/api/desk/content/save/', page(c, { status: 'draft' }))).body.data.state).toBe('draft');
    await until(async () => (await guestHtml(`/${c}/`)).status === 404, 3000, 'unpublished page');
    expect(await (await editor.raw('/desk/log/')).text()).toMatch(/снято с публикации/);
  });

  it('the list searches, filters by kind and status and pages in the spec’s shape', async () => {
    const [a, b] = [code('list-a'), code('list-b')];
    await editor.post('/api/desk/content/save/', page(a));
    await editor.post('/api/desk/content/save/', promotion(b, { status: 'draft' }));
    const all = await listed(`it-${run}-list`);
    expect(all.items.map((i: { code: string }) => i.code).sort()).toEqual([a, b]);
    expect(all.page_navigation).toEqual({ page: 1, page_size: 20, total: 2, pages: 1 });
    const drafts = (await editor.get(`/api/desk/content/list/?q=it-${run}-list&state=draft`)).body.data;
    expect(drafts.items.map((i: { code: string; state: string; kind: string }) => [i.code, i.state, i.kind])).toEqual([[b, 'draft', 'promotion']]);
    const pages = (await editor.get(`/api/desk/content/list/?q=it-${run}-list&kind=page&state=published`)).body.data;
    expect(pages.items.map((i: { code: string }) => i.code)).toEqual([a]);
    const second = (await editor.get(`/api/desk/content/list/?q=it-${run}-list&page=2&page_size=1`)).body.data;
    expect(second.page_navigation).toEqual({ page: 2, page_size: 1, total: 2, pages: 2 });
    expect(second.items).toHaveLength(1);
    // The imported demo content is there too.
    expect((await editor.get('/api/desk/content/list/?q=garant')).body.data.items[0]).toMatchObject({ code: 'garant', kind: 'page', state: 'published', url: '/garant/' });
    const html = await (await editor.raw(`/desk/content/?q=it-${run}-list&kind=promotion`)).text();
    expect(html).toContain(`/desk/content/edit/?kind=promotion&amp;code=${b}`);
    expect(html).not.toContain(`code=${a}"`);
  });

  it('remove: the page is gone for guests, the list no longer has it, the journal keeps who removed it', async () => {
    const c = code('remove');
    await editor.post('/api/desk/content/save/', page(c));
    await until(async () => (await guestHtml(`/${c}/`)).status === 200, 3000, 'published');
    const r = await editor.post('/api/desk/content/remove/', { kind: 'page', code: c });
    expect(r.body.data).toEqual({ removed: true });
    await until(async () => (await guestHtml(`/${c}/`)).status === 404, 3000, 'removed');
    expect((await listed(c)).page_navigation.total).toBe(0);
    expect(await (await editor.raw('/desk/log/')).text()).toMatch(new RegExp(`удалено — <a [^>]*>«Страница ${c}»`));
    const again = await editor.post('/api/desk/content/remove/', { kind: 'page', code: c });
    expect([again.res.status, again.body.errors[0].message]).toEqual([404, 'Такой записи нет']);
  });

  it('media: saved with a cover, listed in web/media/materials/, its page shows the cover', async () => {
    const c = code('media');
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } } }).png().toBuffer();
    const up = await upload(editor, png, 'Обложка каталога');
    expect(up.res.status).toBe(200);
    const saved = await editor.post('/api/desk/content/save/', { kind: 'media', code: c, title: `Каталог ${c}`, preview: 'Новый каталог.', body: 'О каталоге.', status: 'published', mediaKind: 'material', url: '/media-files/katalog-2026.pdf', imageId: up.body.data.id, imageAlt: 'Обложка каталога' });
    expect(saved.body.data.url).toBe(`/media/${c}/`);
    await until(async () => (await new Visitor().get('/web/media/materials/')).body.data.items.some((i: { code: string }) => i.code === c), 3000, 'media listed');
    const detail = (await new Visitor().get(`/web/media/materials/${c}/`)).body.data;
    expect(detail).toMatchObject({ code: c, kind: 'material', cover: `/img/c/${up.body.data.id}/480.webp` });
    const img = await new Visitor().raw(`/img/c/${up.body.data.id}/240.webp`);
    expect([img.status, img.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).width).toBe(240);
    expect((await new Visitor().raw(`/img/c/${up.body.data.id}/241.webp`)).status).toBe(404);
  });
});

describe('revisions', () => {
  it('every save is a revision; an older one is restored (as a new revision) and is what guests see', async () => {
    const c = code('rev');
    await editor.post('/api/desk/content/save/', page(c, { title: 'Первая редакция', body: 'Старый текст.' }));
    await editor.post('/api/desk/content/save/', page(c, { title: 'Вторая редакция', body: 'Новый текст.' }));
    const form = await (await editor.raw(`/desk/content/edit/?kind=page&code=${c}`)).text();
    expect(form).toContain('История правок');
    const revisions = [...form.matchAll(/name="revision" value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(revisions).toHaveLength(1); // the current one has no button
    const restored = await editor.post('/api/desk/content/restore/', { kind: 'page', code: c, revision: revisions[0] });
    expect(restored.body.data).toMatchObject({ url: `/${c}/`, state: 'published' });
    await until(async () => (await guestHtml(`/${c}/`)).text.includes('Старый текст.'), 3000, 'restored text');
    expect((await guestHtml(`/${c}/`)).text).toContain('<title>Первая редакция');
    const after = await (await editor.raw(`/desk/content/edit/?kind=page&code=${c}`)).text();
    expect([...after.matchAll(/name="revision" value="(\d+)"/g)]).toHaveLength(2);
    expect(await (await editor.raw('/desk/log/')).text()).toMatch(/восстановлена редакция/);
    // Another entry's revision is not this one's.
    const other = code('rev-other');
    await editor.post('/api/desk/content/save/', page(other));
    const foreign = await editor.post('/api/desk/content/restore/', { kind: 'page', code: other, revision: revisions[0] });
    expect([foreign.res.status, foreign.body.errors[0].message]).toEqual([404, 'Такой редакции нет']);
  });
});

describe('scheduled start and end flip by themselves, cached pages too', () => {
  it('a promotion scheduled a few seconds ahead appears on its page and in /actions/ at its start, ends at its end', { timeout: 40_000 }, async () => {
    const c = code('sched');
    const startsIn = 4000;
    const saved = await editor.post('/api/desk/content/save/', promotion(c, { starts: iso(startsIn), ends: iso(startsIn + 5000) }));
    expect(saved.body.data.state).toBe('scheduled');
    const t0 = Date.now();
    expect((await guestHtml(`/actions/${c}/`)).status).toBe(404);
    // /actions/ cached for guests before the start…
    await guestHtml('/actions/');
    expect((await guestHtml('/actions/')).text).not.toContain(`/actions/${c}/`);
    expect((await editor.raw(`/actions/${c}/`)).status).toBe(200); // staff preview
    // …lists it once it starts, with nobody saving anything.
    await until(async () => (await guestHtml('/actions/')).text.includes(`/actions/${c}/`), startsIn + 3000, 'listed at start');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(startsIn - 1000);
    expect((await guestHtml(`/actions/${c}/`)).text).toContain('До конца акции');
    await until(async () => (await guestHtml(`/actions/${c}/`)).text.includes('Акция завершена'), 9000, 'ended');
    expect((await guestHtml('/actions/')).text).not.toContain(`/actions/${c}/`);
  });

  it('an info page cached for guests is dropped when its end passes', { timeout: 30_000 }, async () => {
    const c = code('ends');
    await editor.post('/api/desk/content/save/', page(c, { ends: iso(4000) }));
    await until(async () => (await guestHtml(`/${c}/`)).cache === 'HIT', 3000, 'cached');
    await until(async () => (await guestHtml(`/${c}/`)).status === 404, 7000, 'gone at its end');
  });
});

/** A multipart upload declaring `bytes` and sending the first megabyte: the answer comes before the rest. */
function declaredUpload(v: Visitor, bytes: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL('/api/desk/content/upload/', base());
    const boundary = 'x-boundary-x';
    const req = http.request(url, { method: 'POST', headers: { origin: base(), cookie: [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; '), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(bytes) } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', () => {}); // the server closes after refusing; a late write may fail
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    req.write(Buffer.alloc(1024 * 1024));
    setTimeout(() => reject(new Error('no answer in 15 s')), 15_000);
  });
}

describe('bad input: a clear Russian 4xx, nothing saved', () => {
  it('a <script> in the Markdown is removed, links to javascript: lose their address', async () => {
    const c = code('xss');
    const body = 'Текст <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[ссылка](javascript:alert(1)) <a href="jav&#x61;script:alert(2)">b</a>\n\n<iframe src="https://evil.example"></iframe>';
    await editor.post('/api/desk/content/save/', page(c, { body }));
    const { text } = await guestHtml(`/${c}/`);
    expect(text).toContain('Текст');
    for (const bad of ['alert(1)', 'alert(2)', 'onerror', 'javascript:', '<iframe', 'evil.example']) expect(text, bad).not.toContain(bad);
    const preview = await editor.post('/api/desk/content/preview/', { body });
    expect(preview.body.data.html).not.toMatch(/script|onerror|javascript:/);
  });

  it('a 50 MB picture and a 59-megapixel PNG are refused; a picture needs its description', { timeout: 30_000 }, async () => {
    const big = await declaredUpload(editor, 50 * 1024 * 1024);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.text).errors[0].message).toMatch(/^Картинка: файл больше 15 МБ/);
    const huge = await sharp({ create: { width: 7700, height: 7700, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png().toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    const pixels = await upload(editor, huge, 'Белый лист');
    expect(pixels.res.status).toBe(413);
    expect(pixels.body.errors[0].message).toMatch(/^Картинка: 7700×7700 \(59 Мп\) — слишком большая/);
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const noAlt = await upload(editor, small, '  ');
    expect([noAlt.res.status, noAlt.body.errors[0].field, noAlt.body.errors[0].message]).toEqual([422, 'alt', 'Описание картинки: обязательно — опишите, что на картинке (его читают незрячие посетители)']);
    const notImage = await upload(editor, Buffer.from('%PDF-1.4 not a picture'), 'Документ');
    expect(notImage.res.status).toBe(415);
    const good = await upload(editor, small, 'Тёмный прямоугольник');
    const c = code('alt');
    const withoutAlt = await editor.post('/api/desk/content/save/', promotion(c, { imageId: good.body.data.id }));
    expect([withoutAlt.res.status, withoutAlt.body.errors[0].field]).toEqual([422, 'imageAlt']);
    expect(withoutAlt.body.errors[0].message).toBe('Описание картинки: обязательно — опишите, что на картинке (его читают незрячие посетители)');
    const inText = await editor.post('/api/desk/content/save/', promotion(c, { body: 'Смотрите: ![](/img/c/1/640.webp)' }));
    expect([inText.res.status, inText.body.errors[0].field]).toEqual([422, 'body']);
    expect((await listed(c)).page_navigation.total).toBe(0);
  });

  it('an address taken by a store route or a product: «адрес уже занят»', async () => {
    const taken = await editor.post('/api/desk/content/save/', page('catalog'));
    expect([taken.res.status, taken.body.errors[0].field]).toEqual([409, 'code']);
    expect(taken.body.errors[0].message).toMatch(/^Адрес: адрес уже занят — \/catalog\/ ведёт на раздел сайта/);
    const hit = (await new Visitor().get('/web/main/')).body.data.hits[0].url as string;
    const productCode = hit.replace(/\//g, '');
    const product = await editor.post('/api/desk/content/save/', page(productCode));
    expect([product.res.status, product.body.errors[0].message]).toEqual([409, `Адрес: адрес уже занят — /${productCode}/ ведёт на товар каталога; выберите другой`]);
    const bad = await editor.post('/api/desk/content/save/', page('Не латиница'));
    expect([bad.res.status, bad.body.errors[0].message]).toEqual([422, 'Адрес: латинские буквы в нижнем регистре, цифры и дефис']);
    expect((await editor.get('/api/desk/content/list/?q=catalog&kind=page')).body.data.page_navigation.total).toBe(0);
  });

  it('the end before the start, a promotion without dates, a bad date, a discount with both percent and price', async () => {
    const c = code('dates');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ starts: iso(86_400_000), ends: iso(3_600_000) }, 'ends', /^Окончание: должно быть позже начала$/],
      [{ starts: null, ends: null }, 'starts', /^Начало: для акции укажите начало и окончание$/],
      [{ starts: '31.12.2026' }, 'starts', /^Начало: дата и время в формате/],
      [{ discount: { percent: 15, price: 10, brands: ['bosch'] } }, 'discount', /^Скидка: укажите либо процент, либо цену$/],
      [{ discount: { percent: 95 } }, 'discount.percent', /^Скидка, %: /],
    ];
    for (const [over, field, message] of cases) {
      const r = await editor.post('/api/desk/content/save/', promotion(c, over));
      expect(r.res.status, JSON.stringify(over)).toBe(422);
      expect(r.body.errors[0].field).toBe(field);
      expect(r.body.errors[0].message).toMatch(message);
    }
    expect((await listed(c)).page_navigation.total).toBe(0);
  });

  it('a promotion’s discount is kept as saved; a date without an offset is Minsk time', async () => {
    const c = code('discount');
    // A draft: a published rule would reprice the shared server's catalogue other files read (promo-prices.test.ts prices on its own server).
    const r = await editor.post('/api/desk/content/save/', promotion(c, { status: 'draft', starts: '2026-01-01T09:00', ends: '2099-01-01', discount: { percent: 15, brands: 'bosch, makita', contractors: true } }));
    expect(r.res.status).toBe(200);
    const form = await (await editor.raw(`/desk/content/edit/?kind=promotion&code=${c}`)).text();
    expect(form).toContain('name="starts" type="datetime-local" value="2026-01-01T09:00"');
    expect(form).toContain('name="discount.brands" value="bosch, makita"');
    expect(form).toMatch(/<option value="percent" selected/);
    const list = (await listed(c)).items[0];
    expect(list.starts).toBe('2026-01-01T06:00:00.000Z');
  });

  it('the no-JavaScript form keeps what was typed and names the wrong field', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ kind: 'page', code: 'catalog', title: 'Моя страница', preview: 'Описание страницы для поисковиков, не короче двадцати.', body: 'Текст', status: 'published' })) form.append(k, v);
    const res = await editor.raw('/desk/content/edit/?kind=page', { method: 'POST', headers: { origin: base() }, body: form });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain('value="Моя страница"');
    expect(html).toMatch(/адрес уже занят/);
    // A new entry's form never overwrites an existing one of the same address.
    const c = code('nojs');
    await editor.post('/api/desk/content/save/', page(c, { title: 'Первая' }));
    form.set('code', c);
    const again = await editor.raw('/desk/content/edit/?kind=page', { method: 'POST', headers: { origin: base() }, body: form });
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(/такая запись уже есть/);
    expect((await listed(c)).items.map((i: { title: string }) => i.title)).toEqual(['Первая']);
    // Saved from its own form: a redirect back to it with «Сохранено».
    form.set('title', 'Вторая');
    const saved = await editor.raw(`/desk/content/edit/?kind=page&code=${c}`, { method: 'POST', headers: { origin: base() }, body: form });
    expect([saved.status, saved.headers.get('location')]).toEqual([303, `/desk/content/edit/?kind=page&code=${c}&saved=1`]);
    expect((await listed(c)).items.map((i: { title: string }) => i.title)).toEqual(['Вторая']);
  });
});
