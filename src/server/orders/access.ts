/**
 * Who sees an order and who may cancel it: the one home of both rules (issue 23). Every read that
 * decides which orders a user sees — the orders list and its status counts, an order's page, the
 * summary's open orders, repeat, cancel, the invoice, the request form's order picker — puts
 * `visibleTo(viewer)` into its own SQL statement, so a count and the list it counts cannot differ.
 *
 * A user sees their own orders (also those placed before they joined a company, which carry no
 * company); a company admin, or an employee with `company_orders`, also every order of their
 * company. Another's order is not told apart from a missing one (404).
 */
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { orders } from '../db/schema';
import type { Viewer } from '../http/guard';
import { CUSTOMER_CANCELLABLE, type OrderStatus } from './status';

/** Whose orders: a user's own, and — when `companyWide` — every order of `companyId` too. */
export type OrderAudience = { userId: string | null; companyId: number | null; companyWide: boolean };

/** The one order-visibility predicate, as SQL over `orders`. No user and no company matches nothing. */
export function ordersOf(who: OrderAudience): SQL {
  const parts: SQL[] = [];
  if (who.userId) parts.push(eq(orders.userId, who.userId));
  if (who.companyWide && who.companyId) parts.push(eq(orders.companyId, who.companyId));
  if (!parts.length) return sql`false`;
  return parts.length === 1 ? parts[0]! : or(...parts)!;
}

type Who = Pick<Viewer, 'id' | 'companyId' | 'isAdmin' | 'can'>;

/** Whether the viewer sees their company's orders besides their own (the admin always, an employee with `company_orders`). */
export function seesCompanyOrders(viewer: Who): boolean {
  return !!viewer.companyId && (viewer.isAdmin || viewer.can('company_orders'));
}

/** The orders this viewer may see, as a condition for the same statement that reads them. */
export function visibleTo(viewer: Who): SQL {
  return ordersOf({ userId: viewer.id, companyId: viewer.companyId, companyWide: seesCompanyOrders(viewer) });
}

/**
 * The cancel rule, for an order the viewer sees: the buyer cancels their own order, the company
 * admin any order of the company, while it is `approval` or `new`. Why not, or null when they may.
 */
export function cancelRefusal(viewer: Pick<Viewer, 'id' | 'companyId' | 'isAdmin'>, order: { status: OrderStatus; userId: string | null; companyId: number | null }): 'not_yours' | 'too_late' | null {
  const own = order.userId === viewer.id;
  if (!own && !(viewer.isAdmin && order.companyId != null && order.companyId === viewer.companyId)) return 'not_yours';
  if (!CUSTOMER_CANCELLABLE.includes(order.status)) return 'too_late';
  return null;
}
