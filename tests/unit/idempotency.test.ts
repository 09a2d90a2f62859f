/** The idempotency key of retryable writes (issue 22): how the server reads it, how the islands send it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'astro/zod';
import { idempotencyKeyOf, parseKeyedInput, requestHash, zIdempotencyKey } from '../../src/server/http/idempotency';
import { freshRequestKey } from '../../src/lib/request-key';

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  request: new Request('http://x/api/basket/add/', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
  url: new URL('http://x/api/basket/add/'),
});
const cyrillic = /[а-яё]/i;

describe('server: the key of a request', () => {
  it('comes from the header or the body field, is optional, and is left out of the input', async () => {
    const schema = z.object({ product: z.coerce.number() });
    const k = 'abcdef12-3456-7890-abcd-ef1234567890';
    expect(await parseKeyedInput(post({ product: 5 }), schema)).toEqual({ input: { product: 5 }, key: null });
    expect(await parseKeyedInput(post({ product: 5 }, { 'Idempotency-Key': k }), schema)).toEqual({ input: { product: 5 }, key: k });
    expect(await parseKeyedInput(post({ product: 5, idempotencyKey: k }), schema)).toEqual({ input: { product: 5 }, key: k });
    expect(await parseKeyedInput(post({ product: 5, idempotencyKey: k }, { 'idempotency-key': k }), schema)).toEqual({ input: { product: 5 }, key: k });
  });

  it('refuses malformed keys and a header and field that disagree, in Russian', () => {
    const req = (h?: string) => new Request('http://x/', { method: 'POST', headers: h ? { 'Idempotency-Key': h } : {} });
    // (A header cannot even carry Cyrillic: those come as the body field.)
    for (const bad of ['short', 'x'.repeat(65), 'ключ-ключ-ключ-ключ', 'a b c d e f g h i j k', 'abc_def_ghi_jkl_mno']) {
      try {
        idempotencyKeyOf(req(), { idempotencyKey: bad });
        expect.unreachable(bad);
      } catch (e) {
        expect((e as { status: number }).status).toBe(422);
        expect((e as Error).message).toMatch(cyrillic);
      }
    }
    expect(() => idempotencyKeyOf(req('short'), {})).toThrow(cyrillic);
    expect(() => idempotencyKeyOf(req(), { idempotencyKey: 12345 })).toThrow(cyrillic);
    expect(() => idempotencyKeyOf(req('a'.repeat(20)), { idempotencyKey: 'b'.repeat(20) })).toThrow(cyrillic);
  });

  it('hashes the call and its input, whatever the order of the fields', () => {
    expect(requestHash('basket/add', { product: 1, quantity: 2 })).toBe(requestHash('basket/add', { quantity: 2, product: 1 }));
    expect(requestHash('basket/add', { product: 1, quantity: 2, motivation: undefined })).toBe(requestHash('basket/add', { product: 1, quantity: 2 }));
    expect(requestHash('basket/add', { product: 1 })).not.toBe(requestHash('favorite/add', { product: 1 }));
    expect(requestHash('basket/add', { product: 1 })).not.toBe(requestHash('basket/add', { product: 2 }));
  });
});

describe('islands: one fresh key per action, the same key on the retry', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('freshRequestKey() is a key the server takes, and never the same twice', () => {
    const keys = new Set(Array.from({ length: 100 }, freshRequestKey));
    expect(keys.size).toBe(100);
    for (const k of keys) expect(zIdempotencyKey.safeParse(k).success).toBe(true);
  });

  it('api(…, {once}) sends Idempotency-Key and retries a lost answer once with the same key; calls without `once` send none', async () => {
    vi.stubGlobal('location', { origin: 'http://shop.test', pathname: '/', search: '' });
    const seen: (string | null)[] = [];
    let fail = true;
    vi.stubGlobal('fetch', async (_url: URL, init: RequestInit) => {
      seen.push(new Headers(init.headers).get('idempotency-key'));
      if (fail) {
        fail = false;
        throw new TypeError('Failed to fetch');
      }
      return new Response(JSON.stringify({ status: 'success', data: { ok: 1 }, errors: [] }));
    });
    const { api } = await import('../../src/stores/api');
    expect(await api('/api/basket/add/', { method: 'POST', body: { product: 1 }, once: true })).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(seen[1]).toBe(seen[0]);
    // The next action has a key of its own.
    await api('/api/basket/add/', { method: 'POST', body: { product: 1 }, once: true });
    expect(seen[2]).not.toBe(seen[0]);
    // Without `once` nothing changes: no key, no retry.
    fail = true;
    await expect(api('/api/basket/clear/', { method: 'POST', body: {} })).rejects.toThrow(TypeError);
    expect(seen[3]).toBeNull();
    expect(seen).toHaveLength(4);
  });
});
