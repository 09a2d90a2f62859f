/**
 * /sitemap.xml is an index of: products (50,000 URLs per file, spec: "≤ 50,000 URLs each"),
 * sections (with their single-brand landing pages), brands, and content pages (home, catalogue
 * entry points, editors' pages, forms, branches, promotions). Every lastmod is the real time of
 * the last change of what the page shows: rows' `updated_at` (kept by triggers, migration
 * storefront_sql), Markdown `updated` dates, else the source file's commit date.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, products } from '../db/schema';
import { filterPath } from './filters';
import { cachedBrands } from './reference';
import { cachedSectionTree, type SectionNode } from './sections';
import { queryRows } from '../db/rows';

export const SITEMAP_MAX_URLS = 50_000;
/** A section × brand landing page is listed when it has at least this many products. */
const LANDING_MIN_PRODUCTS = 3;

export type SitemapUrl = { loc: string; lastmod?: Date };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function urlsetXml(urls: SitemapUrl[], site: URL): string {
  const body = urls.map((u) => `<url><loc>${esc(new URL(u.loc, site).href)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function indexXml(names: string[], site: URL): string {
  const body = names.map((n) => `<sitemap><loc>${esc(new URL(`/sitemap-${n}.xml`, site).href)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

export async function sitemapNames(db: Db): Promise<string[]> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.active, true));
  const files = Math.max(1, Math.ceil((row?.n ?? 0) / SITEMAP_MAX_URLS));
  return ['sections', 'brands', 'content', ...Array.from({ length: files }, (_, i) => `products-${i + 1}`)];
}

export async function productUrls(db: Db, file: number): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ code: products.code, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id))
    .limit(SITEMAP_MAX_URLS)
    .offset((file - 1) * SITEMAP_MAX_URLS);
  return rows.map((r) => ({ loc: `/${r.code}/`, lastmod: r.updatedAt }));
}

/** The later of some dates (nulls and invalid ones ignored). */
function latest(...dates: (Date | string | null | undefined)[]): Date | undefined {
  let best: Date | undefined;
  for (const d of dates) {
    if (!d) continue;
    const v = d instanceof Date ? d : new Date(d);
    if (!Number.isNaN(v.getTime()) && (!best || v > best)) best = v;
  }
  return best;
}

/**
 * Sections and their single-brand landing pages. A listing's lastmod is the later of its section's
 * own change and the latest change of a product it lists (its whole subtree).
 */
export async function sectionUrls(db: Db): Promise<SitemapUrl[]> {
  const [tree, brands, pairs, changed] = await Promise.all([
    cachedSectionTree(db),
    cachedBrands(db),
    queryRows<{ section_id: number; brand_id: number; lastmod: string | Date }>(
      db,
      sql`SELECT ${products.sectionId} AS section_id, ${products.brandId} AS brand_id, max(${products.updatedAt}) AS lastmod FROM ${products} WHERE ${products.active} GROUP BY 1, 2 HAVING count(*) >= ${LANDING_MIN_PRODUCTS} ORDER BY 1, 2`,
    ),
    queryRows<{ id: number; lastmod: string | Date }>(
      db,
      sql`WITH RECURSIVE tree AS (SELECT id AS root, id FROM sections UNION ALL SELECT tree.root, s.id FROM sections s JOIN tree ON s.parent_id = tree.id)
          SELECT tree.root AS id, GREATEST(max(own.updated_at), max(p.updated_at)) AS lastmod
          FROM tree JOIN sections own ON own.id = tree.root LEFT JOIN products p ON p.section_id = tree.id AND p.active
          GROUP BY tree.root`,
    ),
  ]);
  const sectionLastmod = new Map(changed.map((r) => [Number(r.id), latest(r.lastmod)]));
  const urls: SitemapUrl[] = [];
  const walk = (n: SectionNode) => {
    if (n.productCount > 0) urls.push({ loc: n.url, lastmod: sectionLastmod.get(n.id) });
    n.children.forEach(walk);
  };
  tree.roots.forEach(walk);
  for (const p of pairs) {
    const node = tree.byId.get(p.section_id);
    const brand = brands.byId.get(p.brand_id);
    if (node && brand)
      urls.push({ loc: filterPath(node.url, { sections: [], brands: [brand.code], priceFrom: null, priceTo: null, inStock: false, props: {} }), lastmod: latest(p.lastmod, brand.updatedAt) });
  }
  return urls;
}

/** A brand page lists the brand's products: the later of the brand's change and theirs. */
export async function brandUrls(db: Db): Promise<SitemapUrl[]> {
  const [brands, changed] = await Promise.all([
    cachedBrands(db),
    queryRows<{ brand_id: number; lastmod: string | Date }>(db, sql`SELECT ${products.brandId} AS brand_id, max(${products.updatedAt}) AS lastmod FROM ${products} WHERE ${products.active} GROUP BY 1`),
  ]);
  const byBrand = new Map(changed.map((r) => [Number(r.brand_id), r.lastmod]));
  return brands.list.map((b) => ({ loc: b.url, lastmod: latest(b.updatedAt, byBrand.get(b.id)) }));
}

/** Editors' entries the content sitemap lists (content_entries): their codes and dates. */
export type ContentFile = { id: string; filePath?: string; updated?: Date; /** A media item with a page of its own. */ page?: boolean };
export type ContentSources = {
  /** Running public promotions. */
  promotions: ContentFile[];
  /** Published info pages; those with a route of their own keep it, the rest live at /{id}/. */
  pages: ContentFile[];
  media: ContentFile[];
  /** Build-time dates of source files (virtual:source-dates). */
  files: Record<string, string>;
};

/** Info pages that have a route of their own (src/pages/{id}.astro) rather than the catch-all /{slug}/. */
const PAGE_ROUTES: Record<string, string> = { advantages: '/advantages/', agreement: '/agreement/', political: '/political/', garant: '/garant/' };
/** Pages that no row or Markdown file describes: their lastmod is their source file's date. */
const FORM_PAGES: Record<string, string> = {
  '/e-order/': 'src/pages/e-order.astro',
  '/circles/': 'src/pages/circles.astro',
  '/guaranty-register/': 'src/pages/guaranty-register.astro',
  '/where-buy/': 'src/pages/where-buy.astro',
  '/callback/': 'src/pages/callback/index.astro',
  '/request-feedback/': 'src/pages/request-feedback.astro',
};

/**
 * Home, catalogue entry points, editors' pages, forms, branches and running promotions, each with
 * the time of the last change of what it shows.
 */
export async function contentUrls(db: Db, src: ContentSources): Promise<SitemapUrl[]> {
  const [[max], branchRows] = await Promise.all([
    queryRows<{ products: string | null; sections: string | null; brands: string | null; branches: string | null }>(
      db,
      sql`SELECT (SELECT max(updated_at) FROM products WHERE active) AS products, (SELECT max(updated_at) FROM sections) AS sections,
                 (SELECT max(updated_at) FROM brands) AS brands, (SELECT max(updated_at) FROM branches) AS branches`,
    ),
    db.select({ code: branches.code, updatedAt: branches.updatedAt }).from(branches).orderBy(asc(branches.sort)),
  ]);
  const file = (f?: string) => (f ? src.files[f.replace(/^\.\//, '')] : undefined);
  // An editor's `updated` date is the page's date (a typo fix does not make it new); else the file's.
  const entryDate = (e: ContentFile) => latest(e.updated ?? file(e.filePath));
  const promotionsDate = latest(...src.promotions.map(entryDate), file('src/pages/actions/index.astro'));
  const catalogDate = latest(max?.products, max?.sections);
  const urls: SitemapUrl[] = [
    { loc: '/', lastmod: latest(catalogDate, promotionsDate, file('src/pages/index.astro')) },
    { loc: '/catalog/', lastmod: catalogDate },
    { loc: '/catalog/hit/', lastmod: latest(max?.products) },
    { loc: '/catalog/novinki/', lastmod: latest(max?.products) },
    { loc: '/brands/', lastmod: latest(max?.brands, file('src/pages/brands/index.astro')) },
    { loc: '/actions/', lastmod: promotionsDate },
    { loc: '/filial/', lastmod: latest(max?.branches, file('src/pages/filial/index.astro')) },
    ...branchRows.map((b) => ({ loc: `/filial/${b.code}/`, lastmod: b.updatedAt })),
    { loc: '/media/', lastmod: latest(...src.media.map(entryDate), file('src/pages/media/index.astro')) },
    ...src.media.filter((m) => m.page).map((m) => ({ loc: `/media/${m.id}/`, lastmod: entryDate(m) })),
    ...Object.entries(FORM_PAGES).map(([loc, f]) => ({ loc, lastmod: latest(file(f)) })),
    ...src.pages.map((p) => ({ loc: PAGE_ROUTES[p.id] ?? `/${p.id}/`, lastmod: entryDate(p) })),
    ...src.promotions.map((p) => ({ loc: `/actions/${p.id}/`, lastmod: entryDate(p) })),
  ];
  return urls;
}
