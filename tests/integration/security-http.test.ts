/**
 * Issue 18, "Security and robustness" and "Errors and sessions", over HTTP against the built server:
 * what a hostile or merely clumsy client sends is answered with a Russian 4xx, never a 500, never an
 * English adapter text — and sessions, guests and uploads cannot be abused.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { base, Visitor, type Envelope } from '../helpers/http';
import { sendRaw } from '../helpers/fuzz';
import { lyingXlsx } from '../helpers/zip-bomb';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own customer (tests/helpers/fixtures.ts), not the demo one. */
const acc = fixture('security-http');

const port = () => Number(new URL(base()).port);
const russian = (body: Envelope) => body.status === 'error' && body.errors.length > 0 && body.errors.every((e) => /[а-яё]/i.test(e.message));
const json = (headers: Record<string, string> = {}) => ({ 'content-type': 'application/json', origin: base(), ...headers });

async function product(v: Visitor): Promise<{ id: number; url: string; article: string; code: string }> {
  const { body } = await v.post('/api/searchHeader/', { query: 'дрель' });
  const p = body.data.products[0];
  return { ...p, code: p.url.replaceAll('/', '') };
}

describe('NUL bytes never reach PostgreSQL', () => {
  it('are dropped from text fields: the call answers as if they were not there', async () => {
    const v = new Visitor();
    const p = await product(v);
    const found = await v.post('/api/basket/find/', { search: `${p.article}\u0000` });
    expect(found.res.status).toBe(200);
    expect(JSON.stringify(found.body.data)).toContain(p.article);
    for (const [path, body] of [
      ['/api/catalog/find/', { search: 'дрель\u0000' }],
      ['/api/product/getcode/', { article: `\u0000${p.article}` }],
      ['/api/searchHeader/', { query: 'дре\u0000ль' }],
      ['/api/product/faq/', { code: `${p.code}\u0000` }],
    ] as const) {
      const r = await v.post(path, body);
      expect(r.res.status, path).toBe(200);
      expect(r.body.status, path).toBe('success');
    }
    const form = await v.raw('/api/basket/find/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base() }, body: `search=${p.article}%00` });
    expect(form.status).toBe(200);
  });

  it('in a query string they are dropped; in a path the address is broken: a Russian 400 page', async () => {
    const v = new Visitor();
    const call = await v.raw('/web/where_to_buy/?city=%00');
    expect(call.status).toBe(200);
    expect(((await call.json()) as Envelope).status).toBe('success');
    expect((await v.raw('/search/?q=%00%D0%B4%D1%80%D0%B5%D0%BB%D1%8C')).status).toBe(200);
    const page = await v.raw('/qr/%00/');
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('Неверный адрес');
    expect(html).toContain('<html lang="ru"');
    // The site's own error page: the header and the way home are there.
    expect(html).toContain('href="/"');
    const apiPath = await v.raw('/web/brands/%00/');
    expect(apiPath.status).toBe(400);
    expect(russian((await apiPath.json()) as Envelope)).toBe(true);
  });

  it('a lone UTF-16 surrogate is repaired, not sent to the database', async () => {
    const r = await new Visitor().post('/api/catalog/find/', { search: 'дрель\ud800' });
    expect(r.res.status).toBe(200);
  });
});

/** Streams a chunked body until the server answers; returns the answer and how much was sent. */
function chunkedUpload(path: string, contentType: string, totalBytes: number): Promise<{ status: number; text: string; sent: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port(), '127.0.0.1');
    let sent = 0;
    let answer = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, text: answer, sent, ms: Date.now() - started });
      socket.destroy();
    };
    socket.on('data', (d) => {
      answer += d.toString('utf8');
      if (answer.includes('\r\n\r\n') && /"errors"/.test(answer)) finish();
    });
    socket.on('close', finish);
    // The server closes the connection after refusing; a write may then fail (EPIPE): 'close' follows.
    socket.on('error', () => {});
    socket.on('connect', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${base()}\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      // One chunk per turn of the event loop, as a browser reads the answer while it is still sending: the answer is
      // read as soon as it arrives. Writing in a tight loop on a busy machine sent more than the server drains after
      // answering (16 MB), and the reset that followed cut the 413 out of the client's buffer (status 0).
      const pump = () => {
        if (done || answer) return;
        if (sent >= totalBytes) return void socket.write('0\r\n\r\n');
        sent += chunk.length;
        if (socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`)) setImmediate(pump);
        else socket.once('drain', pump);
      };
      pump();
    });
    setTimeout(() => (done ? null : reject(new Error('no answer in 20 s'))), 20_000);
  });
}

describe('request bodies are capped while they stream', () => {
  it('a 50 MB chunked JSON body is refused with 413 long before it is read', async () => {
    const r = await chunkedUpload('/api/basket/find/', 'application/json', 50 * 1024 * 1024);
    expect(r.status).toBe(413);
    expect(r.text).toMatch(/Слишком большой запрос/);
    // The answer came long before the 50 MB were through (the server stops reading at 1 MB and drains briefly).
    expect(r.sent).toBeLessThan(40 * 1024 * 1024);
  });

  it('a 50 MB chunked form is refused the same way', async () => {
    const r = await chunkedUpload('/api/basket/find/', 'application/x-www-form-urlencoded', 50 * 1024 * 1024);
    expect(r.status).toBe(413);
    // The answer came long before the 50 MB were through (the server stops reading at 1 MB and drains briefly).
    expect(r.sent).toBeLessThan(40 * 1024 * 1024);
  });

  it('a declared Content-Length over the cap is refused before reading', async () => {
    const res = await new Visitor().raw('/api/catalog/find/', { method: 'POST', headers: json(), body: JSON.stringify({ search: 'x'.repeat(1_200_000) }) });
    expect(res.status).toBe(413);
    expect(russian((await res.json()) as Envelope)).toBe(true);
  });
});

describe('wrong content types and methods', () => {
  it('a JSON call sent multipart, or JSON labelled multipart, is a Russian 415', async () => {
    const v = new Visitor();
    const form = new FormData();
    form.set('login', acc.retail.email);
    form.set('password', PASSWORD);
    for (const [path, init] of [
      ['/api/authentication/', { method: 'POST', headers: { origin: base() }, body: form }],
      ['/api/basket/add/', { method: 'POST', headers: { origin: base(), 'content-type': 'multipart/form-data; boundary=x' }, body: '{"product":1}' }],
      ['/api/basket/update/', { method: 'POST', headers: { origin: base(), 'content-type': 'text/plain' }, body: '{"product":1}' }],
      ['/api/basket/add/', { method: 'POST', headers: { origin: base(), 'content-type': 'application/xml' }, body: '<a/>' }],
    ] as const) {
      const res = await v.raw(path, init as RequestInit);
      expect(res.status, path).toBe(415);
      const body = (await res.json()) as Envelope;
      expect(russian(body), path).toBe(true);
      expect(body.errors[0]!.message).toMatch(/неподдерживаемом формате/);
    }
  });

  it('a body that is not what its type says is a Russian 400', async () => {
    const v = new Visitor();
    const broken = await v.raw('/api/basket/add/', { method: 'POST', headers: json(), body: '--x\r\nContent-Disposition: form-data; name="product"\r\n\r\n1\r\n--x--' });
    expect(broken.status).toBe(400);
    expect(russian((await broken.json()) as Envelope)).toBe(true);
    // «дрель» in Windows-1251: not UTF-8, so not silently stored as mojibake.
    const cp1251 = await v.raw('/api/catalog/find/', { method: 'POST', headers: json(), body: Buffer.concat([Buffer.from('{"search":"'), Buffer.from([0xe4, 0xf0, 0xe5, 0xeb, 0xfc]), Buffer.from('"}')]) });
    expect(cp1251.status).toBe(400);
    expect(((await cp1251.json()) as Envelope).errors[0]!.message).toMatch(/UTF-8/);
  });

  it('unknown methods and GET on POST-only calls get a JSON 405 with Allow; unknown calls a JSON 404', async () => {
    const v = new Visitor();
    for (const method of ['PUT', 'DELETE', 'PATCH', 'GET']) {
      const res = await v.raw('/api/basket/add/', { method, headers: { origin: base(), 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow'), method).toBe('POST');
      expect(russian((await res.json()) as Envelope), method).toBe(true);
    }
    const post = await v.raw('/web/favorite/', { method: 'POST', headers: json(), body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const search = await v.raw('/api/searchHeader/');
    expect(search.status).toBe(405);
    expect(search.headers.get('allow')).toBe('POST');
    // An address where no call lives is the envelope's 404, whatever the method.
    for (const [method, path] of [['GET', '/api/no-such-call/'], ['POST', '/web/nothing/here/'], ['GET', '/api/']]) {
      const res = await v.raw(path, { method, headers: json(), body: method === 'GET' ? undefined : '{}' });
      expect(res.status, path).toBe(404);
      expect(russian((await res.json()) as Envelope), path).toBe(true);
    }
  });
});

describe('broken addresses and requests are answered in Russian', () => {
  it('bad percent-encoding: the error page for pages, the envelope for calls', async () => {
    const page = await sendRaw(port(), Buffer.from('GET /catalog/%E0%A4%A/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body.toString()).toContain('Адрес страницы повреждён');
    const call = await sendRaw(port(), Buffer.from('POST /api/basket/add/%FF/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}'));
    expect(call.status).toBe(400);
    expect(russian(JSON.parse(call.body.toString()))).toBe(true);
  });

  it('what Node cannot even parse (a NUL in a header, huge headers) is answered in Russian', async () => {
    const nul = await sendRaw(port(), Buffer.concat([Buffer.from('GET /api/header/ HTTP/1.1\r\nHost: x\r\ntoken: a'), Buffer.from([0]), Buffer.from('b\r\n\r\n')]));
    expect(nul.status).toBe(400);
    expect(russian(JSON.parse(nul.body.toString()))).toBe(true);
    const huge = await sendRaw(port(), Buffer.from(`GET /catalog/ HTTP/1.1\r\nHost: x\r\nX-Junk: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(huge.status).toBe(431);
    expect(huge.body.toString()).toMatch(/Слишком длинный/);
  });

  it('a call whose over-long address arrives in several network reads still gets the envelope, not a page', async () => {
    const call = await sendRaw(port(), Buffer.from(`POST /api/registration/?email=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`), 30_000, { bytes: 4000, pauseMs: 30 });
    expect(call.status).toBe(431);
    expect(call.headers['content-type']).toMatch(/application\/json/);
    expect(russian(JSON.parse(call.body.toString()))).toBe(true);
  });

  it('a JSON call from another site is refused in Russian and changes nothing (issue 28 #10); this site and programs without Origin pass', async () => {
    const v = new Visitor();
    expect((await v.post('/api/basket/add/', { product: 1 })).res.status).toBe(200);
    const before = (await v.get('/web/basket/products/')).body.data.grid.row.length;
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      for (const [path, body] of [['/api/basket/add/', { product: 2 }], ['/api/basket/clear/', {}], ['/api/logout/', {}]] as const) {
        const r = await v.raw(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
        expect([path, r.status]).toEqual([path, 403]);
        expect((await r.json()).errors[0].message).toMatch(/с другого сайта/);
      }
    }
    expect((await v.get('/web/basket/products/')).body.data.grid.row.length).toBe(before);
    const program = await v.raw('/api/basket/add/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product: 2 }) });
    expect(program.status).toBe(200);
  });

  it("a cross-site form post is refused in Russian (Astro's own refusal was English)", async () => {
    const v = new Visitor();
    const call = await v.raw('/api/authentication/', { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: 'login=a&password=b' });
    expect(call.status).toBe(403);
    expect((await call.json()).errors[0].message).toMatch(/с другого сайта/);
    const page = await v.raw('/login/', { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: 'login=a&password=b' });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain('Доступ запрещён');
    expect(html).toMatch(/с другого сайта/);
  });

  it('forwarded headers are not trusted without TRUST_PROXY', async () => {
    const res = await new Visitor().raw('/login/', {
      method: 'POST',
      headers: { origin: 'https://shop.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'login=a&password=b',
    });
    expect(res.status).toBe(403);
  });
});

describe('sessions', () => {
  it('every call made with an ended session answers 101 and clears the cookie', async () => {
    const v = new Visitor();
    expect((await v.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD })).body.status).toBe('success');
    const p = await product(v);
    await v.post('/api/basket/add/', { product: p.id });
    const stale = new Visitor();
    stale.cookies = new Map(v.cookies);
    // The same session ends elsewhere (logout on another tab).
    await v.post('/api/logout/');
    for (const [method, path, body] of [
      ['GET', '/api/header/', null],
      ['POST', '/api/basket/add/', { product: p.id }],
      ['GET', '/web/basket/products/', null],
      ['GET', '/web/favorite/', null],
      ['GET', '/web/compare/', null],
      ['POST', '/api/compare/add/', { product_id: p.id }],
      ['POST', '/api/catalog/product/', { productId: p.id }],
      ['GET', '/web/profile/get/', null],
    ] as const) {
      const copy = new Visitor();
      copy.cookies = new Map(stale.cookies);
      const res = method === 'GET' ? await copy.raw(path) : await copy.raw(path, { method, headers: json(), body: JSON.stringify(body) });
      expect(res.status, path).toBe(401);
      const env = (await res.json()) as Envelope;
      expect(env.errors[0]!.code, path).toBe(101);
      expect(russian(env), path).toBe(true);
      expect(res.headers.getSetCookie().some((c) => /^instr\.session_token=;.*Max-Age=0/i.test(c)), path).toBe(true);
      // After the 101 the browser holds no dead cookie: the next call is an ordinary guest's.
      expect(copy.cookies.has('instr.session_token'), path).toBe(false);
      expect((await copy.get('/api/header/')).res.status, path).toBe(200);
    }
    // Signing in again works with the dead cookie still in place.
    const again = new Visitor();
    again.cookies = new Map(stale.cookies);
    expect((await again.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD })).body.status).toBe('success');
    expect((await again.get('/web/profile/get/')).body.data.user?.email).toBe(acc.retail.email);
    // The same through the no-JS login form.
    const form = new Visitor();
    form.cookies = new Map(stale.cookies);
    const posted = await form.raw('/login/', { method: 'POST', headers: { origin: base(), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ login: acc.retail.email, password: PASSWORD }).toString() });
    expect(posted.status).toBe(303);
    expect((await form.get('/web/profile/get/')).body.data.user?.email).toBe(acc.retail.email);
  });

  it('a page with a dead cookie renders for a guest and clears the cookie', async () => {
    const v = new Visitor();
    v.cookies.set('instr.session_token', 'abcdefghijklmnopqrstuvwxyz012345.c2lnbmF0dXJl');
    const res = await v.raw('/catalog/');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /^instr\.session_token=;/.test(c))).toBe(true);
  });

  it('a token that is not a well-formed credential is no session (101 on calls, never a 500)', async () => {
    for (const token of ['\u200fabcdefghijklmnopqrstu', '🔨🔨🔨🔨🔨🔨🔨🔨🔨', 'x'.repeat(600), '%00']) {
      const res = await fetch(`${base()}/api/header/?token=${encodeURIComponent(token)}`);
      expect([400, 401], token).toContain(res.status);
      expect(russian((await res.json()) as Envelope), token).toBe(true);
    }
  });
});

describe('the captcha never trusts a public key', () => {
  it('a challenge signed with the former built-in fallback secret is refused (this server runs without AUTH_SECRET)', async () => {
    const old = 'dev-captcha-secret-change-me';
    const challenge = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 5, deriveKey, expiresAt: new Date(Date.now() + 600_000), hmacSignatureSecret: old, hmacKeySignatureSecret: `${old}:key` });
    const solution = await solveChallenge({ challenge, deriveKey });
    const forged = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const r = await new Visitor().post('/api/forms/callback/', { name: 'Иван', phone: '+375 29 123-45-67', captcha: forged });
    expect(r.res.status).toBe(422);
    expect(r.body.errors[0]!.field).toBe('captcha');
  });
});

describe('guest ids come only from the server', () => {
  it('a chosen or unsigned guest value starts a new guest; two clients never share a basket by it', async () => {
    const chosen = '00000000-0000-4000-8000-000000000000';
    const a = new Visitor();
    a.cookies.set('guest', chosen);
    const p = await product(a);
    const added = await a.post('/api/basket/add/', { product: p.id });
    expect(added.body.status).toBe('success');
    // The server issued its own signed value instead of taking the chosen one.
    expect(a.cookies.get('guest')).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(a.cookies.get('guest')!.startsWith(chosen)).toBe(false);
    const b = new Visitor();
    b.cookies.set('guest', chosen);
    expect((await b.get('/api/header/')).body.data.basket).toEqual([]);
    // A signature copied onto another id does not pass either.
    const [, sig] = a.cookies.get('guest')!.split('.');
    const forged = new Visitor();
    forged.cookies.set('guest', `11111111-1111-4111-8111-111111111111.${sig}`);
    expect((await forged.get('/api/header/')).body.data.basket).toEqual([]);
    // The owner of the signed cookie keeps the basket.
    expect((await a.get('/api/header/')).body.data.basket).toEqual([p.id]);
  });
});

describe('the quick-order upload survives a zip bomb', () => {
  it('an XLSX lying about its sizes (150 MB inside) gets a quick Russian 4xx while other requests are served', async () => {
    const bomb = lyingXlsx(150);
    // Up to three takes: the server and the two cores are shared with other test files (in CI with the
    // e2e suite too), and a burst of their work can hold an answer or a ping up for a second. A bomb
    // inflated on the event loop, or not stopped at the cap, is slow in every take.
    const takes: { ms: number; pings: number[] }[] = [];
    for (let take = 0; take < 3; take++) {
      const v = new Visitor();
      const form = new FormData();
      form.set('file', new Blob([bomb as Uint8Array<ArrayBuffer>]), 'zakaz.xlsx');
      const started = Date.now();
      const upload = v.raw('/api/basket/file/', { method: 'POST', headers: { origin: base() }, body: form });
      const pings: number[] = [];
      const pinging = (async () => {
        for (let i = 0; i < 10; i++) {
          const t0 = Date.now();
          expect((await fetch(`${base()}/api/health/`)).status).toBe(200);
          pings.push(Date.now() - t0);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const res = await upload;
      const ms = Date.now() - started;
      await pinging;
      expect(res.status).toBe(413);
      const body = (await res.json()) as Envelope;
      expect(body.errors[0]!.message).toMatch(/после распаковки/);
      takes.push({ ms, pings });
      console.log(`zip bomb refused in ${ms} ms; health answered in ${Math.min(...pings)}–${Math.max(...pings)} ms meanwhile`);
      if (ms < 5_000 && Math.max(...pings) < 1_000) break;
    }
    const best = takes.find((t) => t.ms < 5_000 && Math.max(...t.pings) < 1_000) ?? takes[0]!;
    expect(best.ms, JSON.stringify(takes)).toBeLessThan(5_000);
    expect(Math.max(...best.pings), JSON.stringify(takes)).toBeLessThan(1_000);
  }, 120_000);
});

describe('headers and charsets', () => {
  it('HTML says UTF-8; static assets and the 403 view carry the security headers', async () => {
    const v = new Visitor();
    const home = await v.raw('/');
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const asset = /\/_astro\/[^"']+\.(?:js|css)/.exec(await home.text())?.[0];
    expect(asset).toBeTruthy();
    const a = await v.raw(asset!);
    expect(a.status).toBe(200);
    expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    expect(a.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(a.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const customer = new Visitor();
    await customer.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD });
    const denied = await customer.raw('/desk/');
    expect(denied.status).toBe(403);
    expect(denied.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(denied.headers.get('x-content-type-options')).toBe('nosniff');
    expect(denied.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(denied.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(await denied.text()).toContain('Доступ запрещён');
    for (const r of [home, a, denied]) expect(r.headers.get('permissions-policy')).toBe('camera=(), microphone=(), usb=(), payment=(), geolocation=()');
  });

  it('a feed answers a wrong method with the JSON 405 programs read (issue 28)', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const r = await new Visitor().raw('/feed/1.csv', { method, headers: { 'content-type': 'application/json' }, body: '{}' });
      expect([method, r.status, r.headers.get('allow')]).toEqual([method, 405, 'GET, HEAD']);
      expect((await r.json()).errors[0].message).toMatch(/[а-я]/);
    }
  });
});

describe('search and list parameters', () => {
  it('/search/?query= works like ?q=', async () => {
    const v = new Visitor();
    const q = await (await v.raw('/search/?q=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C')).text();
    const query = await (await v.raw('/search/?query=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C')).text();
    const count = (html: string) => /Найдено\s*(\d+)/.exec(html.replace(/<[^>]+>/g, ' '))?.[1];
    expect(count(q)).toBeTruthy();
    expect(count(query)).toBe(count(q));
  });
});

describe('implausible order numbers in addresses (issue 28 #6)', () => {
  const numbers = ['%E2%80%AE', "'%20OR%201=1--", '9'.repeat(300), '%D0%98%D0%9D-', 'ИН-1%2F..', '%F0%9F%92%A5'];

  it('are the 404 page (never a 500) for a guest and for a signed-in customer, on every order address', async () => {
    const customer = new Visitor();
    expect((await customer.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD })).body.status).toBe('success');
    for (const n of numbers) {
      for (const path of [`/checkout/${n}/`, `/checkout/${n}/print/`, `/checkout/${n}/receipt/`]) {
        for (const v of [new Visitor(), customer]) expect([path, (await v.raw(path)).status]).toEqual([path, 404]);
      }
      expect((await customer.raw(`/personal/orders/${n}/`)).status).toBe(404);
      const pay = await customer.raw(`/checkout/${n}/pay/`, { method: 'POST', headers: { origin: base(), 'content-type': 'application/json' }, body: '{}' });
      expect([`/checkout/${n}/pay/`, pay.status]).toEqual([`/checkout/${n}/pay/`, 404]);
    }
  });
});
