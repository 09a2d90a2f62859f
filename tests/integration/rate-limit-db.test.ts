/** The database-backed abuse limits (server/http/rate-limit.ts): a sliding window that holds across nodes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db';
import { hit, RateLimited, refuseIfUsedUp } from '../../src/server/http/rate-limit';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seed: false });
});
afterAll(async () => {
  await t?.drop();
});

const HOUR = 3_600_000;
const top = Math.ceil(Date.now() / HOUR) * HOUR + 10 * HOUR; // a window boundary in the future, away from other tests

describe('rate limits', () => {
  it('refuses the attempt after max, and a new window does not reset the count at once', async () => {
    const limit = { key: 'test:slide', max: 5, windowSeconds: 3600 };
    for (let i = 0; i < 5; i++) await hit(t.db, [limit], top - 60_000);
    await expect(hit(t.db, [limit], top - 50_000)).rejects.toBeInstanceOf(RateLimited);
    // One minute after the top of the hour the last window still weighs almost fully.
    const err = await hit(t.db, [limit], top + 60_000).catch((e) => e);
    expect(err).toBeInstanceOf(RateLimited);
    expect(err.status).toBe(429);
    expect(err.errors[0].message).toMatch(/^Слишком много попыток\. Повторите через \d+ (мин|сек)\.$/);
    // A whole window later it is free again.
    await expect(hit(t.db, [limit], top + HOUR + 60_000)).resolves.toBeUndefined();
  });

  it('the wait it names is honest: after it the next attempt passes, a second earlier it does not', async () => {
    // Six attempts 15 s before the top of the hour: the window is full, and the hour's top frees nothing
    // (the full window then weighs in as the last one) — the wait is not "15 seconds".
    // A refused attempt counts too, so the "too early" and the "in time" attempts use two keys with the same past.
    const at = top + 5 * HOUR - 15_000;
    const waits: number[] = [];
    for (const key of ['test:honest:early', 'test:honest:in-time']) {
      const limit = { key, max: 5, windowSeconds: 3600 };
      for (let i = 0; i < 5; i++) await hit(t.db, [limit], at);
      const err = (await hit(t.db, [limit], at).catch((e) => e)) as RateLimited;
      expect(err).toBeInstanceOf(RateLimited);
      waits.push(err.retryAfter);
    }
    expect(waits[0]).toBe(waits[1]);
    expect(waits[0]).toBeGreaterThan(60);
    await expect(hit(t.db, [{ key: 'test:honest:early', max: 5, windowSeconds: 3600 }], at + waits[0]! * 1000 - 1000)).rejects.toBeInstanceOf(RateLimited);
    await expect(hit(t.db, [{ key: 'test:honest:in-time', max: 5, windowSeconds: 3600 }], at + waits[0]! * 1000 + 1)).resolves.toBeUndefined();
  });

  it('counts each key apart', async () => {
    const a = { key: 'test:a', max: 1, windowSeconds: 60 };
    const b = { key: 'test:b', max: 1, windowSeconds: 60 };
    await hit(t.db, [a], top);
    await expect(hit(t.db, [b], top)).resolves.toBeUndefined();
    await expect(hit(t.db, [a], top)).rejects.toBeInstanceOf(RateLimited);
  });

  it('can refuse without counting (limits of failures only)', async () => {
    const limit = { key: 'test:failures', max: 2, windowSeconds: 900 };
    await refuseIfUsedUp(t.db, [limit], top);
    await hit(t.db, [limit], top).catch(() => {});
    await refuseIfUsedUp(t.db, [limit], top);
    await hit(t.db, [limit], top).catch(() => {});
    await expect(refuseIfUsedUp(t.db, [limit], top)).rejects.toBeInstanceOf(RateLimited);
  });
});
