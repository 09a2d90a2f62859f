/** The pure pieces of issue 18's protections, one rule at a time. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanInput } from '../../src/server/http/body';
import { withoutQueryNul } from '../../src/server/http/early';
import { malformedUrl } from '../../src/server/http/early';
import { captchaSecret, DEV_AUTH_SECRET, productionSecretProblem } from '../../src/server/http/secrets';
import { hintProxyOrigin, isCrossSiteWrite, siteOrigins } from '../../src/server/http/refusals';
import { clientIp, requestIp } from '../../src/server/http/rate-limit';
import { tileOrigin, withRuntimeCsp } from '../../src/server/http/csp';
import { signGuest, verifyGuest } from '../../src/server/lists/owner';
import { parseEnv, reloadConfig } from '../../src/server/config';
import { hashSessionToken, withHashedSessionTokens } from '../../src/server/auth/hashed-sessions';

// The configuration is read once per process: after changing the environment, read it again.
const stubEnv = (name: string, value: string) => {
  vi.stubEnv(name, value);
  reloadConfig();
};
afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

describe('input cleaning', () => {
  it('drops NUL bytes in values and keys, at any depth', () => {
    expect(cleanInput({ search: 'a\u0000b', list: [{ x: ['\u0000c'] }], ['k\u0000']: 1 })).toEqual({ search: 'ab', list: [{ x: ['c'] }], k: 1 });
  });

  it('repairs lone surrogates and drops __proto__ keys', () => {
    const out = cleanInput(JSON.parse('{"a":"x\\ud800","__proto__":{"admin":true},"n":[1,"\\udfff"]}'));
    expect(out).toEqual({ a: 'x\ufffd', n: [1, '\ufffd'] });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

describe('broken addresses', () => {
  it('finds bad percent-encoding and control characters, and lets ordinary addresses through', () => {
    for (const bad of ['/%E0%A4%A/', '/%', '/qr/%00/', '/qr/%07/', '/%C0%AF/', '/x?q=%FF']) expect(malformedUrl(bad), bad).toBe(true);
    for (const ok of ['/', '/search/?q=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C', '/catalog/?sort=price_asc&page=2', '/a+b/?q=100%25', '/a?city=%00']) expect(malformedUrl(ok), ok).toBe(false);
    expect(withoutQueryNul('/web/where_to_buy/?city=%00&x=a%00b')).toBe('/web/where_to_buy/?city=&x=ab');
    expect(withoutQueryNul('/catalog/')).toBe('/catalog/');
  });
});

describe('secrets', () => {
  it('production refuses a missing, short or development AUTH_SECRET', () => {
    expect(productionSecretProblem({ NODE_ENV: 'production' })).toMatch(/^AUTH_SECRET is not set/);
    expect(productionSecretProblem({ NODE_ENV: 'production', AUTH_SECRET: 'short' })).toMatch(/too weak/);
    expect(productionSecretProblem({ NODE_ENV: 'production', AUTH_SECRET: DEV_AUTH_SECRET })).toMatch(/too weak/);
    expect(productionSecretProblem({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), CAPTCHA_SECRET: 'short' })).toMatch(/CAPTCHA_SECRET/);
    expect(productionSecretProblem({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) })).toBeNull();
    expect(productionSecretProblem({ NODE_ENV: 'development' })).toBeNull();
  });

  it('the captcha key is never a constant: derived from AUTH_SECRET, or random per process in development', () => {
    stubEnv('AUTH_SECRET', '');
    stubEnv('CAPTCHA_SECRET', '');
    const dev = captchaSecret();
    expect(dev).not.toBe('dev-captcha-secret-change-me');
    expect(dev.length).toBeGreaterThanOrEqual(40);
    stubEnv('AUTH_SECRET', 'a'.repeat(40));
    const a = captchaSecret();
    stubEnv('AUTH_SECRET', 'b'.repeat(40));
    const b = captchaSecret();
    expect(a).not.toBe(b);
    expect(a).not.toContain('a'.repeat(40));
    stubEnv('CAPTCHA_SECRET', 'c'.repeat(40));
    expect(captchaSecret()).toBe('c'.repeat(40));
  });
});

describe('the origin check', () => {
  const req = (headers: Record<string, string>, method = 'POST') => new Request('http://127.0.0.1:4321/api/x/', { method, headers });
  const url = new URL('http://127.0.0.1:4321/api/x/');

  it("refuses every write with a foreign Origin or a cross-site fetch; form-like or untyped bodies need this site's Origin; a program's JSON passes", () => {
    expect(isCrossSiteWrite(req({ 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }), url, parseEnv({}))).toBe(true);
    expect(isCrossSiteWrite(req({ 'content-type': 'multipart/form-data; boundary=x' }), url, parseEnv({}))).toBe(true);
    expect(isCrossSiteWrite(req({}), url, parseEnv({}))).toBe(true);
    expect(isCrossSiteWrite(req({ 'content-type': 'application/json', origin: 'https://evil.example' }), url, parseEnv({}))).toBe(true);
    expect(isCrossSiteWrite(req({ 'content-type': 'application/json', origin: 'null' }), url, parseEnv({}))).toBe(true);
    expect(isCrossSiteWrite(req({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }), url, parseEnv({}))).toBe(true);
    // A program (no Origin, no Fetch-Metadata) posting JSON, and this site's own pages, pass.
    expect(isCrossSiteWrite(req({ 'content-type': 'application/json' }), url, parseEnv({}))).toBe(false);
    expect(isCrossSiteWrite(req({ 'content-type': 'application/json', origin: 'http://127.0.0.1:4321', 'sec-fetch-site': 'same-origin' }), url, parseEnv({}))).toBe(false);
    expect(isCrossSiteWrite(req({ 'content-type': 'text/plain', origin: 'http://127.0.0.1:4321' }), url, parseEnv({}))).toBe(false);
    expect(isCrossSiteWrite(req({}, 'GET'), url, parseEnv({}))).toBe(false);
  });

  it('counts SITE_URL as this site, and the forwarded origin only with TRUST_PROXY=1', () => {
    const r = req({ 'content-type': 'application/x-www-form-urlencoded', origin: 'https://shop.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' });
    expect(isCrossSiteWrite(r, url, parseEnv({}))).toBe(true);
    expect(isCrossSiteWrite(r, url, parseEnv({ SITE_URL: 'https://shop.example' }))).toBe(false);
    expect(isCrossSiteWrite(r, url, parseEnv({ TRUST_PROXY: '1' }))).toBe(false);
    expect([...siteOrigins(req({ 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'shop.example' }), url, parseEnv({ TRUST_PROXY: '1' }))]).toEqual(['http://127.0.0.1:4321']);
    expect([...siteOrigins(req({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example/evil' }), url, parseEnv({ TRUST_PROXY: '1' }))]).toEqual(['http://127.0.0.1:4321']);
  });

  it('says once in the log, when a refusal is the store behind an https proxy without SITE_URL', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const shop = new URL('http://shop.example/api/x/');
    const post = (origin: string) => new Request(shop, { method: 'POST', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' } });
    hintProxyOrigin(post('https://evil.example'), shop, parseEnv({}));
    hintProxyOrigin(post('https://shop.example'), shop, parseEnv({ SITE_URL: 'https://shop.example' }));
    expect(warn).not.toHaveBeenCalled();
    hintProxyOrigin(post('https://shop.example'), shop, parseEnv({}));
    hintProxyOrigin(post('https://shop.example'), shop, parseEnv({}));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('set SITE_URL=https://shop.example');
    warn.mockRestore();
  });
});

describe('the page policy', () => {
  it('allows the map tile server and, when configured, reCAPTCHA', () => {
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileOrigin('javascript:alert(1)')).toBeNull();
    const base = "default-src 'self'; img-src 'self' data:; script-src 'self' 'sha256-x';";
    const out = withRuntimeCsp(base, parseEnv({ MAP_TILE_URL: 'https://tiles.example.by/{z}/{x}/{y}.png' }));
    expect(out).toContain("img-src 'self' data: https://tiles.example.by;");
    expect(out).toContain("script-src 'self' 'sha256-x';");
    const captcha = withRuntimeCsp(base, parseEnv({ RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_SECRET: 's' }));
    expect(captcha).toMatch(/script-src 'self' 'sha256-x' https:\/\/www\.google\.com\/recaptcha\//);
    expect(captcha).toMatch(/frame-src https:\/\/www\.google\.com\/recaptcha\//);
  });
});

describe('guest ids', () => {
  it('only server-signed values are guests', () => {
    const id = '6f1b2c3d-1111-4222-8333-444455556666';
    const signed = signGuest(id);
    expect(verifyGuest(signed)).toBe(id);
    expect(verifyGuest(id)).toBeNull();
    expect(verifyGuest(`${id}.${'A'.repeat(43)}`)).toBeNull();
    expect(verifyGuest(signed.replace(id, '6f1b2c3d-1111-4222-8333-444455556667'))).toBeNull();
    expect(verifyGuest('')).toBeNull();
  });
});

describe('session tokens in the database', () => {
  it('are written hashed and found by the raw token, which better-auth gets back', async () => {
    const rows: Record<string, unknown>[] = [];
    const match = (r: Record<string, unknown>, where: { field: string; value: unknown; operator?: string }[] = []) =>
      where.every((w) => (w.operator === 'in' ? (w.value as unknown[]).includes(r[w.field]) : r[w.field] === w.value));
    type Args = { model: string; data?: Record<string, unknown>; where?: never[] };
    const fake = {
      id: 'fake',
      create: async ({ data }: Args) => (rows.push({ ...data }), { ...data }),
      findOne: async ({ where }: Args) => rows.find((r) => match(r, where)) ?? null,
      findMany: async ({ where }: Args) => rows.filter((r) => match(r, where)),
      delete: async ({ where }: Args) => void rows.splice(rows.findIndex((r) => match(r, where)), 1),
    };
    const db = withHashedSessionTokens(fake);
    const created = await db.create({ model: 'session', data: { token: 'raw-token-0123456789', userId: 'u1' } });
    expect(created.token).toBe('raw-token-0123456789');
    expect(rows[0]!.token).toBe(hashSessionToken('raw-token-0123456789'));
    expect(rows[0]!.token).toMatch(/^h1\./);
    const found = (await db.findOne({ model: 'session', where: [{ field: 'token', value: 'raw-token-0123456789' }] as never[] })) as Record<string, unknown>;
    expect(found.token).toBe('raw-token-0123456789');
    expect(await db.findMany({ model: 'session', where: [{ field: 'token', operator: 'in', value: ['raw-token-0123456789'] }] as never[] })).toHaveLength(1);
    // Other models pass through untouched.
    await db.create({ model: 'verification', data: { token: 'plain' } });
    expect(rows[1]!.token).toBe('plain');
    await db.delete({ model: 'session', where: [{ field: 'token', value: 'raw-token-0123456789' }] as never[] });
    expect(rows.map((r) => r.token)).toEqual(['plain']);
  });
});

describe('the client address behind proxies (issue 28: TRUST_PROXY trusted what the client wrote)', () => {
  const xff = (value?: string) => new Request('http://127.0.0.1/', { headers: value === undefined ? {} : { 'x-forwarded-for': value } });

  it('without a trusted proxy the socket is the client, whatever X-Forwarded-For says', () => {
    expect(clientIp(xff('6.6.6.6'), '203.0.113.9', 0)).toBe('203.0.113.9');
    expect(clientIp(xff('6.6.6.6'), '::ffff:203.0.113.9', 0)).toBe('203.0.113.9');
  });

  it('behind one proxy the client is the hop the proxy appended; values the client wrote before it change nothing', () => {
    expect(clientIp(xff('198.51.100.7'), '10.0.0.2', 1)).toBe('198.51.100.7');
    for (const forged of ['1.1.1.1', '1.1.1.1, 2.2.2.2', 'junk,,', `${Math.random()}`]) expect(clientIp(xff(`${forged}, 198.51.100.7`), '10.0.0.2', 1)).toBe('198.51.100.7');
    // A request that did not come through the proxy has only the socket: it is the client.
    expect(clientIp(xff(), '198.51.100.8', 1)).toBe('198.51.100.8');
  });

  it('behind two proxies, the hop the outer one saw; by address, the rightmost hop that is not a proxy', () => {
    expect(clientIp(xff('6.6.6.6, 198.51.100.7, 10.0.0.1'), '10.0.0.2', 2)).toBe('198.51.100.7');
    expect(clientIp(xff('6.6.6.6, 198.51.100.7, 10.0.0.1'), '10.0.0.2', ['10.0.0.1', '10.0.0.2'])).toBe('198.51.100.7');
    expect(clientIp(xff('6.6.6.6'), '198.51.100.9', ['10.0.0.1'])).toBe('198.51.100.9');
  });

  it('a request whose socket is already gone (Astro throws on clientAddress) is «unknown», not a 500', () => {
    const gone = {
      request: xff('6.6.6.6'),
      get clientAddress(): string {
        throw new Error('ClientAddressNotAvailable');
      },
    };
    expect(requestIp(gone)).toBe(clientIp(xff('6.6.6.6'), undefined));
    expect(requestIp(gone)).not.toBe('6.6.6.6');
    expect(requestIp({ request: xff(), clientAddress: '203.0.113.9' })).toBe(clientIp(xff(), '203.0.113.9'));
  });

  it('TRUST_PROXY takes 0, a number of proxies or addresses, and refuses anything else', () => {
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
