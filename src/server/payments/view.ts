/**
 * How an order's online payment looks to its buyer (order pages, the confirmation, the API). Reads
 * only the `payments` table, so `orders/read.ts` can show it without importing the payment service
 * (which imports `orders/reservations.ts`: no import circle).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments } from '../db/schema';

export type PaymentStatus = 'awaiting' | 'paid' | 'unpaid' | 'refunded';
export type PaymentView = {
  method: 'card' | 'erip';
  status: PaymentStatus;
  status_name: string;
  /** Where the buyer pays: the provider's page (card) or the confirmation with ЕРИП instructions. Null once nothing is to pay. */
  url: string | null;
  due_at: string | null;
  erip: { service_no: string; account_number: string; instruction: string[] } | null;
};

export const PAYMENT_STATUS_NAMES: Record<PaymentStatus, string> = { awaiting: 'Ожидает оплаты', paid: 'Оплачен', unpaid: 'Не оплачен', refunded: 'Деньги возвращены' };

/** The online payment methods an order may have (orders.payment_type). */
export const ONLINE_TYPES = { online: 'card', erip: 'erip' } as const;
export const isOnlineType = (type: string): type is keyof typeof ONLINE_TYPES => type in ONLINE_TYPES;

/** The store's own link that starts (or resumes) paying an order by card: checkout/[number]/pay. */
export const payLink = (number: string) => `/checkout/${encodeURIComponent(number)}/pay/`;

export async function paymentView(db: Db, order: { id: number; number: string; paymentType: string; paymentStatus: string | null; paymentDueAt: Date | null }): Promise<PaymentView | null> {
  if (!isOnlineType(order.paymentType) || !order.paymentStatus) return null;
  const [p] = await db.select({ url: payments.url, erip: payments.erip }).from(payments).where(eq(payments.orderId, order.id)).limit(1);
  const status = order.paymentStatus as PaymentStatus;
  const method = ONLINE_TYPES[order.paymentType];
  const open = status === 'awaiting';
  return {
    method,
    status,
    status_name: PAYMENT_STATUS_NAMES[status],
    url: !open ? null : method === 'card' ? payLink(order.number) : `/checkout/${encodeURIComponent(order.number)}/`,
    due_at: open && order.paymentDueAt ? order.paymentDueAt.toISOString() : null,
    erip: method === 'erip' ? (p?.erip ?? null) : null,
  };
}
