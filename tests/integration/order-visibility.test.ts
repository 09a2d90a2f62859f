/**
 * Issue 23, one order-visibility predicate (src/server/orders/access.ts): a user who placed retail
 * orders and then joined a company sees the same orders in the summary's counts, the orders list
 * (every status group), an order's page and the request form's picker — their own (from before
 * joining too) and, with `company_orders`, the company's — and never another user's.
 *
 * Against a real database (PGlite, or PostgreSQL with DATABASE_URL), with people of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { addCompany, addPerson } from '../helpers/company-server';
import { orders, orderStatuses, users } from '../../src/server/db/schema';
import { listOrders, orderDetail } from '../../src/server/orders/read';
import { openOrders } from '../../src/server/orders/summary';
import { repeatPreview } from '../../src/server/orders/actions';
import { linkableOrders } from '../../src/server/requests/links';
import { viewerFrom, type Viewer } from '../../src/server/http/guard';
import type { SessionUser } from '../../src/server/auth/session';
import { HttpError } from '../../src/server/http/api';

let tdb: TestDb;
let companyId: number;
let otherCompanyId: number;
let finalStatuses: Set<string>;

const JOINER = 'vis-joiner';
const ADMIN = 'vis-admin';
const COLLEAGUE = 'vis-colleague';
const STRANGER = 'vis-stranger';
const OUTSIDER = 'vis-outsider';

/** Order numbers by who placed them and when. */
const placed = { joinerRetail: [] as string[], joinerCompany: [] as string[], colleague: [] as string[], stranger: [] as string[], outsider: [] as string[] };

function viewer(id: string, company: number | null, opts: { admin?: boolean; permissions?: string[] } = {}): Viewer {
  const user: SessionUser = { id, name: id, email: `${id}@example.by`, phone: null, companyId: company, isContragentAdmin: !!opts.admin, isStaff: false, permissions: opts.permissions ?? ['place_orders'], orderLimit: null, orderLimitPeriod: 'order', defaultBranchId: null };
  return viewerFrom({ user } as App.Locals)!;
}

let seq = 0;
async function order(userId: string, company: number | null, status: string): Promise<string> {
  const number = `VIS-${Date.now().toString(36)}-${++seq}`;
  await tdb.db.insert(orders).values({ number, userId, companyId: company, status, contactName: userId, contactPhone: '+375 29 100-20-30', total: '10.00' });
  return number;
}

async function notFound(p: Promise<unknown>): Promise<boolean> {
  try {
    await p;
    return false;
  } catch (e) {
    return e instanceof HttpError && e.status === 404;
  }
}

beforeAll(async () => {
  tdb = await createTestDb({ products: 20 });
  finalStatuses = new Set((await tdb.db.select({ code: orderStatuses.code }).from(orderStatuses).where(eq(orderStatuses.isFinal, true))).map((r) => r.code));
  // A retail customer orders on their own…
  await addPerson(tdb.db, { id: JOINER, name: 'Юлия Вступившая' });
  await addPerson(tdb.db, { id: STRANGER, name: 'Степан Посторонний' });
  for (const s of ['new', 'confirmed', 'picking', 'done', 'cancelled']) placed.joinerRetail.push(await order(JOINER, null, s));
  for (const s of ['new', 'shipped', 'done']) placed.stranger.push(await order(STRANGER, null, s));
  // …then joins a company, whose colleague orders too; another company orders as well.
  companyId = await addCompany(tdb.db, { name: 'ООО «Видимость»', unp: '190000331' }, [
    { id: ADMIN, name: 'Алла Админова', admin: true },
    { id: COLLEAGUE, name: 'Кирилл Коллегин' },
  ]);
  otherCompanyId = await addCompany(tdb.db, { name: 'ООО «Иная»', unp: '190000332' }, [{ id: OUTSIDER, name: 'Ольга Иная', admin: true }]);
  await tdb.db.update(users).set({ companyId, permissions: ['place_orders', 'company_orders'] }).where(eq(users.id, JOINER));
  for (const s of ['new', 'ready']) placed.joinerCompany.push(await order(JOINER, companyId, s));
  for (const s of ['new', 'approval', 'shipped', 'done']) placed.colleague.push(await order(COLLEAGUE, companyId, s));
  for (const s of ['new', 'confirmed']) placed.outsider.push(await order(OUTSIDER, otherCompanyId, s));
});

afterAll(async () => {
  await tdb?.drop();
});

const cases: { name: string; who: () => Viewer; sees: () => string[] }[] = [
  { name: 'the joined user with company_orders', who: () => viewer(JOINER, companyId, { permissions: ['place_orders', 'company_orders'] }), sees: () => [...placed.joinerRetail, ...placed.joinerCompany, ...placed.colleague] },
  { name: 'the joined user without company_orders', who: () => viewer(JOINER, companyId), sees: () => [...placed.joinerRetail, ...placed.joinerCompany] },
  { name: 'the company admin', who: () => viewer(ADMIN, companyId, { admin: true }), sees: () => [...placed.joinerCompany, ...placed.colleague] },
  { name: 'a retail customer', who: () => viewer(STRANGER, null), sees: () => placed.stranger },
];

describe.each(cases)('$name', ({ who, sees }) => {
  it('the list shows exactly their orders; each status group\'s count is what the group lists', async () => {
    const v = who();
    const all = await listOrders(tdb.db, v, { page: 1, pageSize: 1000 });
    expect(all.orders.map((o) => o.order_number).sort()).toEqual([...sees()].sort());
    expect(all.statuses[0]).toMatchObject({ id: 'all', count: sees().length });
    for (const s of all.statuses.slice(1)) {
      const group = await listOrders(tdb.db, v, { filter: s.id, page: 1, pageSize: 1000 });
      expect(group.orders.length, s.id).toBe(s.count);
      expect(group.page_navigation.total, s.id).toBe(s.count);
      expect(group.orders.every((o) => o.status.id === s.id)).toBe(true);
    }
  });

  it('the summary counts the open orders the list shows, the same ones', async () => {
    const v = who();
    const all = await listOrders(tdb.db, v, { page: 1, pageSize: 1000 });
    const openInList = all.orders.filter((o) => !finalStatuses.has(o.status.id)).map((o) => o.order_number).sort();
    const openByGroups = all.statuses.slice(1).filter((s) => !finalStatuses.has(s.id)).reduce((n, s) => n + s.count, 0);
    // What personal/summary.ts shows as orders.open / openTotal (that module reads astro:content, so it is called over HTTP elsewhere).
    const open = await openOrders(tdb.db, v, 1000);
    expect(open.total).toBe(openInList.length);
    expect(open.total).toBe(openByGroups);
    expect(open.items.map((o) => o.number).sort()).toEqual(openInList);
  });

  it('each visible order opens; the request form offers the same orders; nobody else\'s order opens', async () => {
    const v = who();
    const mine = new Set(sees());
    for (const number of mine) expect((await orderDetail(tdb.db, v, number, { page: 1, pageSize: 20 })).order_number).toBe(number);
    expect((await linkableOrders(tdb.db, v)).map((o) => o.number).sort()).toEqual([...mine].sort());
    const others = Object.values(placed).flat().filter((n) => !mine.has(n));
    expect(others.length).toBeGreaterThan(0);
    for (const number of others) {
      expect(await notFound(orderDetail(tdb.db, v, number, { page: 1, pageSize: 20 })), number).toBe(true);
      expect(await notFound(repeatPreview(tdb.db, v, number)), number).toBe(true);
    }
  });
});
