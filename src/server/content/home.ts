/** GET web/main/ and the home page: everything the first screen shows, from the database. */
import type { Pricing } from '../catalog/pricing';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { brands } from '../db/schema';
import { hitCards, newCards, type ProductCard } from '../catalog/cards';
import { loadSectionTree, type SectionNode } from '../catalog/sections';
import { activePromotions, type PromotionTeaser } from './promotions';

export type { PromotionTeaser };

export type BrandChip = { code: string; name: string; color: string; url: string };

export type HomeData = {
  sections: SectionNode[];
  hits: ProductCard[];
  novelties: ProductCard[];
  brands: BrandChip[];
  promotions: PromotionTeaser[];
};

export async function homeData(db: Db, pricing: Pricing | null, opts: { promotions?: (limit: number) => Promise<PromotionTeaser[]> } = {}): Promise<HomeData> {
  const [tree, hits, novelties, brandRows, promos] = await Promise.all([
    loadSectionTree(db),
    hitCards(db, pricing, 8),
    newCards(db, pricing, 8),
    db.select({ code: brands.code, name: brands.name, color: brands.color }).from(brands).orderBy(asc(brands.sort)).limit(24),
    (opts.promotions ?? ((limit: number) => activePromotions(db, limit)))(4),
  ]);
  return {
    sections: tree.roots,
    hits,
    novelties,
    brands: brandRows.map((b) => ({ ...b, url: `/brands/${b.code}/` })),
    promotions: promos,
  };
}
