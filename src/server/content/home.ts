/** GET web/main/ and the home page: everything the first screen shows, from the database. */
import { and, asc, gte, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands, promotions } from '../db/schema';
import { hitCards, newCards, type ProductCard } from '../catalog/cards';
import { loadSectionTree, type SectionNode } from '../catalog/sections';

export type PromotionTeaser = { code: string; title: string; preview: string; color: string; endsAt: string; url: string };
export type BrandChip = { code: string; name: string; color: string; url: string };

export type HomeData = {
  sections: SectionNode[];
  hits: ProductCard[];
  novelties: ProductCard[];
  brands: BrandChip[];
  promotions: PromotionTeaser[];
};

export async function activePromotions(db: Db, limit = 4, now = new Date()): Promise<PromotionTeaser[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(and(lte(promotions.startsAt, now), gte(promotions.endsAt, now)))
    .orderBy(asc(promotions.endsAt))
    .limit(limit);
  return rows.map((p) => ({ code: p.code, title: p.title, preview: p.preview, color: p.color, endsAt: p.endsAt.toISOString(), url: `/actions/${p.code}/` }));
}

export async function homeData(db: Db): Promise<HomeData> {
  const [tree, hits, novelties, brandRows, promos] = await Promise.all([
    loadSectionTree(db),
    hitCards(db, 8),
    newCards(db, 8),
    db.select({ code: brands.code, name: brands.name, color: brands.color }).from(brands).orderBy(asc(brands.sort)).limit(24),
    activePromotions(db, 4),
  ]);
  return {
    sections: tree.roots,
    hits,
    novelties,
    brands: brandRows.map((b) => ({ ...b, url: `/brands/${b.code}/` })),
    promotions: promos,
  };
}
