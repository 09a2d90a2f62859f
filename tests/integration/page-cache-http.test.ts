/**
 * The page cache in front of Astro, against the real built server: guests share cached pages, a
 * session never gets theirs, and a change in the database reaches the cached page on every node within
 * two seconds (on PostgreSQL: two app nodes on one database).
 */
import { inject, describe, expect, it } from 'vitest';
import pg from 'pg';
import { base, Visitor } from '../helpers/http';
import { startNode } from '../helpers/node';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own accounts (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('page-cache-http');

const guestGet = (origin: string, p: string) => fetch(origin + p, { headers: { 'accept-encoding': 'br, gzip' } });

async function productPath(): Promise<{ path: string; id: number }> {
  const res = await fetch(`${base()}/web/catalog/filter/clear/apply/?section_code=shurupoverty-akkumulyatornye&page_size=1`);
  const item = (await res.json()).data.items[0];
  return { path: item.url, id: item.id };
}

/**
 * Fetches `p` as a guest, then again, and returns the second answer once it comes from the cache (at
 * most three pairs; the last pair whatever it was). The server is shared: another test file's order
 * changes stock, and the change feed purges listings, the home page and that product's pages on every
 * node — which can land between the two fetches, the more likely the slower the machine. A page that is
 * never stored never answers HIT.
 */
async function cachedPair(origin: string, p: string): Promise<{ first: Response; body: string; second: Response }> {
  for (let i = 1; ; i++) {
    const first = await guestGet(origin, p);
    const body = await first.text();
    const second = await guestGet(origin, p);
    if (second.headers.get('x-cache') === 'HIT' || i === 3) return { first, body, second };
    await second.arrayBuffer();
  }
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${ms} ms`);
}

describe('page cache on the built server', () => {
  it('answers the second guest from the cache, with the same security headers and an ETag', async () => {
    const { path } = await productPath();
    const { first, body, second } = await cachedPair(base(), path);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(body);
    for (const h of ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'content-type', 'cache-control']) expect(second.headers.get(h), h).toBe(first.headers.get(h));
    expect(second.headers.get('x-page-cache')).toBeNull();
    expect((await cachedPair(base(), '/')).second.headers.get('x-cache')).toBe('HIT');
  });

  it('gives a visitor from a search or an ad link the page cached without the click\'s parameters, which the page never prints', async () => {
    const { path } = await productPath();
    // A parameter of this test's own makes a key no other file's guest has cached, so the first answer is a render.
    const own = `${path}?from-test=${Date.now()}`;
    const clickId = `lq${Date.now().toString(36)}clk`;
    const landing = await guestGet(base(), `${own}&ysclid=${clickId}&utm_source=yandex&utm_medium=organic`);
    expect(landing.status).toBe(200);
    const body = await landing.text();
    expect(body).not.toContain(clickId);
    expect(body).not.toContain('utm_medium');
    for (let i = 1; ; i++) {
      // The shared server's change feed may drop the page between the two (cachedPair): then the render is kept anew.
      const again = await guestGet(base(), `${own}&gclid=${clickId}`);
      const text = await again.text();
      if (again.headers.get('x-cache') === 'HIT' || i === 3) {
        expect(again.headers.get('x-cache')).toBe('HIT');
        expect(text).toBe(body);
        break;
      }
    }
    expect((await cachedPair(base(), `/?ysclid=${clickId}`)).second.headers.get('x-cache')).toBe('HIT');
  });

  // A session's own profile copy (page-cache-profiles.test.ts) is another matter: its first page is rendered for it.
  it('never gives a request with a session cookie the guests’ copy', async () => {
    const { path } = await productPath();
    await (await guestGet(base(), path)).text();
    const admin = new Visitor();
    await admin.post('/api/authentication/', { login: acc.admin.email, password: PASSWORD });
    const res = await admin.raw(path);
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(res.headers.get('x-page-profile')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toContain('Ваша цена');
    // A stale or forged session cookie is no guest either.
    const forged = await fetch(base() + path, { headers: { cookie: 'instr.session_token=forged.value' } });
    expect(forged.headers.get('x-cache')).toBeNull();
    expect(forged.headers.get('x-page-cache')).toBeNull();
  });

  // Two nodes need a shared database: this one runs in the PostgreSQL pass of the suite (`npm run test:pg`, CI).
  const databaseUrl = inject('databaseUrl');
  if (databaseUrl) {
    it('shows a price change on the cached product page of every node within 2 s (two nodes, one PostgreSQL)', async () => {
      const second = await startNode({ DATABASE_URL: databaseUrl, SEED_ON_START: '0' });
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { path, id } = await productPath();
        const origins = [base(), second.base];
        // Up to three takes, each a new price: the two cores are shared with other test files (in CI with
        // the e2e suite too), and a burst of their work can hold a node's feed or a fetch up for a second.
        // Every take must reach both nodes at all (well before the hour the page is kept); one take must
        // reach both within 2 s of the change. A node that polls too seldom is late in every take.
        const takes: Record<string, number>[] = [];
        for (let take = 0; take < 3; take++) {
          for (const origin of origins) expect((await cachedPair(origin, path)).second.headers.get('x-cache'), origin).toBe('HIT');
          await client.query('UPDATE products SET price = $2, old_price = NULL WHERE id = $1', [id, 4321.98 + take]);
          const shown = `4 32${1 + take},98`;
          const took = await Promise.all(origins.map((origin) => waitFor(async () => (await (await guestGet(origin, path)).text()).includes(shown), 30_000)));
          takes.push(Object.fromEntries(origins.map((origin, i) => [origin, took[i]!])));
          if (Math.max(...took) < 2000) break;
        }
        const best = takes.find((t) => Math.max(...Object.values(t)) < 2000) ?? takes[0]!;
        for (const origin of origins) expect(best[origin], `${origin}: ${JSON.stringify(takes)}`).toBeLessThan(2000);
      } finally {
        await client.end();
        await second.stop();
      }
    }, 180_000);
  }
});
