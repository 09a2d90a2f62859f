/**
 * Uploaded order lists (api/basket/file/): XLSX through read-excel-file, CSV/TXT through the same
 * line parser as pasted text. Everything hostile is refused before it can cost memory or time:
 * the body is capped while it streams in, an XLSX is read in a worker thread that stops inflating
 * at a hard cap on the bytes actually produced (basket/xlsx.ts), and the number of rows is capped.
 */
import { ERR, HttpError } from '../http/api';
import { readCapped } from '../http/body';
import { readXlsxSheets } from './xlsx';
import { t } from '../../i18n';
import { MAX_LINES, parseLine, parseQuantity, type ParsedLine } from './match';

export const MAX_FILE_BYTES = 2 * 1024 * 1024;

const bad = (key: string, status = 422) => new HttpError(status, [{ code: status === 413 ? ERR.TOO_LARGE : ERR.VALIDATION, field: 'file', message: t(key) }]);

/** Multipart body → the uploaded file (field `file`) and the other text fields of the form. */
export async function uploadedFile(request: Request): Promise<{ name: string; bytes: Uint8Array; fields: Record<string, string> }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('multipart/form-data')) throw bad('BASKET_ERR_FILE_MISSING', 415);
  // Multipart framing adds a little to the file itself.
  const body = await readCapped(request, MAX_FILE_BYTES + 64 * 1024, () => bad('BASKET_ERR_FILE_TOO_BIG', 413));
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    throw bad('BASKET_ERR_FILE_MISSING', 400);
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw bad('BASKET_ERR_FILE_MISSING');
  if (file.size > MAX_FILE_BYTES) throw bad('BASKET_ERR_FILE_TOO_BIG', 413);
  if (file.size === 0) throw bad('BASKET_ERR_FILE_EMPTY');
  const fields: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string') fields[k] = v;
  return { name: file.name || 'file', bytes: new Uint8Array(await file.arrayBuffer()), fields };
}

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

export function decodeText(bytes: Uint8Array): string {
  if (bytes.subarray(0, 4096).includes(0)) throw bad('BASKET_ERR_FILE_FORMAT');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    // Excel in Russian saves CSV in Windows-1251.
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

const cellText = (v: unknown): string => (v == null ? '' : v instanceof Date ? '' : String(v).trim());

const ARTICLE_TITLE = /^(артикул|арт\.?|article|sku|код товара|код)$/i;
const QTY_TITLE = /^(кол-?во|количество|qty|quantity|кол\.?|шт\.?|заказ)/i;

/** Spreadsheet rows → lines. A title row («Артикул», «Количество») picks the columns; otherwise A and B. */
export function rowsToLines(data: unknown[][]): ParsedLine[] {
  let articleCol = 0;
  let qtyCol = 1;
  let start = 0;
  const titleRow = data.findIndex((r, i) => i < 5 && r.some((c) => ARTICLE_TITLE.test(cellText(c))));
  if (titleRow >= 0) {
    const r = data[titleRow]!;
    articleCol = r.findIndex((c) => ARTICLE_TITLE.test(cellText(c)));
    const q = r.findIndex((c) => QTY_TITLE.test(cellText(c)));
    qtyCol = q >= 0 ? q : articleCol + 1;
    start = titleRow + 1;
  }
  const out: ParsedLine[] = [];
  for (let i = start; i < data.length; i++) {
    const row = data[i]!;
    const article = cellText(row[articleCol]);
    const rawQty = cellText(row[qtyCol]);
    if (!article && !rawQty) continue;
    const input = row.map(cellText).filter(Boolean).join(' · ').slice(0, 200);
    if (!article) {
      out.push({ line: i + 1, input, article: '', quantity: 1, error: t('BASKET_ERR_NO_ARTICLE') });
      continue;
    }
    const q = parseQuantity(rawQty);
    if (typeof q === 'string') out.push({ line: i + 1, input, article, quantity: 1, error: q });
    else out.push({ line: i + 1, input, article, quantity: q ?? 1 });
  }
  return out;
}

/** XLSX or CSV/TXT bytes → parsed lines (at most MAX_LINES). `client`: the sender's address, one XLSX at a time each. */
export async function parseOrderFile(name: string, bytes: Uint8Array, client?: string): Promise<ParsedLine[]> {
  let lines: ParsedLine[];
  if (isOle(bytes)) throw bad('BASKET_ERR_FILE_XLS');
  if (isZip(bytes)) {
    const read = await readXlsxSheets(bytes, client);
    if (!read.ok) {
      if (read.reason === 'busy') throw new HttpError(429, [{ code: ERR.TOO_MANY, field: 'file', message: t('ERR_BUSY') }]);
      if (read.reason === 'yours') throw new HttpError(429, [{ code: ERR.TOO_MANY, field: 'file', message: t('BASKET_ERR_FILE_ONE_AT_A_TIME') }]);
      throw read.reason === 'broken' ? bad('BASKET_ERR_FILE_BROKEN') : bad('BASKET_ERR_FILE_BOMB', 413);
    }
    const sheet = read.sheets.find((s) => s.data.length > 0);
    if (!sheet) throw bad('BASKET_ERR_FILE_EMPTY');
    if (sheet.data.length > MAX_LINES + 5) throw bad('BASKET_ERR_TOO_MANY_LINES');
    lines = rowsToLines(sheet.data as unknown[][]);
  } else {
    if (/\.(xlsx|xlsm|ods|pdf|docx?)$/i.test(name)) throw bad('BASKET_ERR_FILE_BROKEN');
    const text = decodeText(bytes);
    const raw = text.split(/\r\n|\n|\r/);
    if (raw.length > MAX_LINES + 5) throw bad('BASKET_ERR_TOO_MANY_LINES');
    lines = [];
    raw.forEach((l, i) => {
      const p = parseLine(l, i + 1);
      if (p) lines.push(p);
    });
  }
  if (!lines.length) throw bad('BASKET_ERR_FILE_EMPTY');
  if (lines.length > MAX_LINES) throw bad('BASKET_ERR_TOO_MANY_LINES');
  return lines;
}
