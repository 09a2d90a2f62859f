/**
 * «Товарный чек» of a retail order (issue 26): the seller's requisites (src/config/seller.ts), the
 * lines, the total with the VAT in it and the sum in words — drawn like the invoice (./pdf.ts), from the order as stored (prices and totals in kopecks, never recomputed).
 * Invoice orders have the invoice instead; every other order has a receipt.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderItems, orders } from '../db/schema';
import { SELLER } from '../../config/seller';
import { longDate } from '../../lib/format';
import { notFoundError } from '../http/ownership';
import { t } from '../../i18n';
import { drawLines, newPaper, paperRows, type PaperRow } from './pdf';

const PAID_BY: Record<string, string> = {
  cash: 'наличными при получении',
  card: 'банковской картой при получении',
  online: 'банковской картой онлайн',
  erip: 'через ЕРИП',
};
const PAYMENT_STATE: Record<string, string> = { awaiting: 'ожидает оплаты', paid: 'оплачен', unpaid: 'не оплачен', refunded: 'деньги возвращены' };

/**
 * The receipt of an order found by number under `where` — the viewer's visibility (orders/access.ts
 * visibleTo) or a guest's owner key, in the same statement — 404 for another's, a missing or an invoice order.
 */
export async function receiptFor(db: Db, where: SQL, number: string): Promise<Buffer> {
  const [o] = await db.select({ id: orders.id, paymentType: orders.paymentType }).from(orders).where(and(eq(orders.number, number), where)).limit(1);
  if (!o) throw notFoundError(t('ORDER_NOT_FOUND'));
  if (o.paymentType === 'invoice') throw notFoundError('У заказа по счёту нет товарного чека: документ оплаты — счёт.');
  return receiptPdf(db, o.id);
}

export async function receiptPdf(db: Db, orderId: number): Promise<Buffer> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!o) throw new Error(`order ${orderId} not found`);
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const rows = paperRows(lines, o.deliveryPrice);
  const paidBy = PAID_BY[o.paymentType] ?? o.paymentType;
  const state = o.paymentStatus ? `, ${PAYMENT_STATE[o.paymentStatus] ?? o.paymentStatus}` : '';
  return render({ number: o.number, date: longDate(o.createdAt.toISOString().slice(0, 10)), buyer: o.contactName, rows, total: Number(o.total), vat: Number(o.vat), payment: `${paidBy}${state}`, cancelled: o.status === 'cancelled' });
}

type ReceiptData = { number: string; date: string; buyer: string; rows: PaperRow[]; total: number; vat: number; payment: string; cancelled: boolean };

function render(d: ReceiptData): Promise<Buffer> {
  const { doc, done, left, width } = newPaper(`Товарный чек № ${d.number}`);
  doc.font('b').fontSize(10).text(SELLER.legalName, left, 40, { width });
  doc.font('r').fontSize(9).text(`УНП ${SELLER.unp}. Юридический адрес: ${SELLER.legalAddress}`, { width });
  doc.text(`Р/с ${SELLER.bank.iban} в ${SELLER.bank.name}, BIC ${SELLER.bank.bic}. Тел. ${SELLER.phone}, ${SELLER.email}, ${SELLER.domain}`, { width });
  doc.text(`Торговый реестр Республики Беларусь № ${SELLER.tradeRegister.number}`, { width });
  doc.moveDown(1);
  doc.font('b').fontSize(15).text(`Товарный чек № ${d.number} от ${d.date}`, left, doc.y, { width, align: 'center' });
  if (d.cancelled) doc.font('b').fontSize(11).fillColor('#b00020').text('Заказ отменён', { width, align: 'center' }).fillColor('#000000');
  doc.moveDown(0.6);
  doc.font('r').fontSize(10).text(`Покупатель: ${d.buyer}`, left, doc.y, { width });
  doc.text(`Оплата: ${d.payment}`, { width });
  doc.moveDown(0.6);

  drawLines(doc, left, width, d, 'Сумма прописью');
  doc.moveDown(2);
  doc.font('r').fontSize(10).text('Продавец ____________________', left, doc.y, { width });
  doc.moveDown(0.5);
  doc.fontSize(8).fillColor('#555555').text(`${SELLER.remarksBook}. Обращения покупателей: ${SELLER.complaintsEmail}.`, { width });
  doc.end();
  return done;
}
