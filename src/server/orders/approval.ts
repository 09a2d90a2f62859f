/**
 * Order approval, in one place (issue 23; decision 0120 «Approval»): a contractor employee's order
 * above their per-order limit waits in `approval` until an admin of the company approves it
 * (→ `new`) or rejects it (→ `cancelled`, stock back).
 *
 * - the rule: `needsApproval()` / `approvalLimit()` / `approvalPeriod()` (checkout state and submission ask it):
 *   per order, or per Minsk day/week/month counting the period's orders so far (`spentInPeriod()`);
 * - who the admins are: `activeAdmins()` — admin flag, active AND not blocked — the one lookup of a
 *   company's admins (approval notices, join requests, address notices, the last-admin check);
 * - who may approve which order (`can_approve`): `mayApprove()` for a row already read, and
 *   `approverOf()` inside the deciding statement, which re-reads the approver's row, so an admin
 *   deactivated or blocked meanwhile, or another company's admin, finds nothing (404) and changes nothing;
 * - telling the admins: `notifyApprovers()`; the decision: `decideApproval()`.
 */
import { and, asc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { orders, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import type { Viewer } from '../http/guard';
import { notFoundError } from '../http/ownership';
import { notify } from '../notifications/notify';
import { formatPrice } from '../../lib/format';
import { fromKopecks, toKopecks } from '../lib/money';
import { periodStart, type LimitPeriod } from './limit-period';
import { t } from '../../i18n';
import { changeOrderStatus, type OrderStatus } from './status';

/* ---------- who the admins of a company are ---------- */

/** A user row that is an admin who may act: the admin flag, active, not blocked (cf. auth/session.ts mayAct). */
export function isActiveAdmin(): SQL {
  return and(eq(users.isContragentAdmin, true), eq(users.active, true), eq(users.blocked, false))!;
}

export type CompanyAdmin = { id: string; name: string; email: string };

/**
 * The admins of a company who may act, by id. `forUpdate` locks their rows (inside a transaction:
 * the last-admin check of blocking, so two admins blocking each other cannot both succeed).
 */
export async function activeAdmins(db: Db, companyId: number, opts: { forUpdate?: boolean } = {}): Promise<CompanyAdmin[]> {
  const q = db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), isActiveAdmin()))
    .orderBy(asc(users.id));
  return opts.forUpdate ? q.for('update') : q;
}

/* ---------- the rule ---------- */

type Buyer = Pick<Viewer, 'companyId' | 'isAdmin' | 'orderLimit'> & { orderLimitPeriod?: LimitPeriod };

/** The limit above which this buyer's order waits for approval: a company employee's `order_limit`; none for an admin or a retail customer. */
export function approvalLimit(viewer: Buyer | null): number | null {
  return viewer?.companyId && !viewer.isAdmin ? viewer.orderLimit : null;
}

/** What the limit counts: one order (the spec's), or the Minsk day, week or month (issue 28 #3). */
export function approvalPeriod(viewer: Buyer | null): LimitPeriod {
  return viewer?.orderLimitPeriod ?? 'order';
}

/**
 * What this employee has already ordered in the current period: every order of theirs placed since
 * the period began that is not cancelled — those waiting for approval included, so that splitting one
 * order into several cannot get round the limit. 0 for a per-order limit or no limit.
 * Called inside the order's transaction after `lockSpender`, so two orders at once are counted in turn.
 */
export async function spentInPeriod(db: Db, viewer: (Buyer & { id: string }) | null, now: Date = new Date()): Promise<number> {
  if (approvalLimit(viewer) === null) return 0;
  const since = periodStart(approvalPeriod(viewer), now);
  if (!since) return 0;
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${orders.total}), 0)` })
    .from(orders)
    .where(and(eq(orders.userId, viewer!.id), gte(orders.createdAt, since), ne(orders.status, 'cancelled')));
  return Number(row?.sum ?? 0);
}

/** Serialises one employee's orders while a period limit is counted (the user's row, locked to the transaction's end). */
export async function lockSpender(tx: Db, viewer: (Buyer & { id: string }) | null): Promise<void> {
  if (approvalLimit(viewer) === null || approvalPeriod(viewer) === 'order') return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer!.id)).for('update');
}

/** Whether an order of `total` (BYN) by this buyer waits for the company admin's approval; `spent`: their orders of the period so far. */
export function needsApproval(viewer: Buyer | null, total: number, spent = 0): boolean {
  const limit = approvalLimit(viewer);
  if (limit == null) return false;
  // Compared in kopecks (lib/money.ts): a total equal to the limit never needs approval.
  const counted = approvalPeriod(viewer) === 'order' ? toKopecks(total) : toKopecks(spent) + toKopecks(total);
  return counted > toKopecks(limit);
}

const PERIOD_WORDS: Record<LimitPeriod, string> = { order: 'на один заказ', day: 'в день', week: 'в неделю', month: 'в месяц' };

/** The limit as the employee reads it before ordering: «500,00 р. в месяц, осталось 191,06 р.» (null: no limit). */
export function limitText(viewer: Buyer | null, spent: number): string | null {
  const limit = approvalLimit(viewer);
  if (limit == null) return null;
  const left = leftInPeriod(viewer, spent);
  return `${formatPrice(limit)} ${PERIOD_WORDS[approvalPeriod(viewer)]}${left === null ? '' : `, осталось ${formatPrice(left)}`}`;
}

/** What is left of the period's limit before an order needs approval (null: no limit, or a per-order one). */
export function leftInPeriod(viewer: Buyer | null, spent: number): number | null {
  const limit = approvalLimit(viewer);
  if (limit == null || approvalPeriod(viewer) === 'order') return null;
  return fromKopecks(Math.max(0, toKopecks(limit) - toKopecks(spent)));
}

/* ---------- who may approve which order ---------- */

/** `can_approve` for an order row already read: it waits, and the viewer is an admin of its company (the session guarantees active and not blocked). */
export function mayApprove(viewer: Pick<Viewer, 'companyId' | 'isAdmin'>, order: { status: string; companyId: number | null }): boolean {
  return order.status === 'approval' && viewer.isAdmin && order.companyId != null && order.companyId === viewer.companyId;
}

/** SQL: the order's company has `userId` among its active admins (read in the same statement as the order). */
export function approverOf(db: Db, userId: string, companyColumn: AnyPgColumn = orders.companyId): SQL {
  return inArray(companyColumn, db.select({ companyId: users.companyId }).from(users).where(and(eq(users.id, userId), isActiveAdmin())));
}

/** Whether `userId` may decide on order `number` now (it waits, and they are an active admin of its company). */
export async function canApprove(db: Db, userId: string, number: string): Promise<boolean> {
  const [o] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.number, number), eq(orders.status, 'approval'), approverOf(db, userId))).limit(1);
  return !!o;
}

/* ---------- telling the admins ---------- */

/** Bell and e-mail to every active admin of the order's company: an order waits for them. `site` is the absolute origin for links. */
export async function notifyApprovers(db: Db, order: { number: string; companyId: number; buyer: string; total: number; href: string }, site: string): Promise<string[]> {
  const admins = await activeAdmins(db, order.companyId);
  const title = `${t('ORDER')} ${order.number} ждёт вашего согласования`;
  const text = `${order.buyer} оформил(а) заказ на ${formatPrice(order.total)} — больше своего лимита. Согласуйте или отклоните его.`;
  for (const a of admins) {
    await notify(db, { userId: a.id, kind: 'order', title, text, href: order.href, email: { subject: `${title} — ${t('SITE_NAME')}`, text: `${text}\n\n${site}${order.href}` }, orderNumber: order.number });
  }
  return admins.map((a) => a.id);
}

/* ---------- the decision ---------- */

/** What each decision moves a waiting order to. */
export const APPROVAL_OUTCOME = { approve: 'new', reject: 'cancelled' } as const satisfies Record<string, OrderStatus>;

/**
 * POST /api/profile/orders/approve/ {order_number, approve, comment}: an active admin of the
 * order's company decides. Anyone else (another company's admin, an admin deactivated or blocked
 * since) gets 404 and nothing changes; an order no longer waiting, 409.
 */
export async function decideApproval(db: Db, viewer: Pick<Viewer, 'id'>, number: string, approve: boolean, comment?: string): Promise<{ order_number: string; status: OrderStatus }> {
  const [o] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(and(eq(orders.number, number), approverOf(db, viewer.id))).limit(1);
  if (!o) throw notFoundError(t('ORDER_NOT_FOUND'));
  if (o.status !== 'approval') throw new HttpError(409, [{ code: ERR.CONFLICT, message: t('ORDER_NOT_AWAITING_APPROVAL') }]);
  const to: OrderStatus = approve ? APPROVAL_OUTCOME.approve : APPROVAL_OUTCOME.reject;
  await changeOrderStatus(db, { orderId: o.id, from: 'approval', to, actor: { kind: 'admin', userId: viewer.id }, comment: comment ?? (approve ? t('ORDER_APPROVED') : t('ORDER_REJECTED')) });
  return { order_number: number, status: to };
}
