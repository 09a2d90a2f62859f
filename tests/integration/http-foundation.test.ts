import { describe, expect, it } from 'vitest';
import { base, Visitor } from '../helpers/http';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own accounts (tests/helpers/fixtures.ts); the README's demo accounts: demo-accounts.test.ts. */
const acc = fixture('http-foundation');

describe('spec §2 guards over HTTP', () => {
  it('add-slash: 301 to the slashed path, query kept', async () => {
    const res = await new Visitor().raw('/catalog?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/catalog/?x=1');
  });

  it('add-slash keeps the method and body of a POST with a 308', async () => {
    const res = await new Visitor().raw('/api/translation/all?x=1', { method: 'POST', headers: { 'content-type': 'application/json', origin: base() }, body: '{}' });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/api/translation/all/?x=1');
  });

  it('is-auth: the personal area sends guests to /login/ and remembers the target', async () => {
    const res = await new Visitor().raw('/personal/summary/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login/?backurl=%2Fpersonal%2Fsummary%2F');
  });

  it('is-IE: Internet Explorer is sent to /ie/ on the first entry only', async () => {
    const v = new Visitor();
    v.headers['user-agent'] = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
    const first = await v.raw('/');
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/ie/');
    const second = await v.raw('/');
    expect(second.status).toBe(200);
    const ie = await v.raw('/ie/');
    expect(await ie.text()).toContain('Internet Explorer больше не поддерживается');
  });

  it('unknown pages answer 404 in Russian', async () => {
    const res = await new Visitor().raw('/no-such-page/');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Страница не найдена');
    expect(html).toContain('<html lang="ru"');
  });
});

describe('foundation endpoints', () => {
  it('GET /api/header/ for a new visitor', async () => {
    const { res, body } = await new Visitor().get('/api/header/');
    expect(res.status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({ basket: [], compare: [], favorites: [] });
  });

  it('POST /api/translation/all/ serves the dictionary keyed by upper-case codes', async () => {
    const { body } = await new Visitor().post('/api/translation/all/');
    expect(body.status).toBe('success');
    expect(body.data.ERROR_404_TITLE).toBe('Страница не найдена');
    expect(Object.keys(body.data).every((k: string) => /^[A-Z0-9_]+$/.test(k))).toBe(true);
  });

  it('menus: list, get with depth, all; bad parameters get a Russian 422', async () => {
    const v = new Visitor();
    const list = await v.get('/api/menu/list/');
    expect(list.body.data.map((m: { code: string }) => m.code)).toContain('catalog');
    const get = await v.get('/api/menu/get/?typemenu=catalog&depth_lvl=1');
    expect(get.body.data).toHaveLength(8);
    expect(get.body.data.every((i: { children: unknown[] }) => i.children.length === 0)).toBe(true);
    const deep = await v.get('/api/menu/get/?typemenu=catalog&depth_lvl=2');
    expect(deep.body.data[0].children.length).toBeGreaterThan(0);
    const all = await v.get('/api/menu/all/?depth_lvl=1');
    expect(Object.keys(all.body.data)).toEqual(expect.arrayContaining(['catalog', 'top', 'footer_buyers']));
    const bad = await v.get('/api/menu/get/?typemenu=nope&depth_lvl=9');
    expect(bad.res.status).toBe(422);
    expect(bad.body.status).toBe('error');
    expect(bad.body.errors.map((e) => e.field).sort()).toEqual(['depth_lvl', 'typemenu']);
    expect(bad.body.errors.every((e) => /[а-яё]/i.test(e.message))).toBe(true);
  });

  it('GET /web/section/list/: BANNER plus the level-1 sections with nested SUB_SECTIONS, cached 1 h', async () => {
    const { res, body } = await new Visitor().get('/web/section/list/');
    expect(res.headers.get('cache-control')).toContain('max-age=3600');
    const { BANNER, ...sections } = body.data;
    expect(BANNER.title).toBeTruthy();
    const tools = sections['elektroinstrument'];
    expect(tools.CODE).toBe('elektroinstrument');
    expect(tools.SUB_SECTIONS[0].SUB_SECTIONS[0].CODE).toBeTruthy();
  });

  it('the home page ships no JavaScript but the header islands and the one card-buttons controller', async () => {
    const html = await (await new Visitor().raw('/')).text();
    const islands = [...html.matchAll(/component-url="\/_astro\/([A-Za-z]+)\./g)].map((m) => m[1]);
    // Home cards have «В корзину» like listing cards (issue 18): one controller island for all of them.
    expect(islands.filter((i) => i === 'CardActionsController')).toHaveLength(1);
    expect(new Set(islands)).toEqual(new Set(['HeaderCounters', 'SearchOverlay', 'CardActionsController']));
    const scripts = [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>/g)].map((m) => m[0]);
    expect(scripts.every((tag) => tag.includes('type="module"') || !tag.includes('src='))).toBe(true);
  });

  it('GET web/main/ and web/advantages/', async () => {
    const v = new Visitor();
    const main = await v.get('/web/main/');
    expect(main.body.data.hits.length).toBe(8);
    expect(main.body.data.sections.length).toBe(8);
    const adv = await v.get('/web/advantages/');
    expect(adv.res.headers.get('cache-control')).toContain('max-age=3600');
    expect(adv.body.data.length).toBeGreaterThan(3);
  });
});

describe('authentication over HTTP', () => {
  it('guests get error 101 from the profile', async () => {
    const { res, body } = await new Visitor().get('/web/profile/get/');
    expect(res.status).toBe(401);
    expect(body.errors[0]!.code).toBe(101);
  });

  it('logs in with the cookie, reaches the personal area, and logs out', async () => {
    const v = new Visitor();
    const login = await v.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD, remember: 'Y' });
    expect(login.body.status).toBe('success');
    expect(login.body.data.token).toBeTruthy();
    const cookie = [...v.cookies.keys()].find((k) => k.endsWith('session_token'));
    expect(cookie).toBe('instr.session_token');
    expect(login.res.headers.getSetCookie().join(';')).toMatch(/Max-Age=604800/i);
    const profile = await v.get('/web/profile/get/');
    expect(profile.body.data.user.email).toBe(acc.retail.email);
    const guarded = await v.raw('/personal/summary/');
    expect(guarded.headers.get('location') ?? '').not.toContain('/login/');
    const guestOnly = await v.raw('/login/');
    expect(guestOnly.status).toBe(302);
    expect(guestOnly.headers.get('location')).toBe('/personal/summary/');
    await v.post('/api/logout/');
    const after = await v.get('/web/profile/get/');
    expect(after.body.errors[0]!.code).toBe(101);
  });

  it('accepts the spec token as a header instead of the cookie', async () => {
    const v = new Visitor();
    const login = await v.post('/api/authentication/', { login: acc.admin.email, password: PASSWORD });
    const api = new Visitor();
    api.headers.token = login.body.data.token;
    const profile = await api.get('/web/profile/get/');
    expect(profile.body.data.user.isContragentAdmin).toBe(true);
  });

  it('refuses wrong passwords, blocked users and malformed input in Russian', async () => {
    const v = new Visitor();
    const wrong = await v.post('/api/authentication/', { login: acc.retail.email, password: 'wrong-pass-1' });
    expect(wrong.res.status).toBe(401);
    expect(wrong.body.errors[0]!.message).toBe('Неверный email или пароль');
    const blocked = await v.post('/api/authentication/', { login: acc.blocked.email, password: PASSWORD });
    expect(blocked.res.status).toBe(403);
    expect(blocked.body.errors[0]!.message).toMatch(/заблокирована/);
    const bad = await v.post('/api/authentication/', { login: 'not-an-email', password: '' });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors.find((e) => e.field === 'login')!.message).toBe('Email: заполнено неверно');
    const junk = await v.raw('/api/authentication/', { method: 'POST', headers: { 'content-type': 'application/json', origin: base() }, body: '{"login":' });
    expect(junk.status).toBe(400);
  });
});
