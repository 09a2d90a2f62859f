/**
 * Issue 23, approval has one home (src/server/orders/approval.ts): an employee's order above their
 * limit waits; only the company's admins who may act (admin, active, not blocked) are told and may
 * decide; a deactivated or blocked admin — whose old session object may still be around — and
 * another company's admin are refused and change nothing. The same `activeAdmins()` chooses who
 * hears about a join request.
 *
 * Against a real database (PGlite, or PostgreSQL with DATABASE_URL), with a company of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { addCompany } from '../helpers/company-server';
import { notifications, orders, orderStatusHistory, users } from '../../src/server/db/schema';
import { activeAdmins, approvalLimit, canApprove, decideApproval, needsApproval, notifyApprovers } from '../../src/server/orders/approval';
import { listOrders } from '../../src/server/orders/read';
import { createJoinRequest } from '../../src/server/accounts/join-requests';
import { viewerFrom, type Viewer } from '../../src/server/http/guard';
import type { SessionUser } from '../../src/server/auth/session';
import { HttpError } from '../../src/server/http/api';
import { reloadConfig } from '../../src/server/config';
import { deliverDueMessages } from '../../src/server/notifications/outbox';

let tdb: TestDb;
let companyId: number;
let otherCompanyId: number;
let dataDir: string;
const savedDataDir = process.env.DATA_DIR;

const ACTIVE = 'apr-active';
const INACTIVE = 'apr-inactive';
const BLOCKED = 'apr-blocked';
const EMPLOYEE = 'apr-emp';
const OTHER = 'apr-other-admin';
const email = (id: string) => `${id}@approval.example.by`;

function viewer(id: string, company: number | null, opts: { admin?: boolean; orderLimit?: number | null; orderLimitPeriod?: 'order' | 'day' | 'week' | 'month' } = {}): Viewer {
  const user: SessionUser = { id, name: id, email: email(id), phone: null, companyId: company, isContragentAdmin: !!opts.admin, isStaff: false, permissions: ['place_orders'], orderLimit: opts.orderLimit ?? null, orderLimitPeriod: opts.orderLimitPeriod ?? 'order', defaultBranchId: null };
  return viewerFrom({ user } as App.Locals)!;
}

let seq = 0;
async function waitingOrder(total: string): Promise<string> {
  const number = `APR-${Date.now().toString(36)}-${++seq}`;
  await tdb.db.insert(orders).values({ number, userId: EMPLOYEE, companyId, status: 'approval', contactName: 'Эмиль Сотрудников', contactPhone: '+375 29 100-20-30', total, paymentType: 'invoice' });
  return number;
}

const statusOf = async (number: string) => (await tdb.db.select({ status: orders.status }).from(orders).where(eq(orders.number, number)))[0]!.status;
const historyOf = async (number: string) => {
  const [o] = await tdb.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  return tdb.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o!.id));
};
const mailsTo = (address: string) => {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter((m) => (typeof m.to === 'string' ? [m.to] : (m.to ?? []).map((a: { address: string }) => a.address)).includes(address));
};

async function refusal(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return e.status;
    throw e;
  }
  return 200;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'approval-rule-'));
  process.env.DATA_DIR = dataDir;
  // Configuration is read once per process (src/server/config): read it again with this DATA_DIR.
  reloadConfig();
  tdb = await createTestDb({ products: 20 });
  companyId = await addCompany(tdb.db, { name: 'ООО «Согласование»', unp: '190000231' }, [
    { id: ACTIVE, email: email(ACTIVE), name: 'Анна Действующая', admin: true },
    { id: INACTIVE, email: email(INACTIVE), name: 'Иван Отключённый', admin: true, active: false },
    { id: BLOCKED, email: email(BLOCKED), name: 'Борис Заблокированный', admin: true, blocked: true },
    { id: EMPLOYEE, email: email(EMPLOYEE), name: 'Эмиль Сотрудников', orderLimit: '100.00' },
  ]);
  otherCompanyId = await addCompany(tdb.db, { name: 'ООО «Чужая»', unp: '190000232' }, [{ id: OTHER, email: email(OTHER), name: 'Олег Чужой', admin: true }]);
});

afterAll(async () => {
  await tdb?.drop();
  process.env.DATA_DIR = savedDataDir;
  if (savedDataDir === undefined) delete process.env.DATA_DIR;
  reloadConfig();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the rule', () => {
  it('an employee\'s order above their limit waits; at the limit, an admin\'s or a retail order does not', () => {
    const emp = viewer(EMPLOYEE, companyId, { orderLimit: 100 });
    expect(approvalLimit(emp)).toBe(100);
    expect(needsApproval(emp, 100.01)).toBe(true);
    expect(needsApproval(emp, 100)).toBe(false);
    expect(needsApproval(viewer(ACTIVE, companyId, { admin: true, orderLimit: 1 }), 5000)).toBe(false);
    expect(approvalLimit(viewer('someone', null, { orderLimit: 1 }))).toBeNull();
    expect(needsApproval(viewer('someone', null, { orderLimit: 1 }), 5000)).toBe(false);
    expect(needsApproval(viewer(EMPLOYEE, companyId, { orderLimit: null }), 5000)).toBe(false);
    expect(needsApproval(null, 5000)).toBe(false);
  });
});

describe('who the admins are', () => {
  it('activeAdmins(): admin, active and not blocked — only the active admin, and only of this company', async () => {
    expect((await activeAdmins(tdb.db, companyId)).map((a) => a.id)).toEqual([ACTIVE]);
    expect((await activeAdmins(tdb.db, otherCompanyId)).map((a) => a.id)).toEqual([OTHER]);
  });

  it('an order waiting for approval is told to the active admin only (bell and e-mail)', async () => {
    const number = await waitingOrder('250.00');
    const told = await notifyApprovers(tdb.db, { number, companyId, buyer: 'Эмиль Сотрудников', total: 250, href: `/personal/orders/${number}/` }, 'http://store.test');
    expect(told).toEqual([ACTIVE]);
    const bells = await tdb.db.select({ userId: notifications.userId, title: notifications.title }).from(notifications).where(inArray(notifications.userId, [ACTIVE, INACTIVE, BLOCKED, OTHER]));
    expect(bells.filter((b) => b.title.includes(number)).map((b) => b.userId)).toEqual([ACTIVE]);
    // No node runs here: the outbox is sent by hand, as a node's sender would.
    while ((await deliverDueMessages(tdb.db)) > 0) {}
    expect(mailsTo(email(ACTIVE)).filter((m) => m.subject.includes(number))).toHaveLength(1);
    for (const id of [INACTIVE, BLOCKED, OTHER]) expect(mailsTo(email(id)).filter((m) => m.subject.includes(number)), id).toHaveLength(0);
  });

  it('a join request is told to the active admin only (the same activeAdmins())', async () => {
    await tdb.db.insert(users).values({ id: 'apr-joiner', email: email('apr-joiner'), name: 'Жанна Вступающая', emailVerified: true });
    await createJoinRequest(tdb.db, { companyId, userId: 'apr-joiner' });
    const bells = await tdb.db.select({ userId: notifications.userId }).from(notifications).where(and(inArray(notifications.userId, [ACTIVE, INACTIVE, BLOCKED, OTHER]), eq(notifications.kind, 'company')));
    expect(bells.map((b) => b.userId)).toEqual([ACTIVE]);
  });
});

describe('who may approve, and the decision', () => {
  it('an inactive admin, a blocked admin and another company\'s admin cannot approve: refused (404), nothing changes', async () => {
    const number = await waitingOrder('300.00');
    const before = (await historyOf(number)).length;
    for (const [id, company] of [
      [INACTIVE, companyId],
      [BLOCKED, companyId],
      [OTHER, otherCompanyId],
    ] as const) {
      expect(await canApprove(tdb.db, id, number), id).toBe(false);
      expect(await refusal(decideApproval(tdb.db, viewer(id, company, { admin: true }), number, true)), id).toBe(404);
      expect(await refusal(decideApproval(tdb.db, viewer(id, company, { admin: true }), number, false)), id).toBe(404);
    }
    // The employee who placed it cannot approve it either.
    expect(await canApprove(tdb.db, EMPLOYEE, number)).toBe(false);
    expect(await refusal(decideApproval(tdb.db, viewer(EMPLOYEE, companyId, { orderLimit: 100 }), number, true))).toBe(404);
    expect(await statusOf(number)).toBe('approval');
    expect(await historyOf(number)).toHaveLength(before);
    // Another company's admin does not even see it in their list.
    const theirs = await listOrders(tdb.db, viewer(OTHER, otherCompanyId, { admin: true }), { page: 1, pageSize: 100 });
    expect(theirs.orders.map((o) => o.order_number)).not.toContain(number);
  });

  it('the active admin can: the list offers it, approving moves it to «new», a second decision is a conflict', async () => {
    const number = await waitingOrder('400.00');
    expect(await canApprove(tdb.db, ACTIVE, number)).toBe(true);
    const list = await listOrders(tdb.db, viewer(ACTIVE, companyId, { admin: true }), { filter: 'approval', page: 1, pageSize: 100 });
    expect(list.orders.find((o) => o.order_number === number)).toMatchObject({ can_approve: true, mine: false });
    const ownView = await listOrders(tdb.db, viewer(EMPLOYEE, companyId, { orderLimit: 100 }), { filter: 'approval', page: 1, pageSize: 100 });
    expect(ownView.orders.find((o) => o.order_number === number)).toMatchObject({ can_approve: false, mine: true });
    expect(await decideApproval(tdb.db, viewer(ACTIVE, companyId, { admin: true }), number, true, 'Согласовано')).toEqual({ order_number: number, status: 'new' });
    expect(await statusOf(number)).toBe('new');
    expect((await historyOf(number)).map((h) => [h.status, h.actorKind, h.actorUserId, h.comment])).toEqual([['new', 'admin', ACTIVE, 'Согласовано']]);
    expect(await canApprove(tdb.db, ACTIVE, number)).toBe(false);
    expect(await refusal(decideApproval(tdb.db, viewer(ACTIVE, companyId, { admin: true }), number, false))).toBe(409);
    expect(await statusOf(number)).toBe('new');
  });

  it('rejecting cancels the order', async () => {
    const number = await waitingOrder('500.00');
    expect((await decideApproval(tdb.db, viewer(ACTIVE, companyId, { admin: true }), number, false)).status).toBe('cancelled');
    expect(await statusOf(number)).toBe('cancelled');
  });
});
