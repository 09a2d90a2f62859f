/**
 * Quick order (spec §7 api/basket/find/, api/basket/file/; /e-order/): turns what people paste or
 * upload — an article and a quantity per line, with whatever separators their spreadsheet or
 * e-mail used — into a report of found, not found and ambiguous rows.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, products, sections } from '../db/schema';
import { normalizeArticle } from '../lib/text';
import { t } from '../../i18n';
import { limitOf, MAX_INPUT_QUANTITY } from './limits';
import { personalPrice, preparePrices, type Pricing } from '../catalog/pricing';

export const MAX_LINES = 1000;
const MAX_CHOICES = 5;

export type ParsedLine = {
  line: number;
  input: string;
  article: string;
  /** The whole text as one article ("GSB 13 RE"), tried before splitting off a trailing number. */
  whole?: string;
  quantity: number;
  error?: string;
};

export type MatchProduct = {
  id: number;
  name: string;
  article: string;
  url: string;
  /** What this viewer pays: a contractor's own price (catalog/pricing.ts), else retail — as the basket rows. */
  price: number;
  /** The retail price. */
  base_price: number;
  brand: string;
  can_buy: boolean;
  stock: number;
  max_quantity: number;
  section: { id: number; code: string; name: string };
};

export type MatchStatus = 'found' | 'not_found' | 'ambiguous' | 'unavailable' | 'invalid';

export type MatchRow = {
  line: number;
  input: string;
  article: string;
  quantity: number;
  status: MatchStatus;
  message?: string;
  product?: MatchProduct;
  choices?: MatchProduct[];
};

export type MatchReport = {
  rows: MatchRow[];
  found: number;
  not_found: number;
  ambiguous: number;
  unavailable: number;
  invalid: number;
  total: number;
};

const HEADER = /^(артикул|арт\.?|article|код|code|sku|наименование)/i;
const QTY_UNIT = /\s*(шт\.?|штук[а-я]*|pcs\.?|ед\.?|уп\.?)$/i;

/** "5", "5 шт", "5,0" → 5; "2,5" or "-1" → an error text; "" → null. */
export function parseQuantity(raw: string): number | string | null {
  const s = raw.trim().replace(QTY_UNIT, '').replace(/\s+/g, '');
  if (!s) return null;
  if (!/^[+-]?\d+([.,]\d+)?$/.test(s)) return t('BASKET_ERR_QTY_NOT_NUMBER');
  const n = Number(s.replace(',', '.'));
  if (!Number.isInteger(n)) return t('BASKET_ERR_QTY_WHOLE');
  if (n < 1) return t('BASKET_ERR_QTY_POSITIVE');
  if (n > MAX_INPUT_QUANTITY) return t('BASKET_ERR_QTY_HUGE');
  return n;
}

const unquote = (s: string) => s.trim().replace(/^"(.*)"$/s, '$1').replace(/""/g, '"').trim();

/** One line of pasted text or CSV → article and quantity. */
export function parseLine(text: string, line: number): ParsedLine | null {
  const input = text.replace(/\s+$/, '').slice(0, 200);
  const trimmed = input.trim();
  if (!trimmed) return null;
  let cells = trimmed.split(/[\t;|]/).map(unquote);
  if (cells.length === 1) cells = trimmed.split(',').map(unquote);
  if (cells.length > 1) {
    const article = cells[0]!;
    if (!article) return { line, input, article: '', quantity: 1, error: t('BASKET_ERR_NO_ARTICLE') };
    const qtyCell = cells.slice(1).find((c) => c.trim() !== '') ?? '';
    const q = parseQuantity(qtyCell);
    if (HEADER.test(article) && typeof q === 'string') return null;
    if (typeof q === 'string') return { line, input, article, quantity: 1, error: q };
    return { line, input, article, quantity: q ?? 1 };
  }
  // Spaces only: "DF333 5", "DF333 x 5", "DF333 — 5 шт", or just "GSB 13 RE".
  // A dash glued to the number ("DF-333") is part of the article; a separated one is not.
  const m = /^(.*?\S)(?:\s+[-—–:=xх×*]?\s*|\s*[—–:=]\s*)(\d+(?:[.,]\d+)?)\s*(шт\.?|штук[а-я]*|pcs\.?|ед\.?)?$/i.exec(trimmed);
  if (m) {
    const article = m[1]!;
    const q = parseQuantity(m[2]!);
    if (typeof q === 'string') return { line, input, article, whole: trimmed, quantity: 1, error: q };
    return { line, input, article, whole: trimmed, quantity: q ?? 1 };
  }
  if (HEADER.test(trimmed)) return null;
  return { line, input, article: trimmed, quantity: 1 };
}

export function parseText(text: string): ParsedLine[] {
  const out: ParsedLine[] = [];
  text.split(/\r\n|\n|\r/).forEach((l, i) => {
    const p = parseLine(l, i + 1);
    if (p) out.push(p);
  });
  return out;
}

const matchColumns = {
  id: products.id,
  name: products.name,
  article: products.article,
  articleNorm: products.articleNorm,
  code: products.code,
  price: products.price,
  canBuy: products.canBuy,
  brand: brands.name,
  brandId: products.brandId,
  sectionId: sections.id,
  sectionCode: sections.code,
  sectionName: sections.name,
  stock: products.stockQty,
};

type MatchDbRow = { [K in keyof typeof matchColumns]: unknown };

function toMatch(r: MatchDbRow, pricing: Pricing | null): MatchProduct & { norm: string } {
  const stock = Number(r.stock);
  const retail = Number(r.price);
  return {
    id: r.id as number,
    name: r.name as string,
    article: r.article as string,
    url: `/${r.code as string}/`,
    price: personalPrice(pricing, { id: r.id as number, price: retail, brandId: r.brandId as number, sectionId: r.sectionId as number }) ?? retail,
    base_price: retail,
    brand: r.brand as string,
    can_buy: r.canBuy as boolean,
    stock,
    max_quantity: limitOf(stock, r.canBuy as boolean),
    section: { id: r.sectionId as number, code: r.sectionCode as string, name: r.sectionName as string },
    norm: r.articleNorm as string,
  };
}

async function select(db: Db, pricing: Pricing | null, where: SQL, limit: number) {
  const rows = await db
    .select(matchColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(sections, eq(sections.id, products.sectionId))
    .where(and(eq(products.active, true), where))
    .orderBy(products.articleNorm)
    .limit(limit);
  await preparePrices(pricing, rows.map((r) => r.id));
  return rows.map((r) => toMatch(r, pricing));
}

const strip = ({ norm: _n, ...p }: MatchProduct & { norm: string }): MatchProduct => p;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Matches parsed lines against products.article_norm: exact first, then article prefixes, then (one
 * line only) names. Prices are the viewer's (`pricing`: null for guests and retail customers).
 */
export async function matchLines(db: Db, lines: ParsedLine[], pricing: Pricing | null): Promise<MatchReport> {
  const rows: MatchRow[] = [];
  const pending: { p: ParsedLine; norms: string[] }[] = [];
  for (const p of lines) {
    if (p.error) {
      rows.push({ line: p.line, input: p.input, article: p.article, quantity: p.quantity, status: 'invalid', message: p.error });
      continue;
    }
    const norms = [p.whole, p.article].filter((s): s is string => !!s).map(normalizeArticle).filter(Boolean);
    pending.push({ p, norms });
  }
  const allNorms = [...new Set(pending.flatMap((x) => x.norms))];
  const exact = new Map<string, (MatchProduct & { norm: string })[]>();
  for (let i = 0; i < allNorms.length; i += 500) {
    for (const m of await select(db, pricing, inArray(products.articleNorm, allNorms.slice(i, i + 500)), 5000)) {
      exact.set(m.norm, [...(exact.get(m.norm) ?? []), m]);
    }
  }
  const unmatched: { p: ParsedLine; norms: string[]; idx: number }[] = [];
  for (const { p, norms } of pending) {
    // The whole line wins: "GSB 13" is the article GSB13 if it exists, not GSB × 13.
    const wholeHit = p.whole ? exact.get(normalizeArticle(p.whole)) : undefined;
    const hits = wholeHit ?? exact.get(normalizeArticle(p.article));
    const quantity = wholeHit ? 1 : p.quantity;
    const article = wholeHit ? p.whole! : p.article;
    const row: MatchRow = { line: p.line, input: p.input, article, quantity, status: 'not_found' };
    if (hits?.length === 1) Object.assign(row, describeFound(hits[0]!, quantity));
    else if (hits && hits.length > 1) Object.assign(row, { status: 'ambiguous', message: t('BASKET_MATCH_AMBIGUOUS'), choices: hits.slice(0, MAX_CHOICES).map(strip) });
    else unmatched.push({ p, norms, idx: rows.length });
    rows.push(row);
  }

  // Prefix matches for the rest: "DF333" finds "DF333K" and "DF333-2" and asks which one.
  const prefixes = [...new Set(unmatched.flatMap((u) => u.norms).filter((n) => n.length >= 3))];
  if (prefixes.length) {
    const byPrefix = new Map<string, (MatchProduct & { norm: string })[]>();
    for (let i = 0; i < prefixes.length; i += 200) {
      const chunk = prefixes.slice(i, i + 200);
      const patterns = sql.join(chunk.map((n) => sql`${likeEscape(n) + '%'}`), sql`, `);
      const found = await select(db, pricing, sql`${products.articleNorm} LIKE ANY (ARRAY[${patterns}]::text[])`, 4000);
      for (const n of chunk) byPrefix.set(n, found.filter((m) => m.norm.startsWith(n)).slice(0, MAX_CHOICES));
    }
    for (const u of unmatched) {
      const byWhole = u.p.whole ? (byPrefix.get(normalizeArticle(u.p.whole)) ?? []) : [];
      const choices = byWhole.length ? byWhole : (byPrefix.get(normalizeArticle(u.p.article)) ?? []);
      const extra = byWhole.length ? { article: u.p.whole!, quantity: 1 } : {};
      if (choices.length) Object.assign(rows[u.idx]!, { status: 'ambiguous', message: t('BASKET_MATCH_PREFIX'), choices: choices.map(strip), ...extra });
    }
  }

  // A single line that is not an article ("дрель bosch") is searched by name.
  const still = unmatched.filter((u) => rows[u.idx]!.status === 'not_found');
  if (lines.length === 1 && still.length === 1) {
    const words = still[0]!.p.input.toLowerCase().split(/\s+/).filter((w) => w.length >= 2).slice(0, 5);
    if (words.length) {
      const cond = and(...words.map((w) => sql`${products.name} ILIKE ${'%' + likeEscape(w) + '%'}`))!;
      const byName = await db
        .select(matchColumns)
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .innerJoin(sections, eq(sections.id, products.sectionId))
        .where(and(eq(products.active, true), cond))
        .orderBy(sql`${products.popularity} DESC`, products.id)
        .limit(20);
      await preparePrices(pricing, byName.map((r) => r.id));
      if (byName.length) Object.assign(rows[still[0]!.idx]!, { status: 'ambiguous', message: t('BASKET_MATCH_BY_NAME'), choices: byName.map((r) => strip(toMatch(r, pricing))) });
    }
  }
  for (const r of rows) if (r.status === 'not_found') r.message = t('BASKET_MATCH_NOT_FOUND');
  rows.sort((a, b) => a.line - b.line);
  const count = (s: MatchStatus) => rows.filter((r) => r.status === s).length;
  return { rows, found: count('found'), not_found: count('not_found'), ambiguous: count('ambiguous'), unavailable: count('unavailable'), invalid: count('invalid'), total: rows.length };
}

function describeFound(m: MatchProduct & { norm: string }, quantity: number): Partial<MatchRow> {
  const product = strip(m);
  if (!m.can_buy) return { status: 'unavailable', message: t('BASKET_ERR_CANNOT_BUY'), product };
  if (quantity > m.max_quantity) return { status: 'found', product, quantity: m.max_quantity, message: t('BASKET_MATCH_LIMITED').replace('{max}', String(m.max_quantity)) };
  return { status: 'found', product };
}
