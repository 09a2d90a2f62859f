/**
 * A price list file (XLSX or CSV) → its table: the title row picks the columns «Артикул», «Цена»
 * and «Остаток <филиал>» (case-insensitive, ё = е, a branch by its city, name or code); each row
 * is then read into an article, a price in kopecks and a stock per branch, with the reasons a row
 * cannot be used in plain Russian. XLSX goes through the quick order's worker reader (limits,
 * bombs); CSV is decoded as UTF-8 or Windows-1251 (basket/file.ts) and split here (; , or tab).
 */
import { ERR, HttpError } from '../http/api';
import { readXlsxSheets } from '../basket/xlsx';
import { decodeText } from '../basket/file';
import { t } from '../../i18n';

/** Rows a price list may have (a 2 MB file holds about this many short rows). */
export const MAX_PRICELIST_ROWS = 20_000;

export type BranchRef = { id: number; code: string; city: string; name: string };

export type PriceListRow = {
  /** Line number in the file (1-based, the title row counted). */
  line: number;
  article: string;
  /** New retail price in kopecks; null when the cell is empty (price unchanged). */
  price: number | null;
  /** New stock per branch id; a branch whose cell is empty is absent (unchanged). */
  stocks: Record<number, number>;
  errors: string[];
};

export type PriceListTable = { columns: { article: string; price: string | null; stocks: { branchId: number; title: string }[] }; rows: PriceListRow[] };

const bad = (message: string, status = 422) => new HttpError(status, [{ code: status === 413 ? ERR.TOO_LARGE : ERR.VALIDATION, field: 'file', message }]);

/** Lower case, ё → е, one space, no quotes or trailing punctuation. */
export const normTitle = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/["«»]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s:.,;]+$/, '')
    .trim();

const ARTICLE = /^(артикул|арт|article|sku|код товара|артикул товара)$/;
/** «Цена», «Цена, BYN», «Цена (руб.)», «Розничная цена», «Цена розничная с НДС»… */
const PRICE = /^(розничная )?(цена|price)( |,|\(|$)/;
/** «Остаток Минск», «Остатки: Филиал в Минске», «Наличие Гомель», «Склад Брест». */
const STOCK = /^(остаток|остатки|наличие|склад|кол-во|количество)( на складе| в| во)?[\s:\-–—,(]+(.+?)\)?$/;

function branchOf(title: string, branches: BranchRef[]): BranchRef | undefined {
  const name = normTitle(title).replace(/^(филиал|филиале|г\.|город)\s+/, '');
  return branches.find((b) => [b.city, b.name, b.code].some((v) => normTitle(v) === name || normTitle(v) === normTitle(title)));
}

const cellText = (v: unknown): string => (v == null ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim());

/** «1 234,50», «1234.5», «1 234,50 руб.», 1234.5 → kopecks; a string when it is not a usable price. */
export function parsePrice(v: unknown): number | null | string {
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 ? Math.round(v * 100) : v > 0 ? t('PLIST_ERR_PRICE_NAN') : t('PLIST_ERR_PRICE_LE0');
  const s = cellText(v).replace(/[\s\u00a0\u202f]/g, '').replace(/(byn|br|руб\.?|р\.?)$/i, '');
  if (!s) return null;
  if (!/^-?\d+([.,]\d+)?$/.test(s)) return t('PLIST_ERR_PRICE_NAN');
  const n = Number(s.replace(',', '.'));
  if (!(n > 0)) return t('PLIST_ERR_PRICE_LE0');
  if (n >= 1e10) return t('PLIST_ERR_PRICE_NAN');
  return Math.round(n * 100);
}

/** A stock cell → units; null when empty; a string when it is not a whole number ≥ 0. */
export function parseStock(v: unknown): number | null | string {
  const s = typeof v === 'number' ? String(v) : cellText(v).replace(/[\s\u00a0\u202f]/g, '').replace(/(шт\.?)$/i, '');
  if (!s) return null;
  if (!/^-?\d+([.,]0+)?$/.test(s)) return /^-?\d+([.,]\d+)?$/.test(s) && Number(s.replace(',', '.')) < 0 ? t('PLIST_ERR_STOCK_NEG') : t('PLIST_ERR_STOCK_NAN');
  const n = Number.parseInt(s, 10);
  if (n < 0) return t('PLIST_ERR_STOCK_NEG');
  if (n > 10_000_000) return t('PLIST_ERR_STOCK_NAN');
  return n;
}

/** One CSV line into cells: the delimiter given, double quotes with "" inside. */
function splitCsv(line: string, delimiter: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && cur.trim() === '') {
      quoted = true;
      cur = '';
    } else if (c === delimiter) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** CSV text → rows; the delimiter is the one of ; tab , that the title row has most of. */
export function csvRows(text: string): string[][] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > MAX_PRICELIST_ROWS + 10) throw bad(t('PLIST_ERR_TOO_MANY_ROWS'));
  const head = lines.slice(0, 10).join('\n');
  const delimiter = [';', '\t', ','].map((d) => [d, head.split(d).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
  return lines.map((l) => splitCsv(l, delimiter));
}

async function fileRows(name: string, bytes: Uint8Array): Promise<unknown[][]> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const isOle = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  if (isOle) throw bad(t('BASKET_ERR_FILE_XLS'));
  if (isZip) {
    const read = await readXlsxSheets(bytes);
    if (!read.ok) {
      if (read.reason === 'busy') throw new HttpError(429, [{ code: ERR.TOO_MANY, field: 'file', message: t('ERR_BUSY') }]);
      throw read.reason === 'broken' ? bad(t('BASKET_ERR_FILE_BROKEN')) : bad(t('BASKET_ERR_FILE_BOMB'), 413);
    }
    const sheet = read.sheets.find((s) => s.data.length > 0);
    if (!sheet) throw bad(t('PLIST_ERR_EMPTY'));
    return sheet.data;
  }
  if (/\.(xlsx|xlsm|ods|pdf|docx?)$/i.test(name)) throw bad(t('BASKET_ERR_FILE_BROKEN'));
  return csvRows(decodeText(bytes));
}

/** The file's table, or an HttpError 422/413 in Russian when it cannot be a price list. */
export async function readPriceList(name: string, bytes: Uint8Array, branches: BranchRef[]): Promise<PriceListTable> {
  const data = await fileRows(name, bytes);
  const titleAt = data.findIndex((r, i) => i < 10 && r.some((c) => ARTICLE.test(normTitle(cellText(c)))));
  if (titleAt < 0) throw bad(t('PLIST_ERR_NO_ARTICLE_COL'));
  const titles = data[titleAt]!.map(cellText);
  const articleCol = titles.findIndex((c) => ARTICLE.test(normTitle(c)));
  const priceCol = titles.findIndex((c) => PRICE.test(normTitle(c)));
  const stockCols: { col: number; branchId: number; title: string }[] = [];
  const unknown: string[] = [];
  titles.forEach((title, col) => {
    const m = STOCK.exec(normTitle(title));
    if (!m) return;
    const branch = branchOf(m[3]!, branches);
    if (!branch) return unknown.push(title);
    if (stockCols.some((s) => s.branchId === branch.id)) throw bad(`${t('PLIST_ERR_BRANCH_TWICE')}: «${title}»`);
    stockCols.push({ col, branchId: branch.id, title });
  });
  if (unknown.length) throw bad(`${t('PLIST_ERR_UNKNOWN_BRANCH')}: ${unknown.map((u) => `«${u}»`).join(', ')}. ${t('PLIST_BRANCHES_ARE')}: ${branches.map((b) => `«${t('PLIST_STOCK')} ${b.city}»`).join(', ')}`);
  if (priceCol < 0 && !stockCols.length) throw bad(t('PLIST_ERR_NO_DATA_COLS'));
  const rows: PriceListRow[] = [];
  for (let i = titleAt + 1; i < data.length; i++) {
    const r = data[i]!;
    if (r.every((c) => cellText(c) === '')) continue;
    if (rows.length >= MAX_PRICELIST_ROWS) throw bad(t('PLIST_ERR_TOO_MANY_ROWS'));
    const row: PriceListRow = { line: i + 1, article: cellText(r[articleCol]).slice(0, 100), price: null, stocks: {}, errors: [] };
    if (!row.article) row.errors.push(t('PLIST_ERR_NO_ARTICLE'));
    if (priceCol >= 0) {
      const p = parsePrice(r[priceCol]);
      if (typeof p === 'string') row.errors.push(`${t('PLIST_PRICE')}: ${p}`);
      else row.price = p;
    }
    for (const s of stockCols) {
      const q = parseStock(r[s.col]);
      if (typeof q === 'string') row.errors.push(`${s.title}: ${q}`);
      else if (q !== null) row.stocks[s.branchId] = q;
    }
    rows.push(row);
  }
  if (!rows.length) throw bad(t('PLIST_ERR_EMPTY'));
  return { columns: { article: titles[articleCol]!, price: priceCol >= 0 ? titles[priceCol]! : null, stocks: stockCols.map(({ branchId, title }) => ({ branchId, title })) }, rows };
}
