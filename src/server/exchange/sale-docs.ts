/**
 * Documents 1C issued for an order (ТТН, ЭСЧФ, счёт…) and its paid/shipped marks, as the buyer sees
 * them: the order page's «Документы» block (orders/read.ts) and the notification text (sale.ts).
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderDocuments, orderExchange } from '../db/schema';
import { t } from '../../i18n';

export const fill = (text: string, vars: Record<string, string | number>) => Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, String(v)), text);
/** YYYY-MM-DD → DD.MM.YYYY. */
export const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

export const docLabel = (kind: string): string =>
  ({ ttn: t('ORDER_DOC_TTN'), esf: t('ORDER_DOC_ESF'), invoice: t('ORDER_DOC_INVOICE'), payment: t('ORDER_DOC_PAYMENT'), shipment: t('ORDER_DOC_SHIPMENT') })[kind] ?? kind;

/** «ТТН № 0123 от 05.03.2025» — the same words on the order page and in notifications. */
export const docText = (d: { kind: string; number: string; date: string | null }): string =>
  `${docLabel(d.kind)} ${fill(t('ORDER_DOC_NUMBER'), { n: d.number })}${d.date ? ` ${fill(t('ORDER_DOC_DATED'), { d: ruDate(d.date) })}` : ''}`;

export type OrderDocuments = {
  documents: { kind: string; label: string; number: string; date: string | null; text: string }[];
  paid: boolean;
  paid_on: string | null;
  shipped: boolean;
  shipped_on: string | null;
};

/** What the order page shows in «Документы». */
export async function orderDocumentsOf(db: Db, orderId: number): Promise<OrderDocuments> {
  const [docs, [x]] = await Promise.all([
    db.select().from(orderDocuments).where(eq(orderDocuments.orderId, orderId)).orderBy(asc(orderDocuments.at), asc(orderDocuments.kind)),
    db.select().from(orderExchange).where(eq(orderExchange.orderId, orderId)).limit(1),
  ]);
  return {
    documents: docs.map((d) => ({ kind: d.kind, label: docLabel(d.kind), number: d.number, date: d.date, text: docText(d) })),
    paid: x?.paid ?? false,
    paid_on: x?.paidOn ?? null,
    shipped: x?.shipped ?? false,
    shipped_on: x?.shippedOn ?? null,
  };
}
