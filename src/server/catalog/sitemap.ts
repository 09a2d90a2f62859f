/**
 * /sitemap.xml is an index of: products (50,000 URLs per file, spec: "≤ 50,000 URLs each"),
 * sections (with their single-brand landing pages), brands and content pages, all from the
 * database.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { filterPath } from './filters';
import { cachedBrands } from './reference';
import { cachedSectionTree, type SectionNode } from './sections';
import { queryRows } from '../db/rows';

export const SITEMAP_MAX_URLS = 50_000;
/** A section × brand landing page is listed when it has at least this many products. */
const LANDING_MIN_PRODUCTS = 3;

export type SitemapUrl = { loc: string; lastmod?: Date };

/**
 * Public content pages of spec §2 that are worth indexing (the content area renders them);
 * running public promotions come from the editors' collection (src/content/promotions).
 */
export const CONTENT_PATHS = ['/', '/catalog/', '/catalog/hit/', '/catalog/novinki/', '/brands/', '/actions/', '/filial/', '/where-buy/', '/media/', '/garant/', '/advantages/', '/agreement/', '/political/'];

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

export async function sectionUrls(db: Db): Promise<SitemapUrl[]> {
  const [tree, brands, pairs] = await Promise.all([
    cachedSectionTree(db),
    cachedBrands(db),
    queryRows<{ section_id: number; brand_id: number }>(
      db,
      sql`SELECT ${products.sectionId} AS section_id, ${products.brandId} AS brand_id FROM ${products} WHERE ${products.active} GROUP BY 1, 2 HAVING count(*) >= ${LANDING_MIN_PRODUCTS} ORDER BY 1, 2`,
    ),
  ]);
  const urls: SitemapUrl[] = [];
  const walk = (n: SectionNode) => {
    if (n.productCount > 0) urls.push({ loc: n.url });
    n.children.forEach(walk);
  };
  tree.roots.forEach(walk);
  for (const p of pairs) {
    const node = tree.byId.get(p.section_id);
    const brand = brands.byId.get(p.brand_id);
    if (node && brand) urls.push({ loc: filterPath(node.url, { sections: [], brands: [brand.code], priceFrom: null, priceTo: null, inStock: false, props: {} }) });
  }
  return urls;
}

export async function brandUrls(db: Db): Promise<SitemapUrl[]> {
  const brands = await cachedBrands(db);
  return brands.list.map((b) => ({ loc: b.url, lastmod: b.updatedAt }));
}

/** `promotionCodes`: the running public promotions (the route reads them from the content collection). */
export function contentUrls(promotionCodes: string[]): SitemapUrl[] {
  return [...CONTENT_PATHS.map((loc) => ({ loc })), ...promotionCodes.map((code) => ({ loc: `/actions/${code}/` }))];
}
