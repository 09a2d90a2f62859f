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
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, brands, priceTypes, productPrices, products, sectionProperties, sections, stocks, warehouseBranches } from '../db/schema';
import { normalizeArticle, slugify } from '../lib/text';
import { child, children, readRecords, textOf, XmlRefused, type XmlNode } from './commerceml';
import { recordWarehouseStocks } from './warehouses';

/** A refusal of the file, answered `failure` with this (Russian) text. */
export class ImportFailure extends Error {}

export type ImportStats = { kind: 'catalog' | 'offers'; sections: number; created: number; updated: number; deactivated: number; prices: number; stocks: number; skipped: number };

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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type Property = { name: string; values: Map<string, string> };

function toNumber(v: string): number | null {
  const s = v.replace(/\s+/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : null;
}

/** Imports one uploaded file. Throws ImportFailure (Russian reason naming the file and element) on anything it refuses. */
export async function importCatalogFile(db: Db, file: string, fileName: string): Promise<ImportStats> {
  const stats: ImportStats = { kind: 'catalog', sections: 0, created: 0, updated: 0, deactivated: 0, prices: 0, stocks: 0, skipped: 0 };
  let fullCatalog = false;
  let sawRoot = false;
  try {
    await db.transaction(async (tx) => {
      const ctx = new ImportContext(tx, stats, fileName);
      await readRecords(
        file,
        (p) => RECORDS.has(p),
        async ({ path, node }) => {
          if (path === `${CLASSIFIER}/Группы`) await ctx.groups(node);
          else if (path === `${CLASSIFIER}/Свойства/Свойство`) ctx.property(node);
          else if (path.endsWith('/ТипыЦен/ТипЦены')) await ctx.priceType(node);
          else if (path.endsWith('/Склады/Склад')) await ctx.warehouse(node);
          else if (path === `${CATALOG}/Товары/Товар`) await ctx.product(node);
          else if (path === `${OFFERS}/Предложения/Предложение`) await ctx.offer(node);
          else if (path === `${CATALOG}/СодержитТолькоИзменения`) fullCatalog = node.text.trim() === 'false';
        },
        (path, attrs) => {
          if (path === ROOT) sawRoot = true;
          if (path === CATALOG) fullCatalog = attrs['СодержитТолькоИзменения'] === 'false';
          if (path === OFFERS) stats.kind = 'offers';
        },
      );
      if (!sawRoot) throw new ImportFailure(`${fileName}: нет корневого элемента КоммерческаяИнформация — это не файл CommerceML`);
      if (fullCatalog) await ctx.deactivateUnlisted();
      if (stats.kind === 'catalog') await ctx.recountSections();
    });
  } catch (e) {
    if (e instanceof XmlRefused) throw new ImportFailure(`${fileName}: ${e.message}`);
    throw e;
  }
  return stats;
}

class ImportContext {
  private sectionByExt = new Map<string, number>();
  private props = new Map<string, Property>();
  private seen: string[] = [];
  private priceTypeByExt = new Map<string, { id: number; name: string }>();
  private retail: number | null | undefined;
  private warehouseBranch = new Map<string, number | null>();
  private branchList: { id: number; city: string; name: string }[] | null = null;
  private brandByName = new Map<string, number>();
  private sectionPropsCache = new Map<number, { code: string; name: string; kind: string }[]>();

  constructor(
    private tx: Tx,
    private stats: ImportStats,
    private file: string,
  ) {}

  private fail(element: string, why: string): never {
    throw new ImportFailure(`${this.file}, ${element}: ${why}`);
  }

  /** Классификатор/Группы: the whole tree; levels below the third map to their third-level ancestor. */
  async groups(node: XmlNode): Promise<void> {
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
    const [found] = await this.tx.select({ id: sections.id, name: sections.name, parentId: sections.parentId, depth: sections.depth }).from(sections).where(eq(sections.externalId, ext));
    if (found) {
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
  private async freeCode(table: 'sections' | 'products' | 'brands', base: string): Promise<string> {
    const t = table === 'sections' ? sections : table === 'products' ? products : brands;
    const stem = base.slice(0, 180);
    const taken = await this.tx
      .select({ code: t.code })
      .from(t)
      .where(sql`${t.code} = ${stem} OR ${t.code} LIKE ${stem.replace(/[%_\\]/g, '\\$&') + '-%'}`);
    const set = new Set(taken.map((r) => r.code));
    if (!set.has(stem)) return stem;
    for (let i = 2; ; i++) if (!set.has(`${stem}-${i}`)) return `${stem}-${i}`;
  }

  /** Классификатор/Свойства/Свойство: its name and, for a Справочник, the names of its values. */
  property(node: XmlNode): void {
    const ext = textOf(node, 'Ид');
    if (!ext) return;
    const values = new Map<string, string>();
    for (const v of children(child(node, 'ВариантыЗначений'), 'Справочник')) values.set(textOf(v, 'ИдЗначения'), textOf(v, 'Значение'));
    this.props.set(ext, { name: textOf(node, 'Наименование') || ext, values });
  }

  private async sectionOf(ext: string): Promise<number | null> {
    const known = this.sectionByExt.get(ext);
    if (known !== undefined) return known;
    const [row] = await this.tx.select({ id: sections.id }).from(sections).where(eq(sections.externalId, ext));
    if (row) this.sectionByExt.set(ext, row.id);
    return row?.id ?? null;
  }

  private async sectionProps(sectionId: number) {
    let defs = this.sectionPropsCache.get(sectionId);
    if (!defs) {
      defs = await this.tx.select({ code: sectionProperties.code, name: sectionProperties.name, kind: sectionProperties.kind }).from(sectionProperties).where(eq(sectionProperties.sectionId, sectionId));
      this.sectionPropsCache.set(sectionId, defs);
    }
    return defs;
  }

  private async brandId(name: string): Promise<number> {
    const key = name.trim().toLowerCase();
    const known = this.brandByName.get(key);
    if (known) return known;
    const [found] = await this.tx.select({ id: brands.id }).from(brands).where(sql`lower(${brands.name}) = ${key}`);
    let id = found?.id;
    if (!id) {
      const code = await this.freeCode('brands', slugify(name) || 'brand');
      [{ id }] = (await this.tx.insert(brands).values({ code, name: name.trim() }).returning({ id: brands.id })) as [{ id: number }];
    }
    this.brandByName.set(key, id!);
    return id!;
  }

  /** Каталог/Товары/Товар → a product (created, updated, or deactivated when 1C marks it deleted). */
  async product(node: XmlNode): Promise<void> {
    const ext = textOf(node, 'Ид').split('#')[0]!;
    const name = textOf(node, 'Наименование');
    const where = `товар «${name || ext || '?'}»`;
    if (!ext) this.fail(where, 'у товара нет Ид');
    if (!name) this.fail(where, 'у товара нет Наименования');
    this.seen.push(ext);
    const deleted = textOf(node, 'Статус') === 'Удален' || node.attrs['Статус'] === 'Удален';

    const [existing] = await this.tx.select({ id: products.id, sectionId: products.sectionId, properties: products.properties }).from(products).where(eq(products.externalId, ext));
    const groupExt = textOf(node, 'Группы', 'Ид');
    let sectionId: number | null = existing?.sectionId ?? null;
    if (groupExt) {
      sectionId = await this.sectionOf(groupExt);
      if (sectionId === null) this.fail(where, `неизвестная группа с Ид ${groupExt} (её нет ни в этом файле, ни в каталоге)`);
    }
    if (sectionId === null) return this.fail(where, 'товар не отнесён ни к одной группе (Группы/Ид)');

    // Properties: by the classifier's names; a section's property of that name keeps its code (and is numeric if the section says so).
    const defs = await this.sectionProps(sectionId);
    const properties: Record<string, string | number> = {};
    let brandName = textOf(node, 'Изготовитель', 'Наименование');
    for (const pv of children(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства')) {
      const prop = this.props.get(textOf(pv, 'Ид'));
      const raw = textOf(pv, 'Значение');
      if (!raw) continue;
      const propName = prop?.name ?? textOf(pv, 'Наименование');
      if (!propName) continue;
      const value = prop?.values.get(raw) ?? raw;
      if (BRAND_PROPS.test(propName)) {
        brandName ||= value;
        continue;
      }
      const def = defs.find((d) => d.name.toLowerCase() === propName.toLowerCase());
      if (def) properties[def.code] = def.kind === 'number' ? (toNumber(value) ?? value) : value;
      else properties[propName] = value;
    }
    const brandId = await this.brandId(brandName || NO_BRAND);
    const article = textOf(node, 'Артикул') || `1C-${ext.slice(0, 12)}`;
    const values = {
      name,
      article,
      articleNorm: normalizeArticle(article),
      description: textOf(node, 'Описание'),
      sectionId,
      brandId,
      properties: { ...(existing?.properties ?? {}), ...properties },
      active: !deleted,
    };

    let id = existing?.id;
    if (!id) {
      // A product made here (no Ид) with the same article: the exchange adopts it instead of duplicating it.
      const [byArticle] = await this.tx.select({ id: products.id, externalId: products.externalId }).from(products).where(eq(products.article, article));
      if (byArticle?.externalId) this.fail(where, `артикул ${article} уже у другого товара 1С (Ид ${byArticle.externalId})`);
      id = byArticle?.id;
    }
    if (id) {
      await this.tx.update(products).set({ ...values, externalId: ext }).where(eq(products.id, id));
      this.stats.updated++;
    } else {
      const code = await this.freeCode('products', slugify(name) || 'tovar');
      await this.tx.insert(products).values({ ...values, code, externalId: ext, price: '0', imageSeed: hashSeed(ext) });
      this.stats.created++;
    }
  }

  /** A full package (СодержитТолькоИзменения=false): products of the exchange it did not list are deactivated, never deleted. */
  async deactivateUnlisted(): Promise<void> {
    const gone = await this.tx
      .update(products)
      .set({ active: false })
      .where(and(isNotNull(products.externalId), eq(products.active, true), sql`NOT (${products.externalId} = ANY(${toPgArray(this.seen)}::text[]))`))
      .returning({ id: products.id });
    this.stats.deactivated += gone.length;
  }

  /** Section counts include their whole subtree (as the seed writes them); only changed counts are written. */
  async recountSections(): Promise<void> {
    await this.tx.execute(sql`
      WITH RECURSIVE tree AS (
        SELECT id AS root, id FROM sections
        UNION ALL SELECT tree.root, s.id FROM sections s JOIN tree ON s.parent_id = tree.id
      )
      UPDATE sections SET product_count = c.n
      FROM (SELECT tree.root, COUNT(p.id)::int AS n FROM tree LEFT JOIN products p ON p.section_id = tree.id AND p.active GROUP BY tree.root) c
      WHERE sections.id = c.root AND sections.product_count IS DISTINCT FROM c.n`);
  }

  /** ТипыЦен/ТипЦены → price_types (the name and currency kept current). */
  async priceType(node: XmlNode): Promise<void> {
    const ext = textOf(node, 'Ид');
    const name = textOf(node, 'Наименование');
    if (!ext) this.fail(`тип цен «${name}»`, 'нет Ид');
    const [row] = await this.tx
      .insert(priceTypes)
      .values({ externalId: ext, name: name || ext, currency: textOf(node, 'Валюта') || null })
      .onConflictDoUpdate({ target: priceTypes.externalId, set: { name: name || ext, currency: textOf(node, 'Валюта') || null } })
      .returning({ id: priceTypes.id });
    this.priceTypeByExt.set(ext, { id: row!.id, name: name || ext });
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
    if (!ext) return;
    await this.warehouseBranchOf(ext, name);
  }

  private async warehouseBranchOf(ext: string, name = ext): Promise<number | null> {
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

  /** Предложения/Предложение → prices per price type (the retail one is the product's price) and stock per branch. */
  async offer(node: XmlNode): Promise<void> {
    const ext = textOf(node, 'Ид').split('#')[0]!;
    const where = `предложение «${textOf(node, 'Наименование') || ext || '?'}»`;
    if (!ext) this.fail(where, 'нет Ид');
    const [product] = await this.tx.select({ id: products.id, price: products.price }).from(products).where(eq(products.externalId, ext));
    if (!product) {
      // An offer for nomenclature the site does not have (not exported to it): skipped, counted.
      this.stats.skipped++;
      return;
    }
    const retail = await this.retailType();
    for (const p of children(child(node, 'Цены'), 'Цена')) {
      const typeExt = textOf(p, 'ИдТипаЦены');
      const typeId = await this.priceTypeId(typeExt);
      if (typeId === null) this.fail(where, `неизвестный тип цен с Ид ${typeExt} (его нет в ТипыЦен)`);
      const price = toNumber(textOf(p, 'ЦенаЗаЕдиницу'));
      if (price === null || price < 0 || price >= 1e10) this.fail(where, `цена «${textOf(p, 'ЦенаЗаЕдиницу')}» не число`);
      const value = price.toFixed(2);
      await this.tx.insert(productPrices).values({ productId: product.id, priceTypeId: typeId, price: value }).onConflictDoUpdate({ target: [productPrices.productId, productPrices.priceTypeId], set: { price: value } });
      if (typeId === retail && Number(product.price) !== price) await this.tx.update(products).set({ price: value }).where(eq(products.id, product.id));
      this.stats.prices++;
    }
    await this.offerStock(node, product.id, where);
  }

  private async offerStock(node: XmlNode, productId: number, where: string): Promise<void> {
    const perWarehouse: { ext: string; qty: string }[] = [];
    // CommerceML 2.05–2.07: <Склад ИдСклада="…" КоличествоНаСкладе="…"/>; 2.08+: Остатки/Остаток/Склад/{Ид, Количество}.
    for (const s of children(node, 'Склад')) if (s.attrs['ИдСклада']) perWarehouse.push({ ext: s.attrs['ИдСклада'], qty: s.attrs['КоличествоНаСкладе'] ?? '0' });
    let total: string | null = textOf(node, 'Количество') || null;
    for (const o of children(child(node, 'Остатки'), 'Остаток')) {
      const s = child(o, 'Склад');
      if (s) perWarehouse.push({ ext: textOf(s, 'Ид'), qty: textOf(s, 'Количество') });
      else total ??= textOf(o, 'Количество') || null;
    }
    const byBranch = new Map<number, number>();
    const qty = (v: string) => {
      const n = toNumber(v);
      if (n === null) this.fail(where, `количество «${v}» не число`);
      return Math.max(0, Math.floor(n));
    };
    if (perWarehouse.length) {
      for (const w of perWarehouse) {
        const branch = await this.warehouseBranchOf(w.ext);
        if (branch !== null) byBranch.set(branch, (byBranch.get(branch) ?? 0) + qty(w.qty));
      }
      // 1C's own per-warehouse figures, kept so that a remap in the desk can move the stock (exchange/warehouses.ts).
      await recordWarehouseStocks(this.tx, productId, perWarehouse.map((w) => ({ ext: w.ext, quantity: qty(w.qty) })));
    } else if (total !== null) {
      await recordWarehouseStocks(this.tx, productId, []); // a bare total: no warehouse figures a remap could move
      const first = (await this.branchesList())[0];
      if (first) byBranch.set(first.id, qty(total));
    } else return;
    // The product's stock is replaced: branches the offer does not name hold none.
    const current = await this.tx.select({ branchId: stocks.branchId, quantity: stocks.quantity }).from(stocks).where(eq(stocks.productId, productId));
    const gone = current.filter((c) => !byBranch.has(c.branchId)).map((c) => c.branchId);
    if (gone.length) await this.tx.delete(stocks).where(and(eq(stocks.productId, productId), inArray(stocks.branchId, gone)));
    for (const [branchId, quantity] of byBranch) {
      if (current.find((c) => c.branchId === branchId)?.quantity === quantity) continue;
      await this.tx.insert(stocks).values({ productId, branchId, quantity }).onConflictDoUpdate({ target: [stocks.productId, stocks.branchId], set: { quantity } });
      this.stats.stocks++;
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
