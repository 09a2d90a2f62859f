/**
 * «Счёт на оплату» for an invoice order: a PDF drawn by pdfkit with DejaVu Sans (a TTF shipped in
 * the dejavu-fonts-ttf package, embedded and subset, so Cyrillic shows the same everywhere).
 * Seller requisites come from src/config/seller.ts, the payer's from the companies table.
 */
import { createRequire } from 'node:module';
import { and, asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Db } from '../db/client';
import { companies, orderItems, orders } from '../db/schema';
import { SELLER, VAT_RATE } from '../../config/seller';
import { formatPrice, longDate } from '../../lib/format';
import { bynInWords } from './words';
import { lineSum } from '../lib/money';
import type { Viewer } from '../http/guard';
import { notFoundError } from '../http/ownership';
import { t } from '../../i18n';
import { visibleTo } from './access';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Days the invoice stays payable (stock stays reserved meanwhile). */
export const INVOICE_VALID_DAYS = 5;

const money = (n: number) => formatPrice(n).replace(' р.', '');

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
  const rows = lines.map((l) => ({ name: l.name, article: l.article, quantity: l.quantity, price: Number(l.price), sum: lineSum(l.price, l.quantity) }));
  if (Number(o.deliveryPrice) > 0) rows.push({ name: 'Доставка заказа', article: '—', quantity: 1, price: Number(o.deliveryPrice), sum: Number(o.deliveryPrice) });
  const date = longDate(o.createdAt.toISOString().slice(0, 10));
  return render({ number: o.number, date, payer, rows, total: Number(o.total), vat: Number(o.vat) });
}

type InvoiceData = { number: string; date: string; payer: Party; rows: { name: string; article: string; quantity: number; price: number; sum: number }[]; total: number; vat: number };

function render(d: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Счёт на оплату № ${d.number}`, Author: SELLER.legalName } });
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

  doc.font('b').fontSize(15).text(`Счёт на оплату № ${d.number} от ${d.date}`, left, 40, { width });
  doc.moveDown(0.8);
  party(doc, 'Поставщик', { name: SELLER.legalName, unp: SELLER.unp, address: SELLER.legalAddress, iban: SELLER.bank.iban, bank: SELLER.bank.name, bic: SELLER.bank.bic }, width);
  doc.moveDown(0.5);
  party(doc, 'Плательщик', d.payer, width);
  doc.moveDown(0.5);
  doc.font('r').fontSize(9).text(`Основание: заказ № ${d.number} в интернет-магазине ${SELLER.domain}`, left, doc.y, { width });
  doc.moveDown(0.8);

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
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.w - 6 }));
    const h = Math.max(...heights) + 8;
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
  doc.font('r').fontSize(10).text(`Всего наименований ${d.rows.length}, на сумму ${money(d.total)} р.`, left, doc.y, { width });
  doc.font('b').text(`Всего к оплате: ${bynInWords(d.total)}, в том числе НДС (${VAT_RATE} %): ${bynInWords(d.vat).replace(/^./, (c) => c.toLowerCase())}.`, { width });
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
