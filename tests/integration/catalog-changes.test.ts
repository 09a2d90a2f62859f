/**
 * The catalogue's change log (migration 0002 triggers) and the watcher that purges cached pages
 * from it, on a real database (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDb, dbKind, type TestDb } from '../helpers/db';
import { brands, changeLog, productQuestions, products, sections, stocks } from '../../src/server/db/schema';
import { productByCode } from '../../src/server/catalog/product';
import { ChangeFeed, type ChangeRow } from '../../src/server/changes/feed';
import { tagsFor } from '../../src/server/changes/follow';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ products: 200 });
});
afterAll(async () => {
  await t?.drop();
});

async function productWithStock() {
  const [row] = await t.db.select({ productId: stocks.productId, branchId: stocks.branchId, quantity: stocks.quantity }).from(stocks).limit(1);
  return row!;
}

describe('products.stock_qty follows stocks', () => {
  it('equals the sum of quantities after the seed and after insert, update, delete', async () => {
    const [check] = await t.db.execute(sql`SELECT count(*)::int AS bad FROM products p WHERE p.stock_qty <> COALESCE((SELECT SUM(quantity) FROM stocks s WHERE s.product_id = p.id), 0)`).then((r: any) => r.rows);
    expect(check.bad).toBe(0);
    const s = await productWithStock();
    const qty = async () => (await t.db.select({ q: products.stockQty }).from(products).where(eq(products.id, s.productId)))[0]!.q;
    const before = await qty();
    await t.db.update(stocks).set({ quantity: s.quantity + 5 }).where(sql`${stocks.productId} = ${s.productId} AND ${stocks.branchId} = ${s.branchId}`);
    expect(await qty()).toBe(before + 5);
    await t.db.delete(stocks).where(sql`${stocks.productId} = ${s.productId} AND ${stocks.branchId} = ${s.branchId}`);
    expect(await qty()).toBe(before - s.quantity);
    await t.db.insert(stocks).values(s);
    expect(await qty()).toBe(before);
  });
});

describe("a node's reference memo and a section or brand created a moment ago", () => {
  it('a product in a new section of a new brand is found at once, before any change feed runs (the memo is read afresh, not «not found»)', async () => {
    const [known] = await t.db.select().from(products).where(eq(products.active, true)).limit(1);
    // This node reads its section tree and brands now…
    expect((await productByCode(t.db, null, known!.code))?.id).toBe(known!.id);
    // …then a 1C package creates a group, a manufacturer and a product in them; no feed tells this node.
    const [leaf] = await t.db.select().from(sections).where(eq(sections.id, known!.sectionId));
    const [sec] = await t.db.insert(sections).values({ code: 'memo-fresh-sec', name: 'Свежая группа', parentId: leaf!.parentId, depth: leaf!.depth }).returning();
    const [brand] = await t.db.insert(brands).values({ code: 'memo-fresh-brand', name: 'Свежмаш' }).returning();
    const { id: _id, externalId: _ext, ...copy } = known!;
    await t.db.insert(products).values({ ...copy, code: 'memo-fresh-product', article: 'MF-1', articleNorm: 'mf1', sectionId: sec!.id, brandId: brand!.id });
    const found = await productByCode(t.db, null, 'memo-fresh-product');
    expect(found?.section.code).toBe('memo-fresh-sec');
    expect(found?.brandRef.code).toBe('memo-fresh-brand');
    expect(found?.path.map((s) => s.url).at(-1)).toBe(found?.section.url);
    // A product that does not exist is still not found.
    expect(await productByCode(t.db, null, 'memo-fresh-nothing')).toBeNull();
  });
});

describe('the change log and its feed', () => {
  it('logs the products a change touches and purges their pages and the listings', async () => {
    const feed = new ChangeFeed(t.db);
    let got: ChangeRow[] = [];
    feed.subscribe('catalog', (rows) => void (got = rows));
    // One look at the log: the tags the page cache would drop (none when nothing changed).
    const look = async () => {
      got = [];
      await feed.catchUp();
      return got.length ? tagsFor(got) : [];
    };
    expect(await look()).toEqual([]); // a new node starts at the end of the log

    const s = await productWithStock();
    await t.db.update(products).set({ price: '123.45' }).where(eq(products.id, s.productId));
    expect(await look()).toEqual(['listings', 'sitemap', 'home', `product:${s.productId}`]);

    // A stock change reaches the product through stock_qty, and so the cache.
    await t.db.update(stocks).set({ quantity: s.quantity + 1 }).where(sql`${stocks.productId} = ${s.productId} AND ${stocks.branchId} = ${s.branchId}`);
    expect(await look()).toContain(`product:${s.productId}`);

    // Rewriting the same values is not a change.
    await t.db.update(products).set({ price: '123.45' }).where(eq(products.id, s.productId));
    expect(await look()).toEqual([]);

    // An unpublished question changes nothing visible; a published answer does.
    await t.db.insert(productQuestions).values({ productId: s.productId, question: 'Есть ли кейс?', published: false });
    expect(await look()).toEqual([]);
    await t.db.update(productQuestions).set({ answer: 'Да', published: true }).where(eq(productQuestions.productId, s.productId));
    expect(await look()).toContain(`product:${s.productId}`);

    // Sections, brands: everything.
    await t.db.update(sections).set({ name: sql`${sections.name}` }).where(eq(sections.id, 1));
    expect(await look()).toEqual(['catalog']);
    // A bulk update (every product at once) drops each product's pages and the listings, not everything:
    // pages that show none of the changed products stay cached.
    await t.db.update(products).set({ popularity: sql`${products.popularity} + 1` });
    const all = await t.db.select({ id: products.id }).from(products);
    const bulk = await look();
    expect(bulk).not.toContain('catalog');
    expect(bulk).toEqual(expect.arrayContaining(['listings', 'home', ...all.map((p) => `product:${p.id}`)]));
    expect(bulk).toHaveLength(all.length + 3);
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(changeLog);
    expect(n).toBeGreaterThan(0);
  });

  it('hands the search index its own rows: a renamed product, and everything after a brand rename', async () => {
    const feed = new ChangeFeed(t.db);
    const seen: { catalog: ChangeRow[]; search: ChangeRow[] } = { catalog: [], search: [] };
    feed.subscribe('catalog', (rows) => void seen.catalog.push(...rows));
    feed.subscribe('search', (rows) => void seen.search.push(...rows));
    await feed.catchUp();
    const [p] = await t.db.select().from(products).limit(1);
    await t.db.update(products).set({ name: `${p!.name} (новое название)` }).where(eq(products.id, p!.id));
    await feed.catchUp();
    expect(seen.search.map((r) => r.productId)).toEqual([p!.id]);
    expect(seen.catalog.map((r) => r.productId)).toEqual([p!.id]);
    await t.db.update(products).set({ name: p!.name }).where(eq(products.id, p!.id));
  });

  // The feed here has no timer (no start()): only the trigger's NOTIFY (migration 0040) can make it read.
  it.skipIf(dbKind() !== 'postgres')('on PostgreSQL a commit wakes the feed by NOTIFY, with no poll, and a commit during a read is read right after it', async () => {
    const feed = new ChangeFeed(t.db);
    await feed.ready();
    const seen: number[] = [];
    let reads = 0;
    feed.subscribe('catalog', (rows) => {
      reads++;
      seen.push(...rows.map((r) => r.productId ?? 0));
    });
    expect(t.listen, 'a PostgreSQL handle can LISTEN').toBeTypeOf('function');
    t.listen!('change_log', () => feed.wake());
    const [p, q] = await t.db.select().from(products).orderBy(products.id).limit(2);
    const arrived = async (id: number) => {
      const started = Date.now();
      while (!seen.includes(id)) {
        if (Date.now() - started > 10_000) throw new Error(`product ${id}'s change was never read`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await t.db.update(products).set({ price: '321.00' }).where(eq(products.id, p!.id));
    await arrived(p!.id);
    // Two commits back to back: the second NOTIFY arrives while the first read may still run; both are read.
    await t.db.update(products).set({ price: '322.00' }).where(eq(products.id, p!.id));
    await t.db.update(products).set({ price: '323.00' }).where(eq(products.id, q!.id));
    await arrived(q!.id);
    expect(reads).toBeGreaterThanOrEqual(2);
    await t.db.update(products).set({ price: p!.price }).where(eq(products.id, p!.id));
    await t.db.update(products).set({ price: q!.price }).where(eq(products.id, q!.id));
  });

  // Searches ask the feed to catch up before every query; on PGlite that read took the store's one connection each time.
  it.skipIf(dbKind() !== 'pglite')('on PGlite a catch-up reads only after a commit notified the feed, and that commit is read before the next query', async () => {
    const feed = new ChangeFeed(t.db);
    await feed.ready();
    const seen: number[] = [];
    feed.subscribe('catalog', (rows) => void seen.push(...rows.map((r) => r.productId ?? 0)));
    expect(t.notifiesEveryCommit).toBe(true);
    await t.listen!('change_log', () => feed.wake());
    feed.trustNotifications();
    await feed.catchUp();
    const transaction = t.db.transaction.bind(t.db);
    let reads = 0;
    t.db.transaction = ((...args: Parameters<typeof transaction>) => (reads++, transaction(...args))) as typeof t.db.transaction;
    try {
      await feed.catchUp();
      await feed.catchUp();
      expect(reads, 'nothing was committed: no read').toBe(0);
      const [p] = await t.db.select().from(products).orderBy(products.id).limit(1);
      await t.db.update(products).set({ price: '654.00' }).where(eq(products.id, p!.id));
      // No timer, no wait: the commit's notification alone makes this catch-up read it.
      await feed.catchUp();
      expect(seen).toContain(p!.id);
      expect(reads).toBeGreaterThanOrEqual(1);
      const after = reads;
      await feed.catchUp();
      expect(reads, 'read once, not again').toBe(after);
      await t.db.update(products).set({ price: p!.price }).where(eq(products.id, p!.id));
    } finally {
      t.db.transaction = transaction;
    }
  });
});

describe('the feed never skips a committed change', () => {
  // Two transactions at once need two connections: PGlite has one, so there a transaction can never commit out of order.
  it.skipIf(dbKind() !== 'postgres')('delivers a change whose transaction took an earlier id and committed after a later one was read', async () => {
    const pg = await import('pg');
    const late = new pg.default.Client({ connectionString: t.url });
    await late.connect();
    try {
      const feed = new ChangeFeed(t.db);
      let got: ChangeRow[] = [];
      feed.subscribe('catalog', (rows) => void got.push(...rows));
      await feed.catchUp();
      const [a, b] = await t.db.select({ id: products.id }).from(products).orderBy(products.id).limit(2);
      // T1 takes its change_log id first and stays open…
      await late.query('BEGIN');
      await late.query('UPDATE products SET price = price + 1 WHERE id = $1', [a!.id]);
      // …T2 takes a later id and commits; the feed reads it.
      await t.db.update(products).set({ price: sql`${products.price} + 1` }).where(eq(products.id, b!.id));
      await feed.catchUp();
      expect(got.map((r) => r.productId)).toEqual([b!.id]);
      got = [];
      // T1 commits after a larger id was read: its change still arrives, once.
      await late.query('COMMIT');
      await feed.catchUp();
      expect(got.map((r) => r.productId)).toEqual([a!.id]);
      got = [];
      await feed.catchUp();
      expect(got).toEqual([]);
    } finally {
      await late.end();
    }
  });
});
