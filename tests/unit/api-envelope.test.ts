import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { endpoint, fail, HttpError, ok, parseInput } from '../../src/server/http/api';

const ctx = (url: string, init?: RequestInit) => ({ request: new Request(url, init), url: new URL(url) });

describe('API envelope', () => {
  it('wraps data as {status, data, errors}', async () => {
    const body = await ok({ a: 1 }).json();
    expect(body).toEqual({ status: 'success', data: { a: 1 }, errors: [] });
  });

  it('names the invalid field in Russian', async () => {
    const schema = z.object({ depth_lvl: z.coerce.number().int().max(3) });
    await expect(parseInput(ctx('http://x/api/menu/get/?depth_lvl=9'), schema)).rejects.toMatchObject({ status: 422 });
    try {
      await parseInput(ctx('http://x/api/menu/get/?depth_lvl=9'), schema);
    } catch (e) {
      const err = (e as HttpError).errors[0]!;
      expect(err.field).toBe('depth_lvl');
      expect(err.message).toMatch(/^Глубина меню: /);
      expect(err.message).toMatch(/[а-я]/);
    }
  });

  it('drops the spec token field and rejects broken JSON with a 400', async () => {
    const schema = z.object({ q: z.string() }).strict();
    const parsed = await parseInput(ctx('http://x/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q: 'дрель', token: 'abc' }) }), schema);
    expect(parsed).toEqual({ q: 'дрель' });
    await expect(parseInput(ctx('http://x/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' }), schema)).rejects.toMatchObject({ status: 400 });
  });

  it('turns unexpected exceptions into a generic Russian 500 without a stack', async () => {
    const handler = endpoint(async () => {
      throw new Error('secret internals at /srv/app.js:12');
    });
    const res = await handler(ctx('http://x/api/y/') as never);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.status).toBe('error');
    expect(JSON.stringify(body)).not.toContain('secret internals');
    expect(body.errors[0].message).toMatch(/ошибка/i);
    expect((await fail(404, [{ code: 104, message: 'Не найдено' }]).json()).errors[0].code).toBe(104);
  });
});
