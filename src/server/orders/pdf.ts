/**
 * What the order's papers share (invoice.ts «Счёт на оплату», receipt.ts «Товарный чек»): an A4 pdfkit
 * document with DejaVu Sans (a TTF from the dejavu-fonts-ttf package, embedded and subset, so Cyrillic
 * shows the same everywhere), the order's rows as stored (kopecks, never recomputed; delivery as a row),
 * and the table of lines with the total, the VAT in it and the sum in words.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { VAT_RATE, SELLER } from '../../config/seller';
import { formatPrice } from '../../lib/format';
import { lineSum } from '../lib/money';
import { bynInWords } from './words';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export const money = (n: number) => formatPrice(n).replace(' р.', '');

export type PaperRow = { name: string; article: string; quantity: number; price: number; sum: number };

/** The order's lines as printed, and its delivery as one more row when it was charged. */
export function paperRows(lines: { name: string; article: string; quantity: number; price: string }[], deliveryPrice: string | number): PaperRow[] {
  const rows = lines.map((l) => ({ name: l.name, article: l.article, quantity: l.quantity, price: Number(l.price), sum: lineSum(l.price, l.quantity) }));
  if (Number(deliveryPrice) > 0) rows.push({ name: 'Доставка заказа', article: '—', quantity: 1, price: Number(deliveryPrice), sum: Number(deliveryPrice) });
  return rows;
}

/** A new A4 paper with the fonts registered ('r', 'b'); `done` resolves to its bytes after `doc.end()`. */
export function newPaper(title: string): { doc: PDFKit.PDFDocument; done: Promise<Buffer>; left: number; width: number } {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: title, Author: SELLER.legalName } });
  doc.registerFont('r', FONT);
  doc.registerFont('b', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done, left: 40, width: doc.page.width - 80 };
}

/** The table of lines, «Итого», the VAT in it, the count and the sum in words after `inWordsLabel` («Сумма прописью»…). */
export function drawLines(doc: PDFKit.PDFDocument, left: number, width: number, d: { rows: PaperRow[]; total: number; vat: number }, inWordsLabel: string): void {
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
  doc.font('r').fontSize(10).text(`Всего наименований ${d.rows.length}, на сумму ${money(d.total)} р.`, left, doc.y, { width });
  doc.font('b').text(`${inWordsLabel}: ${bynInWords(d.total)}, в том числе НДС (${VAT_RATE} %): ${bynInWords(d.vat).replace(/^./, (c) => c.toLowerCase())}.`, { width });
}
