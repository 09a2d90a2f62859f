/**
 * Signed-in catalogue pages kept once per pricing profile (issue 29, decision 0310), on the built server.
 * Three companies: A and C on the same terms (7 %, 12 % on one brand), B on others (3 % and a contract
 * price list). What must never happen: one company's page (its prices) answered to another with other
 * terms; what must: A's and C's people share one copy; a change of terms or a price list drops the copies,
 * and an ended session stops being answered from them — on every node.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { Visitor } from '../helpers/http';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { startNode } from '../helpers/node';
import { fixture, PASSWORD, writeFixture } from '../helpers/fixtures';
import { brands, companies, companyDiscounts, priceTypes, productPrices, products, users } from '../../src/server/db/schema';

const A = fixture('profile-cache');
const B = fixture('profile-cache-rival');
const C = fixture('profile-cache-twin');

let srv: OwnServer;
let catalogue: { id: number; code: string }[] = [];

/** The price the product page's box shows, in BYN. */
function pagePrice(html: string): number {
  const m = /class="pricebox__price" data-testid="(?:personal|retail)-price">([^<]+)</.exec(html);
  expect(m, 'a price box').not.toBeNull();
  return Number(m![1]!.replace(/[^\d,]/g, '').replace(',', '.'));
}

/** The price the pricing step gives this visitor (a call: never answered from the page cache). */
async function calledPrice(v: Visitor, code: string): Promise<number> {
  const res = await v.raw(`/web/product/detail/${code}/`);
  const { product } = (await res.json()).data;
  return product.personalPrice ?? product.price;
}

async function signIn(email: string): Promise<Visitor> {
  const v = new Visitor(srv.base);
  const res = await v.raw('/api/authentication/', { method: 'POST', headers: { 'content-type': 'application/json', origin: srv.base }, body: JSON.stringify({ login: email, password: PASSWORD }) });
  expect(res.status, email).toBe(200);
  return v;
}

async function get(v: Visitor | null, path: string): Promise<{ cache: string | null; control: string | null; html: string }> {
  const res = v ? await v.raw(path, { headers: { 'accept-encoding': 'br, gzip' } }) : await fetch(srv.base + path, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.status, path).toBe(200);
  return { cache: res.headers.get('x-cache'), control: res.headers.get('cache-control'), html: await res.text() };
}

beforeAll(async () => {
  srv = await startOwnServer({
    prepare: async (db) => {
      await writeFixture(db, A, B, C);
      const ids = Object.fromEntries((await db.select({ id: companies.id, unp: companies.unp }).from(companies).where(inArray(companies.unp, [A.company.unp, B.company.unp, C.company.unp]))).map((c) => [c.unp, c.id]));
      const [brand] = await db.select({ id: brands.id }).from(brands).orderBy(asc(brands.id)).limit(1);
      const [type] = await db.insert(priceTypes).values({ externalId: 'profile-cache-type', name: 'Оптовая (тест)' }).returning({ id: priceTypes.id });
      for (const twin of [A, C]) {
        await db.update(companies).set({ discountPercent: '7', priceTypeId: null }).where(eq(companies.id, ids[twin.company.unp]!));
        await db.insert(companyDiscounts).values({ companyId: ids[twin.company.unp]!, brandId: brand!.id, percent: '12' });
      }
      await db.update(companies).set({ discountPercent: '3', priceTypeId: type!.id }).where(eq(companies.id, ids[B.company.unp]!));
      catalogue = await db.select({ id: products.id, code: products.code }).from(products).where(eq(products.active, true)).orderBy(asc(products.id));
      const listed = await db.select({ id: products.id, price: products.price }).from(products).where(inArray(products.id, catalogue.filter((_, i) => i % 2 === 0).map((p) => p.id)));
      await db.insert(productPrices).values(listed.map((p) => ({ productId: p.id, priceTypeId: type!.id, price: (Math.round(Number(p.price) * 85) / 100).toFixed(2) })));
      // One pickup promise for all: the default branch is part of a profile.
      await db.update(users).set({ defaultBranchId: null }).where(inArray(users.email, [A.admin.email, A.employee.email, B.admin.email, C.admin.email]));
    },
  });
}, 300_000);

afterAll(async () => {
  await srv?.stop();
});

describe('signed-in pages cached per pricing profile', () => {
  it('companies on other terms never get each other’s page; every page price is the pricing step’s, for 50 random (product, company) pairs', async () => {
    const people = { A: await signIn(A.admin.email), B: await signIn(B.admin.email), C: await signIn(C.admin.email) };
    // A fixed shuffle: the same 50 pairs on every run, spread over the whole catalogue and all three companies.
    let seed = 29;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pairs = Array.from({ length: 50 }, () => ({ product: catalogue[Math.floor(next() * catalogue.length)]!, who: (['A', 'B', 'C'] as const)[Math.floor(next() * 3)]! }));
    let hits = 0;
    for (const { product, who } of pairs) {
      // Twice each, so the second answer is the cached one whenever the profile's copy exists.
      for (let take = 0; take < 2; take++) {
        const page = await get(people[who], `/${product.code}/`);
        expect(page.control).toBe('private, no-store');
        if (page.cache === 'HIT') hits++;
        expect(pagePrice(page.html), `${who} ${product.code} take ${take} (${page.cache})`).toBe(await calledPrice(people[who], product.code));
      }
    }
    expect(hits).toBeGreaterThanOrEqual(50);

    // The same page, all three in turn: B's answer is never A's copy, and the two copies differ where B's price list differs.
    const listed = catalogue[0]!;
    await get(people.A, `/${listed.code}/`);
    const a = await get(people.A, `/${listed.code}/`);
    const b1 = await get(people.B, `/${listed.code}/`);
    const b2 = await get(people.B, `/${listed.code}/`);
    expect(a.cache).toBe('HIT');
    expect(b2.cache).toBe('HIT');
    expect(pagePrice(b1.html)).toBe(pagePrice(b2.html));
    expect(pagePrice(b1.html)).not.toBe(pagePrice(a.html));
    const guest = await get(null, `/${listed.code}/`);
    expect(pagePrice(guest.html)).not.toBe(pagePrice(a.html));
    expect(pagePrice(guest.html)).not.toBe(pagePrice(b1.html));
  });

  it('people on the same terms share one copy, and no page names the person it was made for', async () => {
    const admin = await signIn(A.admin.email);
    const twin = await signIn(C.admin.email);
    const colleague = await signIn(A.employee.email);
    const path = `/${catalogue[7]!.code}/`;
    const listing = '/brands/';
    // The twin's first page teaches the node its session's profile; after that it reads the admin's copies.
    await get(twin, '/');
    const made = await get(admin, path);
    const shared = await get(twin, path);
    expect(shared.cache).toBe('HIT');
    expect(shared.html).toBe(made.cache === 'HIT' ? made.html : shared.html);
    await get(colleague, '/');
    await get(colleague, listing);
    expect((await get(admin, listing)).cache).toBe('HIT');
    for (const page of [made, shared]) for (const who of [A.admin, A.employee, C.admin]) {
      expect(page.html).not.toContain(who.email);
      expect(page.html).not.toContain(who.name);
    }
    // A staff member sees drafts on the same addresses: never a profile's copy.
    const staff = await signIn(A.staff.email);
    expect((await get(staff, path)).cache).toBeNull();
    expect((await get(staff, path)).cache).toBeNull();
  });

  it('a bearer token, a forged cookie and a HEAD never read a profile’s copy', async () => {
    const admin = await signIn(A.admin.email);
    const path = `/${catalogue[3]!.code}/`;
    await get(admin, path);
    expect((await get(admin, path)).cache).toBe('HIT');
    const forged = await fetch(srv.base + path, { headers: { cookie: 'instr.session_token=forged.value' } });
    expect(forged.headers.get('x-cache')).toBeNull();
    expect(forged.headers.get('x-page-profile')).toBeNull();
    const bearer = await fetch(srv.base + path, { headers: { authorization: 'Bearer not-a-token' } });
    expect(bearer.headers.get('x-cache')).toBeNull();
    const head = await admin.raw(path, { method: 'HEAD' });
    expect(head.headers.get('x-cache')).toBeNull();
  });

  // Changes made while the servers run need a database both can be written beside: the PostgreSQL pass.
  const databaseUrl = inject('databaseUrl');
  if (databaseUrl) {
    it('a change of terms or of a price list drops the copies (also under a concurrent writer), and a signed-out session stops being answered from them, on both nodes', async () => {
      const second = await startNode({ DATABASE_URL: srv.databaseUrl, SEED_ON_START: '0' });
      const client = new pg.Client({ connectionString: srv.databaseUrl });
      await client.connect();
      try {
        const nodes = [srv.base, second.base];
        const product = catalogue[5]!;
        const path = `/${product.code}/`;
        const as = async (origin: string, email: string) => {
          const v = new Visitor(origin);
          const res = await v.raw('/api/authentication/', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ login: email, password: PASSWORD }) });
          expect(res.status).toBe(200);
          return v;
        };
        const until = async (check: () => Promise<boolean>, what: string) => {
          const started = Date.now();
          while (!(await check())) {
            if (Date.now() - started > 15_000) throw new Error(`${what}: not within 15 s`);
            await new Promise((r) => setTimeout(r, 100));
          }
        };
        const shown = async (v: Visitor) => {
          const page = await get(v, path);
          return { ...page, price: pagePrice(page.html) };
        };
        const people = await Promise.all(nodes.map((origin) => as(origin, A.admin.email)));
        for (const v of people) {
          await shown(v);
          expect((await shown(v)).cache).toBe('HIT');
        }
        // The company's general percent: 7 → 40 (above its brand rule): both nodes show the new price.
        const before = await calledPrice(people[0]!, product.code);
        await client.query('UPDATE companies SET discount_percent = 40 WHERE unp = $1', [A.company.unp]);
        const after = await calledPrice(people[0]!, product.code);
        expect(after).toBeLessThan(before);
        for (const v of people) await until(async () => (await shown(v)).price === after, 'new terms on the page');
        // A writer changing the terms while both nodes are read: every page shows some committed terms' price, and
        // once the writer stops both nodes settle on the last one (no copy rendered before a change outlives it).
        const allowed = new Set([after]);
        let writing = true;
        const seen: number[] = [];
        const readers = people.map(async (v) => {
          while (writing) seen.push((await shown(v)).price);
        });
        for (const percent of [21, 23, 25, 27, 29]) {
          await client.query('UPDATE companies SET discount_percent = $2 WHERE unp = $1', [A.company.unp, percent]);
          allowed.add(await calledPrice(people[0]!, product.code));
          await new Promise((r) => setTimeout(r, 150));
        }
        writing = false;
        await Promise.all(readers);
        expect(seen.length).toBeGreaterThan(5);
        for (const price of seen) expect(allowed, `a page price ${price} of no committed terms`).toContain(price);
        const settled = await calledPrice(people[0]!, product.code);
        for (const v of people) await until(async () => (await shown(v)).price === settled, 'the last terms on the page');
        // B's price list: a new list price shows on both nodes.
        const rival = await Promise.all(nodes.map((origin) => as(origin, B.admin.email)));
        const listed = catalogue[0]!;
        const rivalPath = `/${listed.code}/`;
        for (const v of rival) {
          await get(v, rivalPath);
          expect((await get(v, rivalPath)).cache).toBe('HIT');
        }
        await client.query('UPDATE product_prices SET price = 12.34 WHERE product_id = $1', [listed.id]);
        for (const v of rival) await until(async () => pagePrice((await get(v, rivalPath)).html) === 12.34, 'new list price on the page');
        // One session on both nodes, signed out on the first: the second stops answering it from the copies.
        const one = await as(nodes[0]!, C.admin.email);
        const onSecond = new Visitor(second.base);
        onSecond.cookies = new Map(one.cookies);
        await get(one, path);
        await get(onSecond, path);
        expect((await get(onSecond, path)).cache).toBe('HIT');
        const session = new Map(one.cookies);
        expect((await one.post('/api/logout/')).res.status).toBe(200);
        let last = '';
        await until(async () => {
          onSecond.cookies = new Map(session);
          const res = await onSecond.raw(path);
          last = await res.text();
          return res.headers.get('x-cache') !== 'HIT';
        }, 'the ended session off the copies');
        expect(last).toContain('data-testid="retail-price"');
      } finally {
        await client.end();
        await second.stop();
      }
    }, 180_000);
  }
});
