/**
 * `type=catalog&mode=import`: one CommerceML 2 file into the catalogue (docs/decisions/0200-exchange-1c.md).
 *
 * - A file holding Классификатор/Каталог (import.xml) writes groups → sections, properties, and
 *   nomenclature → products; one holding ПакетПредложений (offers.xml, prices.xml, rests.xml) writes
 *   price types, prices and stock per warehouse. Which is which is read from the file, not its name.
 * - Everything is matched by 1C's Ид (`external_id`), never by name. A product new to the exchange whose
 *   article belongs to a product made here without an Ид is adopted (it gets the Ид) instead of duplicated.
 * - One transaction per file: a failure anywhere leaves the catalogue as it was. Plain UPDATE/INSERT
 *   statements, so the catalogue triggers write the change log and every node's pages and search follow.
 * - On PGlite (`commit: 'batch'`: one connection, which a transaction holds) the file is read twice instead:
 *   first checked without writing (every refusal below, against the file and the catalogue), then written
 *   one short transaction per batch, so pages are answered between batches (decision 0200, «PGlite»).
 * - Batched for 100,000 products: records are collected BATCH at a time and each batch costs a handful of
 *   statements (existing rows by Ид in one SELECT, one INSERT … SELECT FROM jsonb_to_recordset, one
 *   UPDATE … FROM jsonb_to_recordset that skips rows whose values are the same — IS DISTINCT FROM — so an
 *   unchanged product writes nothing and logs nothing). The XML is streamed: memory holds one batch.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { branches, brands, priceTypes, sectionProperties, sections, warehouseBranches } from '../db/schema';
import { normalizeArticle, slugify } from '../lib/text';
import { child, children, readRecords, textOf, XmlRefused, type XmlNode } from './commerceml';
import { restAfterWork } from './sharing';

/** A refusal of the file, answered `failure` with this (Russian) text. */
export class ImportFailure extends Error {}
/** The import was told to stop (the node shuts down): on PostgreSQL its transaction rolls back, nothing changed. */
export class ImportStopped extends Error {}

export type ImportStats = {
  kind: 'catalog' | 'offers';
  sections: number;
  created: number;
  updated: number;
  deactivated: number;
  prices: number;
  stocks: number;
  skipped: number;
  /** Products read so far (progress). */
  read: number;
  /** True while the file is only being checked (commit 'batch': nothing written yet). */
  checking: boolean;
  /** Pictures the file names per product (applied after the transaction by exchange/pictures.ts). */
  pictures: { productId: number; name: string; files: string[] }[];
  notes: string[];
};

export type ImportOptions = {
  /** Called after every batch (progress, heartbeat). */
  onProgress?: (stats: ImportStats) => void | Promise<void>;
  /**
   * 'file' (the default): the whole file in one transaction. 'batch': check the whole file first, then commit
   * each batch on its own — for PGlite, whose one connection a long transaction would hold from every page.
   */
  commit?: 'file' | 'batch';
  /** Checked after every batch: once aborted, the import throws ImportStopped (exchange/jobs.ts stops on shutdown). */
  signal?: AbortSignal;
};

/** Records per batch in one transaction per file. */
const BATCH = 1000;
/**
 * Records per transaction when each batch commits (PGlite): 50–100 ms of work on this machine kind, so a page that
 * arrives while one is written waits about that long. 50 cut the waits no further in bench:exchange and cost half as
 * much CPU again in per-statement work (decision 0200, seventh session).
 */
const SHORT_BATCH = 100;
/** Products read (and deactivated) per statement when a full package deactivates what it did not list. */
const DEACTIVATION_PAGE = 5000;

const ROOT = 'КоммерческаяИнформация';
const CLASSIFIER = `${ROOT}/Классификатор`;
const CATALOG = `${ROOT}/Каталог`;
const OFFERS = `${ROOT}/ПакетПредложений`;
const RECORDS = new Set([
  `${CLASSIFIER}/Группы`,
  `${CLASSIFIER}/Свойства/Свойство`,
  `${CLASSIFIER}/ТипыЦен/ТипЦены`,
  `${CLASSIFIER}/Склады/Склад`,
  `${CATALOG}/Товары/Товар`,
  `${CATALOG}/СодержитТолькоИзменения`,
  `${OFFERS}/ТипыЦен/ТипЦены`,
  `${OFFERS}/Склады/Склад`,
  `${OFFERS}/Предложения/Предложение`,
  `${OFFERS}/СодержитТолькоИзменения`,
]);

const BRAND_PROPS = /^(бренд|производитель|торговая марка|марка|изготовитель)$/i;
const NO_BRAND = 'Без бренда';
/** Requisites (ЗначенияРеквизитов) that are facts about the product; the rest are 1C's own bookkeeping. */
const REQUISITE_PROPS = /^(вес|масса|длина|ширина|высота|глубина|объем|объём|габариты|страна происхождения|гарантия)$/i;

type Property = { name: string; values: Map<string, string>; numeric: boolean };
type PropDef = { code: string; name: string; kind: string; unit: string | null };

export function toNumber(v: string): number | null {
  const s = v.replace(/[\s\u00a0]+/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : null;
}

/** Unit conversions between what 1C writes and what a section property is kept in (value × factor). */
const UNIT_FACTORS: Record<string, Record<string, number>> = {
  вт: { квт: 0.001 },
  квт: { вт: 1000 },
  г: { кг: 0.001 },
  кг: { г: 1000 },
  мм: { см: 0.1, м: 0.001 },
  см: { мм: 10, м: 0.01 },
  м: { мм: 1000, см: 100 },
};
const unitKey = (u: string | null | undefined) => (u ?? '').toLowerCase().replace(/\.$/, '').trim();

/**
 * «1500 Вт», «2,5 кг», «1 200» → a number and its unit (null when the value is not a number with at most a
 * unit word after it: «18 В, 2 АКБ» stays text).
 */
export function numberWithUnit(v: string): { value: number; unit: string | null } | null {
  const m = /^\s*(-?\d[\d\s\u00a0]*(?:[.,]\d+)?)\s*([A-Za-zА-Яа-яЁё°%³²/.·]{1,12})?\s*$/.exec(v);
  if (!m) return null;
  const value = toNumber(m[1]!);
  return value === null ? null : { value, unit: m[2] ? m[2].replace(/\.$/, '') : null };
}

/** «Мощность, Вт» / «Мощность (Вт)» → name «Мощность», unit «Вт». */
export function splitUnit(name: string): { name: string; unit: string | null } {
  const m = /^(.*?)(?:,\s*|\s*\()([A-Za-zА-Яа-яЁё°%³²/.·]{1,12})\)?\s*$/.exec(name);
  return m && m[1]!.trim() ? { name: m[1]!.trim(), unit: m[2]!.replace(/\.$/, '') } : { name: name.trim(), unit: null };
}

/** The value in the section property's unit, or null when the units cannot be reconciled. */
function inUnit(n: { value: number; unit: string | null }, fallbackUnit: string | null, target: string | null): number | null {
  const from = unitKey(n.unit ?? fallbackUnit);
  const to = unitKey(target);
  if (!from || !to || from === to) return n.value;
  const f = UNIT_FACTORS[from]?.[to];
  return f === undefined ? null : Math.round(n.value * f * 1e6) / 1e6;
}

/** Imports one uploaded file. Throws ImportFailure (Russian reason naming the file and element) on anything it refuses. */
export async function importCatalogFile(db: Db, file: string, fileName: string, opts: ImportOptions = {}): Promise<ImportStats> {
  const fresh = (checking: boolean): ImportStats => ({ kind: 'catalog', sections: 0, created: 0, updated: 0, deactivated: 0, prices: 0, stocks: 0, skipped: 0, read: 0, checking, pictures: [], notes: [] });
  const context = (mode: Mode, conn: Db, stats: ImportStats) => new ImportContext(db, conn, mode, stats, fileName, path.dirname(file), opts);
  try {
    if (opts.commit === 'batch') {
      // Everything the write could refuse is refused here, before the first commit: a refused file changes nothing.
      await readFile(context('check', db, fresh(true)), file, fileName);
      const stats = fresh(false);
      await readFile(context('batch', db, stats), file, fileName);
      return stats;
    }
    const stats = fresh(false);
    await db.transaction((tx) => readFile(context('file', tx, stats), file, fileName));
    return stats;
  } catch (e) {
    if (e instanceof XmlRefused) throw new ImportFailure(`${fileName}: ${e.message}`);
    throw e;
  }
}

/** One pass over the file: every record to the context, then what follows the last batch. */
async function readFile(ctx: ImportContext, file: string, fileName: string): Promise<void> {
  let fullCatalog = false;
  let sawRoot = false;
  await readRecords(
    file,
    (p) => RECORDS.has(p),
    async ({ path: p, node }) => {
      if (p === `${CLASSIFIER}/Группы`) await ctx.groups(node);
      else if (p === `${CLASSIFIER}/Свойства/Свойство`) ctx.property(node);
      else if (p.endsWith('/ТипыЦен/ТипЦены')) await ctx.priceType(node);
      else if (p.endsWith('/Склады/Склад')) await ctx.warehouse(node);
      else if (p === `${CATALOG}/Товары/Товар`) await ctx.product(node);
      else if (p === `${OFFERS}/Предложения/Предложение`) await ctx.offer(node);
      else if (p === `${CATALOG}/СодержитТолькоИзменения`) fullCatalog = node.text.trim() === 'false';
    },
    (p, attrs) => {
      if (p === ROOT) sawRoot = true;
      if (p === CATALOG) fullCatalog = attrs['СодержитТолькоИзменения'] === 'false';
      if (p === OFFERS) ctx.stats.kind = 'offers';
      // The journal names the kind even of a file refused before its first batch.
      if (p === OFFERS || p === CATALOG) void ctx.progress();
    },
  );
  if (!sawRoot) throw new ImportFailure(`${fileName}: нет корневого элемента КоммерческаяИнформация — это не файл CommerceML`);
  await ctx.flush();
  if (fullCatalog) await ctx.deactivateUnlisted();
  if (ctx.stats.kind === 'catalog') await ctx.recountSections();
}

/**
 * How a pass writes: 'file' — in the one transaction of the file; 'batch' — each step in a transaction of its
 * own; 'check' — not at all: reads the catalogue and refuses what the write would refuse.
 */
type Mode = 'file' | 'batch' | 'check';

type ProductRec = {
  ext: string;
  name: string;
  where: string;
  article: string;
  description: string;
  groupExt: string;
  deleted: boolean;
  brandName: string;
  /** [1C name, value, unit from the 1C property's name, numeric per the classifier] */
  props: { name: string; value: string; unit: string | null; numeric: boolean }[];
  pictures: string[];
};

type OfferRec = { ext: string; where: string; prices: { typeExt: string; raw: string }[]; warehouses: { ext: string; qty: string }[]; total: string | null };

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

class ImportContext {
  private sectionByExt = new Map<string, number>();
  private props = new Map<string, Property>();
  private seen: string[] = [];
  private priceTypeByExt = new Map<string, { id: number; name: string }>();
  private retail: number | null | undefined;
  private warehouseBranch = new Map<string, number | null>();
  private branchList: { id: number; city: string; name: string }[] | null = null;
  private brandByName = new Map<string, number>();
  private sectionPropsCache = new Map<number, PropDef[]>();
  private usedCodes = new Set<string>();
  private productBatch: ProductRec[] = [];
  private offerBatch: OfferRec[] = [];
  /** Rests after each batch (sharing.ts); a batch that committed on its own is read by this node's feed first. */
  private readonly rest: () => Promise<void>;
  /** Each article of the file and the Ид that claimed it first: a second Ид with it is refused, in any batch. */
  private fileArticles = new Map<string, string>();
  /** Stand-in ids of rows not written (yet): the check pass's new groups and price types, an earlier record's product. */
  private placeholders = 0;
  private readonly batchSize: number;

  /** `tx`: the file's transaction ('file'), else the database itself (each 'batch' step opens its own). */
  constructor(
    private readonly db: Db,
    private tx: Db,
    private readonly mode: Mode,
    readonly stats: ImportStats,
    private file: string,
    private dir: string,
    private opts: ImportOptions,
  ) {
    this.batchSize = mode === 'batch' ? SHORT_BATCH : BATCH;
    this.rest = restAfterWork(mode === 'batch' ? { embedded: db } : {});
  }

  private get checking(): boolean {
    return this.mode === 'check';
  }

  /** One unit of writing: inside the file's transaction, or ('batch') a transaction of its own. */
  private async step<T>(work: () => Promise<T>): Promise<T> {
    if (this.mode !== 'batch') return work();
    return this.db.transaction(async (tx) => {
      this.tx = tx;
      try {
        return await work();
      } finally {
        this.tx = this.db;
      }
    });
  }

  progress(): void | Promise<void> {
    return this.opts.onProgress?.(this.stats);
  }

  /** Between batches: a node shutting down stops here rather than holding its database connection to the end of the file. */
  private stopIfAsked(): void {
    if (this.opts.signal?.aborted) throw new ImportStopped(`${this.file}: загрузка остановлена`);
  }

  private fail(element: string, why: string): never {
    throw new ImportFailure(`${this.file}, ${element}: ${why}`);
  }

  /** Writes what is collected (at the end of the file, and whenever a batch is full). */
  async flush(): Promise<void> {
    if (this.productBatch.length) await this.flushProducts();
    if (this.offerBatch.length) await this.flushOffers();
  }

  /** Классификатор/Группы: the whole tree; levels below the third map to their third-level ancestor. */
  async groups(node: XmlNode): Promise<void> {
    await this.step(() => this.writeGroups(node));
  }

  private async writeGroups(node: XmlNode): Promise<void> {
    const walk = async (list: XmlNode | undefined, parentId: number | null, depth: number) => {
      for (const g of children(list, 'Группа')) {
        const ext = textOf(g, 'Ид');
        const name = textOf(g, 'Наименование');
        if (!ext || !name) this.fail(`группа «${name || ext || '?'}»`, 'у группы нет Ид или Наименования');
        let id: number;
        if (depth > 3) {
          id = parentId!;
        } else {
          id = await this.upsertSection(ext, name, parentId, depth);
          this.stats.sections++;
        }
        this.sectionByExt.set(ext, id);
        await walk(child(g, 'Группы'), id, depth + 1);
      }
    };
    await walk(node, null, 1);
  }

  private async upsertSection(ext: string, name: string, parentId: number | null, depth: number): Promise<number> {
    if (this.checking) return --this.placeholders;
    const [found] = await this.tx.select({ id: sections.id, name: sections.name, parentId: sections.parentId, depth: sections.depth }).from(sections).where(eq(sections.externalId, ext));
    if (found) {
      // A group moved in 1C (another parent) moves its section: parent and depth follow the tree.
      if (found.name !== name || found.parentId !== parentId || found.depth !== depth) {
        await this.tx.update(sections).set({ name, parentId, depth }).where(eq(sections.id, found.id));
      }
      return found.id;
    }
    const code = await this.freeCode('sections', slugify(name) || 'razdel');
    const [row] = await this.tx.insert(sections).values({ code, name, parentId, depth, externalId: ext }).returning({ id: sections.id });
    return row!.id;
  }

  /** A code (URL segment) not yet taken in `table`: the slug, else slug-2, slug-3… */
  private async freeCode(table: 'sections' | 'products' | 'brands' | 'section_properties', base: string, sectionId?: number): Promise<string> {
    const stem = base.slice(0, 180);
    const like = stem.replace(/[%_\\]/g, '\\$&') + '-%';
    const taken =
      table === 'section_properties'
        ? rowsOf<{ code: string }>(await this.tx.execute(sql`SELECT code FROM section_properties WHERE section_id = ${sectionId} AND (code = ${stem} OR code LIKE ${like})`))
        : rowsOf<{ code: string }>(await this.tx.execute(sql`SELECT code FROM ${sql.identifier(table)} WHERE code = ${stem} OR code LIKE ${like}`));
    const set = new Set(taken.map((r) => r.code));
    const free = (c: string) => !set.has(c) && (table !== 'products' || !this.usedCodes.has(c));
    if (free(stem)) return stem;
    for (let i = 2; ; i++) if (free(`${stem}-${i}`)) return `${stem}-${i}`;
  }

  /** Классификатор/Свойства/Свойство: its name and, for a Справочник, the names of its values. */
  property(node: XmlNode): void {
    const ext = textOf(node, 'Ид');
    if (!ext) return;
    const values = new Map<string, string>();
    for (const v of children(child(node, 'ВариантыЗначений'), 'Справочник')) values.set(textOf(v, 'ИдЗначения'), textOf(v, 'Значение'));
    this.props.set(ext, { name: textOf(node, 'Наименование') || ext, values, numeric: /^число$/i.test(textOf(node, 'ТипЗначений')) });
  }

  /** Каталог/Товары/Товар → collected; written a batch at a time. */
  async product(node: XmlNode): Promise<void> {
    const ext = textOf(node, 'Ид').split('#')[0]!;
    const name = textOf(node, 'Наименование');
    const where = `товар «${name || ext || '?'}»`;
    if (!ext) this.fail(where, 'у товара нет Ид');
    if (!name) this.fail(where, 'у товара нет Наименования');
    this.seen.push(ext);
    this.stats.read++;
    let brandName = textOf(node, 'Изготовитель', 'Наименование');
    const props: ProductRec['props'] = [];
    for (const pv of children(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства')) {
      const prop = this.props.get(textOf(pv, 'Ид'));
      const raw = textOf(pv, 'Значение');
      if (!raw) continue;
      const fullName = prop?.name ?? textOf(pv, 'Наименование');
      if (!fullName) continue;
      const value = prop?.values.get(raw) ?? raw;
      if (BRAND_PROPS.test(fullName)) {
        brandName ||= value;
        continue;
      }
      const { name: propName, unit } = splitUnit(fullName);
      props.push({ name: propName, value, unit, numeric: prop?.numeric ?? false });
    }
    // Requisites: weight and the like become properties (products have no weight column); 1C's bookkeeping ones are left out.
    for (const r of children(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита')) {
      const { name: rName, unit } = splitUnit(textOf(r, 'Наименование'));
      const value = textOf(r, 'Значение');
      if (!value || !REQUISITE_PROPS.test(rName)) continue;
      const n = numberWithUnit(value);
      props.push({ name: rName, value, unit: unit ?? (n && /^(вес|масса)$/i.test(rName) && !n.unit ? 'кг' : null), numeric: false });
    }
    this.productBatch.push({
      ext,
      name,
      where,
      article: textOf(node, 'Артикул') || `1C-${ext.slice(0, 12)}`,
      description: textOf(node, 'Описание'),
      groupExt: textOf(node, 'Группы', 'Ид'),
      deleted: textOf(node, 'Статус') === 'Удален' || node.attrs['Статус'] === 'Удален' || textOf(node, 'ПометкаУдаления') === 'true',
      brandName,
      props,
      pictures: children(node, 'Картинка')
        .map((c) => c.text.trim())
        .filter(Boolean),
    });
    if (this.productBatch.length >= this.batchSize) await this.flushProducts();
  }

  /** Sections of a batch's groups, in one query for those not met yet. */
  private async resolveSections(exts: string[]): Promise<void> {
    const missing = [...new Set(exts.filter((e) => e && !this.sectionByExt.has(e)))];
    if (!missing.length) return;
    const rows = rowsOf<{ id: number; external_id: string }>(await this.tx.execute(sql`SELECT id, external_id FROM sections WHERE external_id = ANY(${toPgArray(missing)}::text[])`));
    for (const r of rows) this.sectionByExt.set(r.external_id, r.id);
  }

  private async loadSectionProps(ids: number[]): Promise<void> {
    const missing = [...new Set(ids.filter((id) => !this.sectionPropsCache.has(id)))];
    if (!missing.length) return;
    const rows = rowsOf<PropDef & { section_id: number }>(
      await this.tx.execute(sql`SELECT section_id, code, name, kind, unit FROM section_properties WHERE section_id = ANY(${`{${missing.join(',')}}`}::int[])`),
    );
    for (const id of missing) this.sectionPropsCache.set(id, []);
    for (const r of rows) this.sectionPropsCache.get(r.section_id)!.push({ code: r.code, name: r.name, kind: r.kind, unit: r.unit });
  }

  /**
   * The section's property of this name; a section made by the exchange has none yet, so a 1C property met
   * there is added to the section (number with the unit when its values are numbers — facets and range
   * filters then work on it, as on the seeded sections; a list of values otherwise).
   */
  private async propDef(sectionId: number, p: ProductRec['props'][number], n: ReturnType<typeof numberWithUnit>): Promise<PropDef> {
    const defs = this.sectionPropsCache.get(sectionId)!;
    const lower = p.name.toLowerCase();
    const found = defs.find((d) => d.name.toLowerCase() === lower) ?? defs.find((d) => splitUnit(d.name).name.toLowerCase() === lower);
    if (found) return found;
    const numeric = p.numeric || n !== null;
    const code = await this.freeCode('section_properties', slugify(p.name).replace(/-/g, '_') || 'prop', sectionId);
    const def: PropDef = { code, name: p.name, kind: numeric ? 'number' : 'enum', unit: numeric ? (n?.unit ?? p.unit) : null };
    await this.tx.insert(sectionProperties).values({ sectionId, code: def.code, name: def.name, kind: def.kind as 'number' | 'enum', unit: def.unit, sort: 500 + defs.length });
    defs.push(def);
    return def;
  }

  private async resolveBrands(names: string[]): Promise<void> {
    const missing = [...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => !this.brandByName.has(n)))];
    if (!missing.length) return;
    const rows = rowsOf<{ id: number; key: string }>(await this.tx.execute(sql`SELECT id, lower(name) AS key FROM brands WHERE lower(name) = ANY(${toPgArray(missing)}::text[])`));
    for (const r of rows) this.brandByName.set(r.key, r.id);
    for (const key of missing) {
      if (this.brandByName.has(key)) continue;
      const name = names.find((n) => n.trim().toLowerCase() === key)!.trim();
      const code = await this.freeCode('brands', slugify(name) || 'brand');
      const [row] = await this.tx.insert(brands).values({ code, name }).returning({ id: brands.id });
      this.brandByName.set(key, row!.id);
    }
  }

  private async flushProducts(): Promise<void> {
    const batch = this.productBatch;
    this.productBatch = [];
    await this.step(() => this.writeProducts(batch));
    await this.rest();
    this.stopIfAsked();
    await this.progress();
  }

  private async writeProducts(batch: ProductRec[]): Promise<void> {
    // Later records of one Ид in a batch win (1C does not repeat them, but a file may).
    const byExt = new Map(batch.map((r) => [r.ext, r]));
    const recs = [...byExt.values()];
    await this.resolveSections(recs.map((r) => r.groupExt));
    const existing = new Map(
      rowsOf<{ id: number; external_id: string; section_id: number; properties: Record<string, string | number> | string }>(
        await this.tx.execute(sql`SELECT id, external_id, section_id, properties FROM products WHERE external_id = ANY(${toPgArray(recs.map((r) => r.ext))}::text[])`),
      ).map((r) => [r.external_id, { ...r, properties: typeof r.properties === 'string' ? JSON.parse(r.properties) : r.properties }]),
    );
    const byArticle = new Map(
      rowsOf<{ id: number; article: string; external_id: string | null }>(
        await this.tx.execute(sql`SELECT id, article, external_id FROM products WHERE article = ANY(${toPgArray(recs.map((r) => r.article))}::text[])`),
      ).map((r) => [r.article, r]),
    );
    const sectionIds: number[] = [];
    for (const r of recs) {
      const old = existing.get(r.ext);
      let sectionId: number | null = old?.section_id ?? null;
      if (r.groupExt) {
        sectionId = this.sectionByExt.get(r.groupExt) ?? null;
        if (sectionId === null) this.fail(r.where, `неизвестная группа с Ид ${r.groupExt} (её нет ни в этом файле, ни в каталоге)`);
      }
      if (sectionId === null) this.fail(r.where, 'товар не отнесён ни к одной группе (Группы/Ид)');
      sectionIds.push(sectionId);
    }
    if (this.checking) {
      for (const r of recs) this.ownerOf(r, existing.get(r.ext), this.articleHolder(r, byArticle));
      return;
    }
    await this.loadSectionProps(sectionIds);
    await this.resolveBrands(recs.map((r) => r.brandName || NO_BRAND));

    const updates: Record<string, unknown>[] = [];
    const inserts: Record<string, unknown>[] = [];
    const newRecs: ProductRec[] = [];
    const idOf = new Map<string, number>();
    for (let i = 0; i < recs.length; i++) {
      const r = recs[i]!;
      const sectionId = sectionIds[i]!;
      const properties: Record<string, string | number> = {};
      for (const p of r.props) {
        const n = numberWithUnit(p.value);
        const def = await this.propDef(sectionId, p, n);
        const asNumber = def.kind === 'number' && n ? inUnit(n, p.unit, def.unit) : null;
        properties[def.code] = asNumber ?? p.value;
      }
      const old = existing.get(r.ext);
      const id = this.ownerOf(r, old, this.articleHolder(r, byArticle));
      const values = {
        name: r.name,
        article: r.article,
        article_norm: normalizeArticle(r.article),
        description: r.description,
        section_id: sectionId,
        brand_id: this.brandByName.get((r.brandName || NO_BRAND).trim().toLowerCase())!,
        active: !r.deleted,
        external_id: r.ext,
      };
      if (id) {
        const base = old?.properties ?? (await this.propertiesOf(id));
        updates.push({ id, ...values, properties: { ...base, ...properties } });
        idOf.set(r.ext, id);
      } else {
        let code = slugify(r.name) || 'tovar';
        if (this.usedCodes.has(code)) code = await this.freeCode('products', code);
        this.usedCodes.add(code);
        inserts.push({ ...values, code, properties, image_seed: hashSeed(r.ext) });
        newRecs.push(r);
      }
    }
    if (inserts.length) {
      // Codes already taken by products outside this import are made unique one by one (rare: names repeat).
      const taken = new Set(
        rowsOf<{ code: string }>(await this.tx.execute(sql`SELECT code FROM products WHERE code = ANY(${toPgArray(inserts.map((x) => x.code as string))}::text[])`)).map((x) => x.code),
      );
      for (const ins of inserts) {
        if (!taken.has(ins.code as string)) continue;
        ins.code = await this.freeCode('products', ins.code as string);
        this.usedCodes.add(ins.code as string);
      }
      const rows = rowsOf<{ id: number; external_id: string }>(
        await this.tx.execute(sql`
          INSERT INTO products (code, article, article_norm, name, section_id, brand_id, description, properties, price, image_seed, active, external_id)
          SELECT v.code, v.article, v.article_norm, v.name, v.section_id, v.brand_id, v.description, v.properties, 0, v.image_seed, v.active, v.external_id
          FROM jsonb_to_recordset(${json(inserts)}) AS v(code text, article text, article_norm text, name text, section_id int, brand_id int, description text, properties jsonb, image_seed int, active boolean, external_id text)
          RETURNING id, external_id`),
      );
      for (const row of rows) idOf.set(row.external_id, row.id);
      this.stats.created += rows.length;
    }
    if (updates.length) {
      const rows = rowsOf<{ id: number }>(
        await this.tx.execute(sql`
          UPDATE products p SET name = v.name, article = v.article, article_norm = v.article_norm, description = v.description, section_id = v.section_id,
            brand_id = v.brand_id, properties = v.properties, active = v.active, external_id = v.external_id, updated_at = now()
          FROM jsonb_to_recordset(${json(updates)}) AS v(id int, name text, article text, article_norm text, description text, section_id int, brand_id int, properties jsonb, active boolean, external_id text)
          WHERE p.id = v.id
            AND (p.name, p.article, p.description, p.section_id, p.brand_id, p.properties, p.active, p.external_id)
                IS DISTINCT FROM (v.name, v.article, v.description, v.section_id, v.brand_id, v.properties, v.active, v.external_id)
          RETURNING p.id`),
      );
      this.stats.updated += rows.length;
    }
    for (const r of recs) if (r.pictures.length) this.stats.pictures.push({ productId: idOf.get(r.ext)!, name: r.name, files: r.pictures.map((f) => path.resolve(this.dir, f)) });
  }

  /**
   * Who holds a record's article: an earlier record of this file with another Ид (its product is in the catalogue by
   * the time a later batch is written, or is written in the same statement as this one), else the catalogue's product.
   */
  private articleHolder(r: ProductRec, byArticle: Map<string, { id: number; external_id: string | null }>): { id: number; external_id: string | null } | undefined {
    const earlier = this.fileArticles.get(r.article);
    if (earlier === undefined) this.fileArticles.set(r.article, r.ext);
    return earlier !== undefined && earlier !== r.ext ? { id: --this.placeholders, external_id: earlier } : byArticle.get(r.article);
  }

  /**
   * The product a record writes: its own (by Ид), else one made here without an Ид that has its article (the
   * exchange adopts it instead of duplicating it). An article another product holds is refused.
   */
  private ownerOf(r: ProductRec, old: { id: number } | undefined, holder: { id: number; external_id: string | null } | undefined): number | undefined {
    if (!holder || holder.id === old?.id) return old?.id;
    if (holder.external_id) this.fail(r.where, `артикул ${r.article} уже у другого товара 1С (Ид ${holder.external_id})`);
    if (old) this.fail(r.where, `артикул ${r.article} уже у другого товара сайта`);
    return holder.id;
  }

  private async propertiesOf(id: number): Promise<Record<string, string | number>> {
    const [row] = rowsOf<{ properties: Record<string, string | number> | string }>(await this.tx.execute(sql`SELECT properties FROM products WHERE id = ${id}`));
    const p = row?.properties ?? {};
    return typeof p === 'string' ? JSON.parse(p) : p;
  }

  /** A full package (СодержитТолькоИзменения=false): products of the exchange it did not list are deactivated, never deleted. */
  async deactivateUnlisted(): Promise<void> {
    if (!this.checking) await this.step(() => this.writeDeactivation());
  }

  /**
   * The catalogue's exchange products are compared with the file's list here, a page at a time. One statement carrying
   * all of a 100,000-product file's Ids grew PGlite's WebAssembly memory by 37 MB, which it never gives back, to find
   * what is usually no product at all.
   */
  private async writeDeactivation(): Promise<void> {
    const listed = new Set(this.seen);
    const gone: number[] = [];
    for (let after = 0; ; ) {
      const page = rowsOf<{ id: number; external_id: string }>(
        await this.tx.execute(sql`SELECT id, external_id FROM products WHERE external_id IS NOT NULL AND active AND id > ${after} ORDER BY id LIMIT ${DEACTIVATION_PAGE}`),
      );
      for (const p of page) if (!listed.has(p.external_id)) gone.push(p.id);
      if (page.length < DEACTIVATION_PAGE) break;
      after = page[page.length - 1]!.id;
    }
    for (let i = 0; i < gone.length; i += DEACTIVATION_PAGE) {
      await this.tx.execute(sql`UPDATE products SET active = false WHERE id = ANY(${toPgArray(gone.slice(i, i + DEACTIVATION_PAGE).map(String))}::int[])`);
    }
    this.stats.deactivated += gone.length;
  }

  /** Section counts include their whole subtree (as the seed writes them); only changed counts are written. */
  async recountSections(): Promise<void> {
    if (this.checking) return;
    await this.step(() => this.tx.execute(sql`
      WITH RECURSIVE tree AS (
        SELECT id AS root, id FROM sections
        UNION ALL SELECT tree.root, s.id FROM sections s JOIN tree ON s.parent_id = tree.id
      )
      UPDATE sections SET product_count = c.n
      FROM (SELECT tree.root, COUNT(p.id)::int AS n FROM tree LEFT JOIN products p ON p.section_id = tree.id AND p.active GROUP BY tree.root) c
      WHERE sections.id = c.root AND sections.product_count IS DISTINCT FROM c.n`));
  }

  /** ТипыЦен/ТипЦены → price_types (the name and currency kept current). */
  async priceType(node: XmlNode): Promise<void> {
    const ext = textOf(node, 'Ид');
    const name = textOf(node, 'Наименование');
    if (!ext) this.fail(`тип цен «${name}»`, 'нет Ид');
    const id = this.checking
      ? --this.placeholders
      : await this.step(async () => {
          const [row] = await this.tx
            .insert(priceTypes)
            .values({ externalId: ext, name: name || ext, currency: textOf(node, 'Валюта') || null })
            .onConflictDoUpdate({ target: priceTypes.externalId, set: { name: name || ext, currency: textOf(node, 'Валюта') || null } })
            .returning({ id: priceTypes.id });
          return row!.id;
        });
    this.priceTypeByExt.set(ext, { id, name: name || ext });
    this.retail = undefined;
  }

  /** The retail price type: the one named «Розничн…», else the first declared (in this file, else ever). */
  private async retailType(): Promise<number | null> {
    if (this.retail !== undefined) return this.retail;
    const declared = [...this.priceTypeByExt.values()];
    const pick = (list: { id: number; name: string }[]) => list.find((p) => /розничн/i.test(p.name)) ?? list[0];
    let chosen = pick(declared);
    if (!chosen) chosen = pick(await this.tx.select({ id: priceTypes.id, name: priceTypes.name }).from(priceTypes).orderBy(priceTypes.id));
    this.retail = chosen?.id ?? null;
    return this.retail;
  }

  private async priceTypeId(ext: string): Promise<number | null> {
    const known = this.priceTypeByExt.get(ext);
    if (known) return known.id;
    const [row] = await this.tx.select({ id: priceTypes.id, name: priceTypes.name }).from(priceTypes).where(eq(priceTypes.externalId, ext));
    if (row) this.priceTypeByExt.set(ext, row);
    return row?.id ?? null;
  }

  private async branchesList() {
    this.branchList ??= await this.tx.select({ id: branches.id, city: branches.city, name: branches.name }).from(branches).orderBy(branches.sort, branches.id);
    return this.branchList;
  }

  /**
   * Склады/Склад → warehouse_branches. A warehouse met for the first time is mapped to the branch whose
   * city its name contains, else to the first branch; a manager may remap it (or unmap: branch null,
   * then its stock is not shown).
   */
  async warehouse(node: XmlNode): Promise<void> {
    const ext = textOf(node, 'Ид');
    const name = textOf(node, 'Наименование') || ext;
    if (!ext || this.checking) return;
    await this.step(() => this.warehouseBranchOf(ext, name));
  }

  /** The branch a warehouse's stock counts in (the check pass maps none: it only reads the figures). */
  private async warehouseBranchOf(ext: string, name = ext): Promise<number | null> {
    if (this.checking) return null;
    if (this.warehouseBranch.has(ext)) return this.warehouseBranch.get(ext)!;
    const [row] = await this.tx.select({ branchId: warehouseBranches.branchId }).from(warehouseBranches).where(eq(warehouseBranches.externalId, ext));
    let branchId = row ? row.branchId : null;
    if (!row) {
      const list = await this.branchesList();
      const lower = name.toLowerCase();
      branchId = (list.find((b) => lower.includes(b.city.toLowerCase().slice(0, Math.max(4, b.city.length - 2)))) ?? list[0])?.id ?? null;
      await this.tx.insert(warehouseBranches).values({ externalId: ext, name, branchId }).onConflictDoNothing();
    }
    this.warehouseBranch.set(ext, branchId);
    return branchId;
  }

  /** Предложения/Предложение → collected; prices and stock written a batch at a time. */
  async offer(node: XmlNode): Promise<void> {
    const ext = textOf(node, 'Ид').split('#')[0]!;
    const where = `предложение «${textOf(node, 'Наименование') || ext || '?'}»`;
    if (!ext) this.fail(where, 'нет Ид');
    const warehouses: OfferRec['warehouses'] = [];
    // CommerceML 2.05–2.07: <Склад ИдСклада="…" КоличествоНаСкладе="…"/>; 2.08+: Остатки/Остаток/Склад/{Ид, Количество}.
    for (const s of children(node, 'Склад')) if (s.attrs['ИдСклада']) warehouses.push({ ext: s.attrs['ИдСклада'], qty: s.attrs['КоличествоНаСкладе'] ?? '0' });
    let total: string | null = textOf(node, 'Количество') || null;
    for (const o of children(child(node, 'Остатки'), 'Остаток')) {
      const s = child(o, 'Склад');
      if (s) warehouses.push({ ext: textOf(s, 'Ид'), qty: textOf(s, 'Количество') });
      else total ??= textOf(o, 'Количество') || null;
    }
    const prices = children(child(node, 'Цены'), 'Цена').map((p) => ({ typeExt: textOf(p, 'ИдТипаЦены'), raw: textOf(p, 'ЦенаЗаЕдиницу') }));
    this.offerBatch.push({ ext, where, prices, warehouses, total });
    this.stats.read++;
    if (this.offerBatch.length >= this.batchSize) await this.flushOffers();
  }

  /** Prices per price type (the retail one is the product's price) and stock per branch, for a batch of offers. */
  private async flushOffers(): Promise<void> {
    const batch = this.offerBatch;
    this.offerBatch = [];
    await this.step(() => this.writeOffers(batch));
    await this.rest();
    this.stopIfAsked();
    await this.progress();
  }

  private async writeOffers(batch: OfferRec[]): Promise<void> {
    const found = new Map(
      rowsOf<{ id: number; external_id: string }>(await this.tx.execute(sql`SELECT id, external_id FROM products WHERE external_id = ANY(${toPgArray(batch.map((o) => o.ext))}::text[])`)).map((r) => [
        r.external_id,
        r.id,
      ]),
    );
    const retail = await this.retailType();
    const priceRows = new Map<string, { product_id: number; price_type_id: number; price: string }>();
    const retailRows = new Map<number, string>();
    const stockRows = new Map<string, { product_id: number; branch_id: number; quantity: number }>();
    const stockProducts = new Set<number>();
    // 1C's own per-warehouse figures, kept so that a remap in the desk can move the stock (exchange/warehouses.ts).
    const warehouseRows = new Map<string, { product_id: number; warehouse_id: string; quantity: number }>();
    for (const o of batch) {
      const productId = found.get(o.ext);
      if (!productId) {
        // An offer for nomenclature the site does not have (not exported to it): skipped, counted.
        this.stats.skipped++;
        if (this.stats.notes.length < 20) this.stats.notes.push(`${o.where}: товара с Ид ${o.ext} нет на сайте — пропущено`);
        continue;
      }
      for (const p of o.prices) {
        const typeId = await this.priceTypeId(p.typeExt);
        if (typeId === null) this.fail(o.where, `неизвестный тип цен с Ид ${p.typeExt} (его нет в ТипыЦен)`);
        const price = toNumber(p.raw);
        if (price === null || price < 0 || price >= 1e10) this.fail(o.where, `цена «${p.raw}» не число`);
        // Exact: the decimal text 1C wrote, rounded to kopecks as numeric(12,2) would.
        const value = price.toFixed(2);
        priceRows.set(`${productId}:${typeId}`, { product_id: productId, price_type_id: typeId, price: value });
        if (typeId === retail) retailRows.set(productId, value);
      }
      const byBranch = new Map<number, number>();
      const qty = (v: string) => {
        const n = toNumber(v);
        if (n === null) this.fail(o.where, `количество «${v}» не число`);
        return Math.max(0, Math.floor(n));
      };
      if (o.warehouses.length) {
        for (const w of o.warehouses) {
          const branch = await this.warehouseBranchOf(w.ext);
          if (branch !== null) byBranch.set(branch, (byBranch.get(branch) ?? 0) + qty(w.qty));
          if (w.ext) {
            const key = `${productId}:${w.ext}`;
            warehouseRows.set(key, { product_id: productId, warehouse_id: w.ext, quantity: (warehouseRows.get(key)?.quantity ?? 0) + qty(w.qty) });
          }
        }
      } else if (o.total !== null) {
        const first = (await this.branchesList())[0];
        if (first) byBranch.set(first.id, qty(o.total));
      } else continue;
      stockProducts.add(productId);
      for (const [branchId, quantity] of byBranch) stockRows.set(`${productId}:${branchId}`, { product_id: productId, branch_id: branchId, quantity });
    }
    if (this.checking) return;
    if (priceRows.size) {
      const rows = rowsOf<{ product_id: number }>(
        await this.tx.execute(sql`
          INSERT INTO product_prices (product_id, price_type_id, price)
          SELECT v.product_id, v.price_type_id, v.price FROM jsonb_to_recordset(${json([...priceRows.values()])}) AS v(product_id int, price_type_id int, price numeric)
          ON CONFLICT (product_id, price_type_id) DO UPDATE SET price = EXCLUDED.price WHERE product_prices.price IS DISTINCT FROM EXCLUDED.price
          RETURNING product_id`),
      );
      this.stats.prices += rows.length;
    }
    // The product's price and its stock total in one UPDATE, before the stocks are written: the stocks trigger
    // then finds stock_qty already equal to the sum and leaves the product alone (one product write, not two).
    const totals = new Map<number, number>();
    for (const r of stockRows.values()) totals.set(r.product_id, (totals.get(r.product_id) ?? 0) + r.quantity);
    for (const id of stockProducts) if (!totals.has(id)) totals.set(id, 0);
    const productRows = new Map<number, { id: number; price: string | null; qty: number | null }>();
    for (const [id, price] of retailRows) productRows.set(id, { id, price, qty: null });
    for (const [id, qty] of totals) productRows.set(id, { id, price: productRows.get(id)?.price ?? null, qty });
    if (productRows.size) {
      await this.tx.execute(sql`
        UPDATE products p SET price = COALESCE(v.price, p.price), stock_qty = COALESCE(v.qty, p.stock_qty),
          updated_at = CASE WHEN p.price IS DISTINCT FROM COALESCE(v.price, p.price) THEN now() ELSE p.updated_at END
        FROM jsonb_to_recordset(${json([...productRows.values()])}) AS v(id int, price numeric, qty int)
        WHERE p.id = v.id AND (p.price, p.stock_qty) IS DISTINCT FROM (COALESCE(v.price, p.price), COALESCE(v.qty, p.stock_qty))`);
    }
    if (stockProducts.size) {
      const rows = [...stockRows.values()];
      // The product's stock is replaced: branches the offer does not name hold none.
      await this.tx.execute(sql`
        DELETE FROM stocks s WHERE s.product_id = ANY(${`{${[...stockProducts].join(',')}}`}::int[])
          AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${json(rows)}) AS v(product_id int, branch_id int) WHERE v.product_id = s.product_id AND v.branch_id = s.branch_id)`);
      if (rows.length) {
        const changed = rowsOf<{ product_id: number }>(
          await this.tx.execute(sql`
            INSERT INTO stocks (product_id, branch_id, quantity)
            SELECT v.product_id, v.branch_id, v.quantity FROM jsonb_to_recordset(${json(rows)}) AS v(product_id int, branch_id int, quantity int)
            ON CONFLICT (product_id, branch_id) DO UPDATE SET quantity = EXCLUDED.quantity WHERE stocks.quantity IS DISTINCT FROM EXCLUDED.quantity
            RETURNING product_id`),
        );
        this.stats.stocks += changed.length;
      }
      // Replaced like the stocks; a bare total leaves no warehouse figures a remap could move.
      const perWarehouse = [...warehouseRows.values()];
      await this.tx.execute(sql`
        DELETE FROM warehouse_stocks ws WHERE ws.product_id = ANY(${`{${[...stockProducts].join(',')}}`}::int[])
          AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${json(perWarehouse)}) AS v(product_id int, warehouse_id text) WHERE v.product_id = ws.product_id AND v.warehouse_id = ws.warehouse_id)`);
      if (perWarehouse.length) {
        await this.tx.execute(sql`
          INSERT INTO warehouse_stocks (product_id, warehouse_id, quantity)
          SELECT v.product_id, v.warehouse_id, v.quantity FROM jsonb_to_recordset(${json(perWarehouse)}) AS v(product_id int, warehouse_id text, quantity int)
          ON CONFLICT (product_id, warehouse_id) DO UPDATE SET quantity = EXCLUDED.quantity WHERE warehouse_stocks.quantity IS DISTINCT FROM EXCLUDED.quantity`);
      }
    }
  }
}

function hashSeed(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return Math.abs(h);
}

/** A text[] literal for `= ANY(…)` (one parameter, whatever the count). */
function toPgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** Whether a path the file names exists (pictures), for the pictures step. */
export const exists = (f: string) => fs.existsSync(f);
