/**
 * The columns of the table formats (CSV, XLSX) and the text rules every format shares: characters
 * XML cannot carry are dropped, and a text that a spreadsheet would take for a formula is defused.
 */
import { t } from '../../../i18n';
import { fieldLabel, UNIT, type Field } from '../settings';
import { vatIncluded } from '../../lib/money';
import type { FeedContext, FeedRow } from '../rows';

export type CellKind = 'text' | 'money' | 'int';
export type Column = { label: string; kind: CellKind; width: number; get: (row: FeedRow) => string | number };

// Control characters other than tab and line breaks, lone surrogates and U+FFFE/U+FFFF are not allowed in XML 1.0.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const cleanText = (s: string) => s.replace(NOT_XML, '');

/** A cell that starts like a formula (OWASP "CSV injection": = + - @, and tab / carriage return before them). */
export const FORMULA_START = /^[=+\-@\t\r]/;
export const looksLikeFormula = (s: string) => FORMULA_START.test(s);

export const vatOf = vatIncluded;

export function tableColumns(ctx: FeedContext, fields: readonly Field[]): Column[] {
  const cols: Column[] = [];
  const add = (f: Field, kind: CellKind, width: number, get: Column['get']) => cols.push({ label: fieldLabel(f), kind, width, get });
  for (const f of fields) {
    switch (f) {
      case 'article': add(f, 'text', 16, (r) => r.article); break;
      case 'name': add(f, 'text', 48, (r) => r.name); break;
      case 'brand': add(f, 'text', 14, (r) => r.brand); break;
      case 'section': add(f, 'text', 40, (r) => r.sectionPath); break;
      case 'my_price': add(f, 'money', 12, (r) => r.myPrice); break;
      case 'retail_price': add(f, 'money', 12, (r) => r.price); break;
      case 'vat': add(f, 'money', 12, (r) => vatOf(r.myPrice)); break;
      case 'stock': add(f, 'int', 10, (r) => r.stock); break;
      case 'stock_branches':
        ctx.branches.forEach((b, i) => cols.push({ label: t('EXPORT_COLUMN_STOCK_AT').replace('{branch}', b.name), kind: 'int', width: 12, get: (r) => r.branchStock[i] ?? 0 }));
        break;
      case 'unit': add(f, 'text', 8, () => UNIT); break;
      case 'images': add(f, 'text', 40, (r) => r.images.join(' ')); break;
      case 'description': add(f, 'text', 60, (r) => r.description); break;
      case 'properties': add(f, 'text', 60, (r) => r.properties.map((p) => `${p.name}: ${p.label}`).join('; ')); break;
      case 'url': add(f, 'text', 40, (r) => r.url); break;
    }
  }
  return cols;
}
