import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $compareIds, loadHeader, type HeaderData } from '../../src/stores/header';

/**
 * Two quick taps on «Сравнить»: the first tap's header refresh is still out when the second tap's add returns. That
 * refresh's answer predates the second add; the counters must end on the list after it (a fresh-clone e2e run once
 * showed «1» after two adds that both succeeded). `fetch` answers when the test says so; `location` is a page's.
 */
const g = globalThis as unknown as { fetch: typeof fetch; location?: unknown };
const saved = { fetch: g.fetch, location: g.location };
let answers: ((data: HeaderData) => void)[] = [];
let asked = 0;

const header = (compare: number[]): HeaderData => ({ basket: [], compare, favorites: [], user: null });

beforeEach(() => {
  answers = [];
  asked = 0;
  g.location = { origin: 'http://store.test', pathname: '/', search: '' };
  g.fetch = (async () => {
    asked++;
    const data = await new Promise<HeaderData>((resolve) => answers.push(resolve));
    return new Response(JSON.stringify({ status: 'success', data, errors: [] }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  $compareIds.set([]);
});

afterEach(() => {
  g.fetch = saved.fetch;
  if (saved.location === undefined) delete g.location;
  else g.location = saved.location;
  $compareIds.set([]);
});

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 1));
  expect(ok()).toBe(true);
};

describe('the header refresh', () => {
  it('asked for again while one is out: a second read follows it, the older answer is not shown, and the last list stays', async () => {
    const first = loadHeader();
    const second = loadHeader();
    const third = loadHeader();
    await until(() => answers.length === 1);
    // Two later asks share one more read, and it waits for the first.
    expect(asked).toBe(1);
    answers[0]!(header([1]));
    await first;
    expect($compareIds.get()).toEqual([]);
    await until(() => answers.length === 2);
    answers[1]!(header([1, 2]));
    await Promise.all([second, third]);
    expect($compareIds.get()).toEqual([1, 2]);
    expect(asked).toBe(2);
  });

  it('asked for once: one read, its answer shown', async () => {
    const only = loadHeader();
    await until(() => answers.length === 1);
    answers[0]!(header([7]));
    await only;
    expect($compareIds.get()).toEqual([7]);
    expect(asked).toBe(1);
  });
});
