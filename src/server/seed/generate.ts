/**
 * Deterministic demo catalogue generator: the same options give the same rows, byte for byte.
 * Pure: no database here (see seed.ts), so it is unit-testable and fast to reason about.
 */
import { normalizeArticle, slugify } from '../lib/text';
import {
  BRANCHES,
  BRANDS,
  CATALOG,
  SHOP_CITIES,
  SHOP_NAMES_OFFLINE,
  SHOP_NAMES_ONLINE,
  STREETS,
  type Leaf,
  type ProductKind,
} from './catalog-data';
import type { Guarantee, ProductProperties, SectionBanner, shops } from '../db/schema';

/** mulberry32: tiny, fast, good enough for demo data, and stable across Node versions. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

/** The generated catalogue's "today": fixed so that the output is reproducible. */
export const CATALOG_EPOCH = Date.UTC(2026, 10, 1);

export type SectionRow = {
  id: number;
  updatedAt: Date;
  code: string;
  name: string;
  parentId: number | null;
  depth: number;
  sort: number;
  description: string | null;
  banner: SectionBanner | null;
  icon: string | null;
};
export type SectionPropRow = { sectionId: number; code: string; name: string; unit: string | null; kind: 'number' | 'enum'; sort: number };
export type BrandRow = { id: number; updatedAt: Date; code: string; name: string; nameCyr: string; country: string; color: string; sort: number; description: string };
export type ProductRow = {
  id: number;
  code: string;
  article: string;
  articleNorm: string;
  name: string;
  sectionId: number;
  brandId: number;
  description: string;
  properties: ProductProperties;
  price: string;
  oldPrice: string | null;
  isHit: boolean;
  isNew: boolean;
  guarantee: Guarantee | null;
  lineCode: string | null;
  popularity: number;
  imageSeed: number;
  imageCount: number;
  canBuy: boolean;
  createdAt: Date;
  /** Last edit (sitemap lastmod): some days after creation, never after the catalogue's "today". */
  updatedAt: Date;
};
export type StockRow = { productId: number; branchId: number; quantity: number };
export type ExpendableRow = { productId: number; materialId: number; sort: number };
export type BranchRow = (typeof BRANCHES)[number] & { id: number; email: string; sort: number; updatedAt: Date };
export type ShopRow = Omit<typeof shops.$inferInsert, 'id'> & { sort: number };

export type GeneratedCatalog = {
  sections: SectionRow[];
  sectionProps: SectionPropRow[];
  brands: BrandRow[];
  branches: BranchRow[];
  shops: ShopRow[];
  products: ProductRow[];
  stocks: StockRow[];
  expendables: ExpendableRow[];
  /** Leaf section code → its product ids (used for expendables, promotions, orders). */
  productsBySection: Map<string, number[]>;
};

/** A demo row's last edit: up to `days` before the catalogue's "today", derived from its id (no draw). */
const editedBefore = (id: number, days: number) => new Date(CATALOG_EPOCH - ((id * 7919) % days) * 86_400_000 - ((id * 104_729) % 86_400) * 1000);

const BANNER_COLORS = ['#d71920', '#0b5ea8', '#1b7a3e', '#8a5a00', '#5c2d91', '#00467f'];

function sections(): { rows: SectionRow[]; leaves: { id: number; leaf: Leaf }[] } {
  const rows: SectionRow[] = [];
  const leaves: { id: number; leaf: Leaf }[] = [];
  let id = 0;
  CATALOG.forEach((top, ti) => {
    const topId = ++id;
    rows.push({
      id: topId,
      updatedAt: editedBefore(topId, 200),
      code: top.code,
      name: top.name,
      parentId: null,
      depth: 1,
      sort: (ti + 1) * 10,
      description: top.description,
      // A selling line, not the section's name again (the H1 says it) nor its description (the text under the listing).
      banner: { title: 'Гарантия производителя и доставка по всей Беларуси', text: 'Компаниям — договорные цены и оплата по счёту.', href: '/advantages/', color: BANNER_COLORS[ti % BANNER_COLORS.length] },
      icon: top.icon,
    });
    top.mids.forEach((mid, mi) => {
      const midId = ++id;
      rows.push({ id: midId, updatedAt: editedBefore(midId, 200), code: mid.code, name: mid.name, parentId: topId, depth: 2, sort: (mi + 1) * 10, description: null, banner: null, icon: null });
      mid.leaves.forEach((leaf, li) => {
        const leafId = ++id;
        rows.push({
          id: leafId,
          updatedAt: editedBefore(leafId, 200),
          code: leaf.code,
          name: leaf.name,
          parentId: midId,
          depth: 3,
          sort: (li + 1) * 10,
          description: `${leaf.name} с доставкой по Беларуси и самовывозом из филиалов. Цены в белорусских рублях, гарантия производителя.`,
          banner: null,
          icon: null,
        });
        leaves.push({ id: leafId, leaf });
      });
    });
  });
  return { rows, leaves };
}

const ARTICLE_SUFFIXES = ['', '', '', 'K', 'X', '-QW', 'Z', 'RE', 'BL'];

function roundPrice(r: Rng, value: number): number {
  if (value >= 100) return Math.round(value) - (r.chance(0.5) ? 0.1 : 0);
  if (value >= 10) return Math.round(value * 10) / 10;
  return Math.round(value * 20) / 20 || 0.05;
}

function pickProps(r: Rng, kind: ProductKind): ProductProperties {
  const props: ProductProperties = {};
  for (const p of kind.props) props[p.code] = r.pick(p.values);
  return props;
}

function titleDetail(kind: ProductKind, props: ProductProperties): string {
  if (props.diameter !== undefined && props.thickness !== undefined) return ` ${props.diameter}×${String(props.thickness).replace('.', ',')} мм`;
  if (props.diameter !== undefined) return ` ${props.diameter} мм`;
  if (props.voltage !== undefined && props.battery !== undefined && !kind.kits) return ` ${props.voltage} В ${String(props.battery).replace('.', ',')} А·ч`;
  if (props.power !== undefined && kind.props.some((p) => p.code === 'power')) return ` ${props.power} Вт`;
  if (props.pack !== undefined && Number(props.pack) > 1) return `, ${props.pack} шт`;
  return '';
}

const USE_CASES = [
  'для ремонта и строительства',
  'для ежедневной работы на объекте',
  'для домашней мастерской',
  'для монтажных бригад',
  'для дачи и гаража',
];
const QUALITIES = [
  'Корпус защищён от пыли, рукоятка с мягкими накладками снижает вибрацию.',
  'Продуманная эргономика и небольшой вес позволяют работать долго без усталости.',
  'Надёжная конструкция рассчитана на интенсивную профессиональную эксплуатацию.',
  'Комплектуется подробной инструкцией на русском языке.',
  'Сервисное обслуживание — в филиалах компании по всей Беларуси.',
];

function describe(r: Rng, kind: ProductKind, brand: string, article: string, props: ProductProperties): string {
  const specs = kind.props
    .filter((p) => props[p.code] !== undefined)
    .slice(0, 3)
    .map((p) => `${p.name.toLowerCase()} — ${String(props[p.code]).replace('.', ',')}${p.unit ? ` ${p.unit}` : ''}`)
    .join(', ');
  const use = r.pick(USE_CASES);
  // Two different qualities: the second index skips the first (as many draws as two picks).
  const first = r.int(0, QUALITIES.length - 1);
  const second = (first + 1 + r.int(0, QUALITIES.length - 2)) % QUALITIES.length;
  return `${kind.title} ${brand} ${article} ${use}. Основные характеристики: ${specs}. ${QUALITIES[first]} ${QUALITIES[second]}`;
}

export function generateCatalog(opts: { products: number; seed?: number }): GeneratedCatalog {
  const r = rng(opts.seed ?? 20261121);
  const { rows: sectionRows, leaves } = sections();

  const sectionProps: SectionPropRow[] = [];
  for (const { id, leaf } of leaves)
    leaf.kind.props.forEach((p, i) => sectionProps.push({ sectionId: id, code: p.code, name: p.name, unit: p.unit ?? null, kind: p.kind, sort: (i + 1) * 10 }));

  const brands: BrandRow[] = BRANDS.map((b, i) => ({
    id: i + 1,
    updatedAt: editedBefore(i + 1, 300),
    code: b.code,
    name: b.name,
    nameCyr: b.nameCyr,
    country: b.country,
    color: b.color,
    sort: (i + 1) * 10,
    description: `${b.name} (${b.nameCyr}) — инструмент и оборудование, страна бренда: ${b.country}. Официальные поставки в Беларусь, гарантия и сервис.`,
  }));
  const brandByCode = new Map(brands.map((b) => [b.code, b]));
  const prefixByCode = new Map(BRANDS.map((b) => [b.code, b.prefix]));

  const branches: BranchRow[] = BRANCHES.map((b, i) => ({ ...b, id: i + 1, email: `${b.code}@instrument.by`, sort: (i + 1) * 10, updatedAt: editedBefore(i + 1, 150) }));

  // Share the requested product count among leaves by weight.
  const totalWeight = leaves.reduce((s, l) => s + (l.leaf.weight ?? 2), 0);
  const counts = leaves.map((l) => Math.floor((opts.products * (l.leaf.weight ?? 2)) / totalWeight));
  for (let i = 0, left = opts.products - counts.reduce((a, b) => a + b, 0); left > 0; i = (i + 1) % counts.length, left--) counts[i]!++;

  const products: ProductRow[] = [];
  const productsBySection = new Map<string, number[]>();
  const usedArticles = new Set<string>();
  let articleCounter = 100;

  leaves.forEach(({ id: sectionId, leaf }, li) => {
    const ids: number[] = [];
    productsBySection.set(leaf.code, ids);
    const kind = leaf.kind;
    const brandCodes = kind.brands.filter((c) => brandByCode.has(c));
    let remaining = counts[li]!;
    while (remaining > 0) {
      const brand = brandByCode.get(r.pick(brandCodes))!;
      let article = '';
      do {
        articleCounter += r.int(1, 37);
        article = `${prefixByCode.get(brand.code)}${articleCounter}${r.pick(ARTICLE_SUFFIXES)}`;
      } while (usedArticles.has(normalizeArticle(article)));
      usedArticles.add(normalizeArticle(article));

      const baseProps = pickProps(r, kind);
      const variants = kind.kits && remaining > 1 ? Math.min(remaining, r.int(1, 3)) : 1;
      const kitOptions = kind.props.find((p) => p.code === 'kit')?.values as string[] | undefined;
      const basePrice = kind.price[0] + (kind.price[1] - kind.price[0]) * Math.pow(r.next(), 1.6);
      const lineCode = variants > 1 ? slugify(`${brand.name} ${article}`) : null;
      const createdDaysAgo = r.chance(0.08) ? r.int(0, 45) : r.int(46, 900);
      const popularity = Math.floor(Math.pow(r.next(), 3) * 1000);

      for (let v = 0; v < variants; v++) {
        const props = { ...baseProps };
        let variantArticle = article;
        let price = basePrice;
        if (variants > 1 && kitOptions) {
          props.kit = kitOptions[v] ?? kitOptions[kitOptions.length - 1]!;
          if (v > 0) {
            variantArticle = `${article}-${v + 1}`;
            usedArticles.add(normalizeArticle(variantArticle));
            price = basePrice * (1 + 0.55 * v);
          }
        }
        const id = products.length + 1;
        const kitText = variants > 1 && props.kit ? ` (${props.kit})` : '';
        const name = `${kind.title} ${brand.name} ${variantArticle}${titleDetail(kind, props)}${kitText}`;
        const finalPrice = roundPrice(r, price);
        const hasOld = r.chance(0.14);
        products.push({
          id,
          code: slugify(`${kind.title} ${brand.name} ${variantArticle}`),
          article: variantArticle,
          articleNorm: normalizeArticle(variantArticle),
          name,
          sectionId,
          brandId: brand.id,
          description: describe(r, kind, brand.name, variantArticle, props),
          properties: props,
          price: finalPrice.toFixed(2),
          oldPrice: hasOld ? roundPrice(r, finalPrice * (1.1 + r.next() * 0.25)).toFixed(2) : null,
          isHit: popularity > 700 || r.chance(0.03),
          isNew: createdDaysAgo <= 45,
          guarantee: kind.guarantee ? (r.pick(['1', '1', '1', '3', '3', '3big'] as const) as Guarantee) : null,
          lineCode,
          popularity,
          imageSeed: id,
          imageCount: r.int(1, 4),
          canBuy: !r.chance(0.03),
          createdAt: new Date(CATALOG_EPOCH - createdDaysAgo * 86_400_000 - r.int(0, 86_399) * 1000),
          updatedAt: new Date(0),
        });
        // Derived from the id, not drawn: the rest of the generated catalogue stays as it was.
        const row = products[products.length - 1]!;
        row.updatedAt = new Date(Math.min(CATALOG_EPOCH, row.createdAt.getTime() + ((id * 7919) % 120) * 86_400_000 + ((id * 104_729) % 86_400) * 1000));
        ids.push(id);
        remaining--;
      }
    }
  });

  const stocks: StockRow[] = [];
  for (const p of products) {
    if (!p.canBuy || r.chance(0.07)) continue; // out of stock everywhere: sold "под заказ"
    for (const b of branches) {
      const p0 = b.code === 'minsk' ? 0.85 : 0.55;
      if (r.chance(p0)) stocks.push({ productId: p.id, branchId: b.id, quantity: r.int(1, 60) });
    }
  }

  const expendables: ExpendableRow[] = [];
  leaves.forEach(({ leaf }) => {
    const targets = (leaf.kind.expendables ?? []).flatMap((code) => productsBySection.get(code) ?? []);
    if (!targets.length) return;
    for (const pid of productsBySection.get(leaf.code) ?? []) {
      const chosen = new Set<number>();
      const want = Math.min(targets.length, r.int(6, 14));
      while (chosen.size < want) chosen.add(r.pick(targets));
      let sort = 10;
      for (const m of chosen) expendables.push({ productId: pid, materialId: m, sort: (sort += 10) });
    }
  });

  const shops: ShopRow[] = [];
  let shopSort = 0;
  for (const c of SHOP_CITIES) {
    const n = c.city === 'Минск' ? 5 : r.int(1, 2);
    for (let i = 0; i < n; i++) {
      shops.push({
        name: `${r.pick(SHOP_NAMES_OFFLINE)}`,
        kind: 'offline',
        city: c.city,
        address: `г. ${c.city}, ${r.pick(STREETS)}, ${r.int(1, 180)}`,
        url: null,
        phone: `+375 ${r.pick(['29', '33', '44', '25'])} ${r.int(100, 999)}-${r.int(10, 99)}-${r.int(10, 99)}`,
        hours: r.pick(['Пн–Сб 9:00–20:00, Вс 10:00–18:00', 'Ежедневно 9:00–21:00', 'Пн–Пт 9:00–19:00, Сб 10:00–16:00']),
        lat: c.lat + (r.next() - 0.5) * 0.06,
        lng: c.lng + (r.next() - 0.5) * 0.1,
        sort: (shopSort += 10),
      });
    }
  }
  for (const name of SHOP_NAMES_ONLINE)
    shops.push({ name, kind: 'online', city: null, address: null, url: `https://${name}/`, phone: `+375 29 ${r.int(100, 999)}-${r.int(10, 99)}-${r.int(10, 99)}`, hours: 'Заказы онлайн круглосуточно', lat: null, lng: null, sort: (shopSort += 10) });

  return { sections: sectionRows, sectionProps, brands, branches, shops, products, stocks, expendables, productsBySection };
}
