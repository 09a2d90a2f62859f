/**
 * «Счёт на оплату» for an invoice order: a PDF drawn like the receipt (./pdf.ts: pdfkit, DejaVu Sans).
 * Seller requisites come from src/config/seller.ts, the payer's from the companies table.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, orderItems, orders } from '../db/schema';
import { SELLER } from '../../config/seller';
import { longDate } from '../../lib/format';
import { drawLines, newPaper, paperRows, type PaperRow } from './pdf';
import type { Viewer } from '../http/guard';
import { notFoundError } from '../http/ownership';
import { t } from '../../i18n';
import { visibleTo } from './access';

/** Days the invoice stays payable (stock stays reserved meanwhile). */
export const INVOICE_VALID_DAYS = 5;

/** The invoice of an order this viewer may see; 404 for another's order or one not paid by invoice. */
export async function invoiceFor(db: Db, viewer: Viewer, number: string): Promise<Buffer> {
  const [o] = await db.select({ id: orders.id, paymentType: orders.paymentType }).from(orders).where(and(eq(orders.number, number), visibleTo(viewer))).limit(1);
  if (!o) throw notFoundError(t('ORDER_NOT_FOUND'));
  if (o.paymentType !== 'invoice') throw notFoundError(t('ORDER_INVOICE_NONE'));
  return invoicePdf(db, o.id);
}

type Party = { name: string; unp: string; address: string | null; iban: string | null; bank: string | null; bic: string | null };

export async function invoicePdf(db: Db, orderId: number): Promise<Buffer> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!o) throw new Error(`order ${orderId} not found`);
  const [payerRow] = o.payerCompanyId ? await db.select().from(companies).where(eq(companies.id, o.payerCompanyId)).limit(1) : [];
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const payer: Party = payerRow
    ? { name: payerRow.name, unp: payerRow.unp, address: payerRow.legalAddress, iban: payerRow.iban, bank: payerRow.bankName, bic: payerRow.bic }
    : { name: o.contactName, unp: '—', address: o.deliveryAddress, iban: null, bank: null, bic: null };
  const rows = paperRows(lines, o.deliveryPrice);
  const date = longDate(o.createdAt.toISOString().slice(0, 10));
  return render({ number: o.number, date, payer, rows, total: Number(o.total), vat: Number(o.vat) });
}

type InvoiceData = { number: string; date: string; payer: Party; rows: PaperRow[]; total: number; vat: number };

function render(d: InvoiceData): Promise<Buffer> {
  const { doc, done, left, width } = newPaper(`Счёт на оплату № ${d.number}`);

  doc.font('b').fontSize(15).text(`Счёт на оплату № ${d.number} от ${d.date}`, left, 40, { width });
  doc.moveDown(0.8);
  party(doc, 'Поставщик', { name: SELLER.legalName, unp: SELLER.unp, address: SELLER.legalAddress, iban: SELLER.bank.iban, bank: SELLER.bank.name, bic: SELLER.bank.bic }, width);
  doc.moveDown(0.5);
  party(doc, 'Плательщик', d.payer, width);
  doc.moveDown(0.5);
  doc.font('r').fontSize(9).text(`Основание: заказ № ${d.number} в интернет-магазине ${SELLER.domain}`, left, doc.y, { width });
  doc.moveDown(0.8);

  drawLines(doc, left, width, d, 'Всего к оплате');
  doc.moveDown(0.6);
  doc.font('r').fontSize(9).text(`Счёт действителен в течение ${INVOICE_VALID_DAYS} банковских дней. Товар зарезервирован на это время. В назначении платежа укажите номер счёта.`, { width });
  doc.moveDown(2);
  const y = doc.y;
  doc.font('r').fontSize(10).text(`Директор ____________ ${SELLER.directorShort}`, left, y, { width: width / 2 });
  doc.text(`Гл. бухгалтер ____________ ${SELLER.accountantShort}`, left + width / 2, y, { width: width / 2 });
  doc.end();
  return done;
}

function party(doc: PDFKit.PDFDocument, label: string, p: Party, width: number) {
  doc.font('b').fontSize(10).text(`${label}: `, 40, doc.y, { continued: true, width }).font('r').text(`${p.name}, УНП ${p.unp}`);
  const more = [p.address ? `Адрес: ${p.address}` : '', p.iban ? `Р/с ${p.iban} в ${p.bank ?? ''}, BIC ${p.bic ?? ''}` : ''].filter(Boolean);
  if (more.length) doc.font('r').fontSize(9).text(more.join('\n'), { width });
}
