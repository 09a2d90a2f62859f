/**
 * The desk's price-list import (issue 24 point 3, docs/decisions/0200-exchange-1c.md «Импорт
 * прайс-листа в рабочем месте»): a file of article, retail price and stock per branch becomes a
 * plan — per row the product, old → new price, old → new stock per branch, or the reasons it cannot
 * be applied — and the plan is applied through ordinary UPDATE/INSERT (in one transaction on PostgreSQL, in
 * short ones on PGlite: `applyPriceList`), so the change-log triggers tell every node (pages, listings, search).
 *
 * Nothing is kept between preview and apply: apply gets the same file again and recomputes the plan
 * against the catalogue as it is then; the preview's token is a hash of the file and of that plan
 * (with the old values), so apply refuses (409) unless it would do exactly what was shown.
 */
import { createHash } from 'node:crypto';
import { asc, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, products, stocks } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import { normalizeArticle } from '../lib/text';
import { logStaff } from '../desk/log';
import { readPriceList, type BranchRef, type PriceListTable } from './pricelist-read';
import { t } from '../../i18n';
import { restAfterWork } from './sharing';

export type PlanRow = {
  line: number;
  article: string;
  product: { id: number; code: string; name: string; url: string } | null;
  status: 'change' | 'same' | 'error';
  /** BYN; only when the price changes. */
  price: { old: number; new: number } | null;
  /** Only the branches whose stock changes. */
  stocks: { branch_id: number; branch: string; old: number; new: number }[];
  errors: string[];
};

export type PriceListPlan = {
  file: string;
  token: string;
  branches: { id: number; city: string; title: string }[];
  counts: { rows: number; found: number; not_found: number; errors: number; changed_rows: number; same: number; prices: number; stocks: number };
  /** Every row that changes something or has an error, in file order (unchanged rows are only counted). */
  rows: PlanRow[];
};

const CHUNK = 1000;
const chunks = <T>(a: T[], n = CHUNK): T[][] => Array.from({ length: Math.ceil(a.length / n) }, (_, i) => a.slice(i * n, i * n + n));
const kop = (price: string | number) => Math.round(Number(price) * 100);
const byn = (kopecks: number) => kopecks / 100;
const dupKey = (article: string) => article.trim().toUpperCase();

export async function branchRefs(db: Db): Promise<BranchRef[]> {
  return db.select({ id: branches.id, code: branches.code, city: branches.city, name: branches.name }).from(branches).orderBy(asc(branches.sort), asc(branches.id));
}

/** Products by the file's articles: the exact article first, else the only product with that normalized article. */
async function findProducts(db: Db, articles: string[]): Promise<Map<string, { id: number; code: string; name: string; price: string }>> {
  const out = new Map<string, { id: number; code: string; name: string; price: string }>();
  const unique = [...new Set(articles.filter(Boolean))];
  const found: { id: number; code: string; name: string; price: string; article: string; articleNorm: string }[] = [];
  for (const part of chunks(unique)) {
    const norms = [...new Set(part.map(normalizeArticle).filter(Boolean))];
    found.push(
      ...(await db
        .select({ id: products.id, code: products.code, name: products.name, price: products.price, article: products.article, articleNorm: products.articleNorm })
        .from(products)
        .where(or(inArray(products.article, part), norms.length ? inArray(products.articleNorm, norms) : undefined))),
    );
  }
  const exact = new Map(found.map((p) => [p.article, p]));
  const byNorm = new Map<string, typeof found>();
  for (const p of found) byNorm.set(p.articleNorm, [...(byNorm.get(p.articleNorm) ?? []), p]);
  for (const a of unique) {
    const p = exact.get(a) ?? (byNorm.get(normalizeArticle(a))?.length === 1 ? byNorm.get(normalizeArticle(a))![0] : undefined);
    if (p) out.set(a, p);
  }
  return out;
}

/** The plan of `table` against the catalogue as `db` sees it now. */
export async function planPriceList(db: Db, file: { name: string; bytes: Uint8Array }, table: PriceListTable, branchList: BranchRef[]): Promise<PriceListPlan> {
  const cityOf = new Map(branchList.map((b) => [b.id, b.city]));
  const found = await findProducts(db, table.rows.map((r) => r.article));
  const ids = [...new Set([...found.values()].map((p) => p.id))];
  const stockNow = new Map<string, number>();
  for (const part of chunks(ids, 5000)) {
    for (const s of await db.select().from(stocks).where(inArray(stocks.productId, part))) stockNow.set(`${s.productId}:${s.branchId}`, s.quantity);
  }
  const linesOf = new Map<string, number[]>();
  for (const r of table.rows) if (r.article) linesOf.set(dupKey(r.article), [...(linesOf.get(dupKey(r.article)) ?? []), r.line]);
  const productLines = new Map<number, number[]>();
  for (const r of table.rows) {
    const p = found.get(r.article);
    if (p) productLines.set(p.id, [...(productLines.get(p.id) ?? []), r.line]);
  }
  const counts = { rows: table.rows.length, found: 0, not_found: 0, errors: 0, changed_rows: 0, same: 0, prices: 0, stocks: 0 };
  const rows: PlanRow[] = [];
  for (const r of table.rows) {
    const p = found.get(r.article);
    const errors = [...r.errors];
    if (r.article && !p) {
      errors.unshift(t('PLIST_ERR_UNKNOWN_ARTICLE'));
      counts.not_found++;
    }
    if (p) counts.found++;
    const twins = (p ? productLines.get(p.id) : linesOf.get(dupKey(r.article))) ?? [];
    if (twins.length > 1) errors.push(`${t('PLIST_ERR_DUPLICATE')} ${twins.filter((l) => l !== r.line).join(', ')}`);
    const row: PlanRow = { line: r.line, article: r.article, product: p ? { id: p.id, code: p.code, name: p.name, url: `/${p.code}/` } : null, status: 'same', price: null, stocks: [], errors };
    if (errors.length || !p) {
      row.status = 'error';
      counts.errors++;
      rows.push(row);
      continue;
    }
    if (r.price !== null && r.price !== kop(p.price)) row.price = { old: byn(kop(p.price)), new: byn(r.price) };
    for (const [branchId, q] of Object.entries(r.stocks)) {
      const old = stockNow.get(`${p.id}:${branchId}`) ?? 0;
      if (old !== q) row.stocks.push({ branch_id: Number(branchId), branch: cityOf.get(Number(branchId)) ?? branchId, old, new: q });
    }
    if (row.price || row.stocks.length) {
      row.status = 'change';
      counts.changed_rows++;
      counts.prices += row.price ? 1 : 0;
      counts.stocks += row.stocks.length;
      rows.push(row);
    } else counts.same++;
  }
  const fileHash = createHash('sha256').update(file.bytes).digest('hex');
  const token = createHash('sha256')
    .update(JSON.stringify([fileHash, rows.map((r) => [r.line, r.product?.id ?? null, r.status, r.price, r.stocks, r.errors])]))
    .digest('hex')
    .slice(0, 32);
  return {
    file: file.name.slice(0, 120),
    token,
    branches: table.columns.stocks.map((s) => ({ id: s.branchId, city: cityOf.get(s.branchId) ?? '', title: s.title })),
    counts,
    rows,
  };
}

/** Preview: read the file and plan it. Writes nothing. */
export async function previewPriceList(db: Db, file: { name: string; bytes: Uint8Array }): Promise<PriceListPlan> {
  const branchList = await branchRefs(db);
  const table = await readPriceList(file.name, file.bytes, branchList);
  return planPriceList(db, file, table, branchList);
}

export type ApplyResult = { prices: number; stocks: number; rows: number; skipped: number; file: string };

/** Rows written per transaction when the apply is written in short ones (PGlite, below). */
const SHORT_BATCH = 250;

/** PGlite's applies, one at a time (one process): a second waits, then finds the catalogue changed under its preview (409) or not. */
let applying: Promise<unknown> = Promise.resolve();

/**
 * Apply: the same file and the preview's token. The plan is recomputed against the catalogue as it is now, must
 * match the token, and is written: prices, then stocks, with the journal entry. One apply at a time, so a preview is
 * applied once however many times «Применить» is pressed, on whichever node: the next one finds its plan changed (409).
 *
 * - On PostgreSQL (`commit: 'whole'`) in one transaction under an advisory lock every node takes: all or nothing, and
 *   no other node's reader waits for it.
 * - On PGlite (`'batches'`) a transaction holds the one connection from every page, so the plan is checked first and
 *   then written SHORT_BATCH rows per transaction, resting between them (sharing.ts): pages are answered throughout.
 *   A failure of the database midway leaves the batches already written; the answer says so, and a new preview of
 *   the same file shows what is left (the rows written no longer differ).
 */
export async function applyPriceList(
  db: Db,
  staffUserId: string,
  file: { name: string; bytes: Uint8Array },
  token: string,
  skipErrors: boolean,
  commit: 'whole' | 'batches' = 'whole',
): Promise<ApplyResult> {
  const branchList = await branchRefs(db);
  const table = await readPriceList(file.name, file.bytes, branchList);
  if (commit === 'whole') {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('pricelist.apply'))`);
      const plan = await checkedPlan(tx, file, table, branchList, token, skipErrors);
      await writeRows(tx, changesOf(plan));
      return journal(tx, staffUserId, plan);
    });
  }
  const run = applying.then(() => applyInBatches(db, staffUserId, file, table, branchList, token, skipErrors));
  applying = run.catch(() => {});
  return run;
}

async function applyInBatches(db: Db, staffUserId: string, file: { name: string; bytes: Uint8Array }, table: PriceListTable, branchList: BranchRef[], token: string, skipErrors: boolean): Promise<ApplyResult> {
  const plan = await checkedPlan(db, file, table, branchList, token, skipErrors);
  const changes = changesOf(plan);
  const batches = changes.length ? chunks(changes, SHORT_BATCH) : [[]];
  const rest = restAfterWork({ embedded: db });
  let written = 0;
  try {
    for (const batch of batches.slice(0, -1)) {
      await db.transaction((tx) => writeRows(tx as unknown as Db, batch));
      written += batch.length;
      await rest();
    }
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await writeRows(tx, batches.at(-1)!);
      return journal(tx, staffUserId, plan);
    });
  } catch (e) {
    if (written === 0) throw e;
    console.error('[pricelist] apply stopped midway', e);
    throw new HttpError(500, [{ code: ERR.INTERNAL, field: 'file', message: t('PLIST_ERR_PARTLY').replace('{written}', String(written)).replace('{total}', String(changes.length)) }]);
  }
}

/** The plan as it is now, refused unless it is the previewed one (409), or has errors the staff did not agree to skip (422). */
async function checkedPlan(db: Db, file: { name: string; bytes: Uint8Array }, table: PriceListTable, branchList: BranchRef[], token: string, skipErrors: boolean): Promise<PriceListPlan> {
  const plan = await planPriceList(db, file, table, branchList);
  if (plan.token !== token) throw new HttpError(409, [{ code: ERR.CONFLICT, field: 'file', message: t('PLIST_ERR_CHANGED') }]);
  if (plan.counts.errors > 0 && !skipErrors) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'file', message: t('PLIST_ERR_HAS_ERRORS') }]);
  return plan;
}

const changesOf = (plan: PriceListPlan) => plan.rows.filter((r) => r.status === 'change' && r.product);

/** Prices, then stocks, of these rows, through ordinary UPDATE/INSERT (the change-log triggers see them). */
async function writeRows(tx: Db, changes: PlanRow[]): Promise<void> {
  const prices = changes.filter((r) => r.price).map((r) => ({ id: r.product!.id, price: r.price!.new.toFixed(2) }));
  const stockRows = changes.flatMap((r) => r.stocks.map((s) => ({ productId: r.product!.id, branchId: s.branch_id, quantity: s.new })));
  for (const part of chunks(prices)) {
    const values = sql.join(
      part.map((p) => sql`(${p.id}::int, ${p.price}::numeric)`),
      sql`, `,
    );
    await tx.execute(sql`UPDATE products SET price = v.price, updated_at = now() FROM (VALUES ${values}) AS v(id, price) WHERE products.id = v.id`);
  }
  for (const part of chunks(stockRows)) {
    await tx
      .insert(stocks)
      .values(part)
      .onConflictDoUpdate({ target: [stocks.productId, stocks.branchId], set: { quantity: sql`excluded.quantity` } });
  }
}

/** The staff journal's entry for the whole apply, and the answer. */
async function journal(tx: Db, staffUserId: string, plan: PriceListPlan): Promise<ApplyResult> {
  const changes = changesOf(plan);
  const result = { prices: changes.filter((r) => r.price).length, stocks: changes.reduce((n, r) => n + r.stocks.length, 0), rows: changes.length, skipped: plan.counts.errors, file: plan.file };
  await logStaff(tx, staffUserId, 'pricelist.import', { kind: 'pricelist', id: plan.token.slice(0, 12) }, { file: plan.file, prices: result.prices, stocks: result.stocks, skipped: result.skipped });
  return result;
}
