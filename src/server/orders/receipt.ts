/**
 * «Товарный чек» of a retail order (issue 26): the seller's requisites (src/config/seller.ts), the
 * lines, the total with the VAT in it and the sum in words — drawn by pdfkit with DejaVu Sans like
 * the invoice (invoice.ts), from the order as stored (prices and totals in kopecks, never recomputed).
 * Invoice orders have the invoice instead; every other order has a receipt.
 */
import { createRequire } from 'node:module';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Db } from '../db/client';
import { orderItems, orders } from '../db/schema';
import { SELLER, VAT_RATE } from '../../config/seller';
import { formatPrice, longDate } from '../../lib/format';
import { bynInWords } from './words';
import { lineSum } from '../lib/money';
import { notFoundError } from '../http/ownership';
import { t } from '../../i18n';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const money = (n: number) => formatPrice(n).replace(' р.', '');

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
  const rows = lines.map((l) => ({ name: l.name, article: l.article, quantity: l.quantity, price: Number(l.price), sum: lineSum(l.price, l.quantity) }));
  if (Number(o.deliveryPrice) > 0) rows.push({ name: 'Доставка заказа', article: '—', quantity: 1, price: Number(o.deliveryPrice), sum: Number(o.deliveryPrice) });
  const paidBy = PAID_BY[o.paymentType] ?? o.paymentType;
  const state = o.paymentStatus ? `, ${PAYMENT_STATE[o.paymentStatus] ?? o.paymentStatus}` : '';
  return render({ number: o.number, date: longDate(o.createdAt.toISOString().slice(0, 10)), buyer: o.contactName, rows, total: Number(o.total), vat: Number(o.vat), payment: `${paidBy}${state}`, cancelled: o.status === 'cancelled' });
}

type ReceiptData = { number: string; date: string; buyer: string; rows: { name: string; article: string; quantity: number; price: number; sum: number }[]; total: number; vat: number; payment: string; cancelled: boolean };

function render(d: ReceiptData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Товарный чек № ${d.number}`, Author: SELLER.legalName } });
  doc.registerFont('r', FONT);
  doc.registerFont('b', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 40;
  const width = doc.page.width - 80;
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

  const cols = [
    { title: '№', w: 24, align: 'center' as const },
    { title: 'Наименование товара', w: width - 24 - 80 - 44 - 80 - 86, align: 'left' as const },
    { title: 'Артикул', w: 80, align: 'left' as const },
    { title: 'Кол-во, шт.', w: 44, align: 'right' as const },
    { title: 'Цена с НДС, р.', w: 80, align: 'right' as const },
    { title: 'Сумма с НДС, р.', w: 86, align: 'right' as const },
  ];
  const drawRow = (cells: string[], font: 'r' | 'b') => {
    doc.font(font).fontSize(8.5);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.w - 6 }))) + 8;
    if (doc.y + h > doc.page.height - 60) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc.rect(x, y, cols[i]!.w, h).lineWidth(0.5).stroke('#555555');
      doc.fillColor('#000000').text(c, x + 3, y + 4, { width: cols[i]!.w - 6, align: cols[i]!.align });
      x += cols[i]!.w;
    });
    doc.x = left;
    doc.y = y + h;
  };
  drawRow(cols.map((c) => c.title), 'b');
  d.rows.forEach((r, i) => drawRow([String(i + 1), r.name, r.article, String(r.quantity), money(r.price), money(r.sum)], 'r'));
  doc.moveDown(0.6);
  doc.font('b').fontSize(10).text(`Итого: ${money(d.total)} р.`, left, doc.y, { width, align: 'right' });
  doc.font('r').fontSize(10).text(`В том числе НДС (${VAT_RATE} %): ${money(d.vat)} р.`, { width, align: 'right' });
  doc.moveDown(0.6);
  doc.font('r').text(`Всего наименований ${d.rows.length}, на сумму ${money(d.total)} р.`, left, doc.y, { width });
  doc.font('b').text(`Сумма прописью: ${bynInWords(d.total)}, в том числе НДС (${VAT_RATE} %): ${bynInWords(d.vat).replace(/^./, (c) => c.toLowerCase())}.`, { width });
  doc.moveDown(2);
  doc.font('r').fontSize(10).text('Продавец ____________________', left, doc.y, { width });
  doc.moveDown(0.5);
  doc.fontSize(8).fillColor('#555555').text(`${SELLER.remarksBook}. Обращения покупателей: ${SELLER.complaintsEmail}.`, { width });
  doc.end();
  return done;
}
