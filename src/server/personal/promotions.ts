/**
 * "Promotions for me" (spec §2 /personal/actions/): the running promotions that touch what this
 * user — or their company — buys: a promotion's products share a section the orders came from, or
 * a brand they bought. Contractors' promotions are for every company user. The products are shown
 * at the viewer's own prices (catalog/pricing.ts).
 */
import type { Db } from '../db/client';
import type { Viewer } from '../http/guard';
import { promotionDetail, runningPromotions, toTeaser, type PromotionDetail, type PromotionTeaser } from '../content/promotions';
import { refsTouching } from '../content/refs';
import { purchasedSectionsAndBrands } from '../orders/summary';
import { loadPricing } from '../catalog/pricing';

export type PromotionForMe = PromotionTeaser & {
  /** This promotion inside the personal area. */
  personalUrl: string;
  /** Why it is here: sections bought from, brands bought. */
  sections: string[];
  brands: string[];
};

export type PromotionsForMe = { forYou: PromotionForMe[]; others: PromotionForMe[]; boughtAnything: boolean };

export const personalPromotionUrl = (code: string) => `/personal/actions/${code}/`;

export async function promotionsForMe(db: Db, viewer: Viewer, now = new Date()): Promise<PromotionsForMe> {
  const [running, contractors, bought] = await Promise.all([
    runningPromotions({ now }),
    viewer.companyId ? runningPromotions({ now, forContractors: true }) : Promise.resolve([]),
    purchasedSectionsAndBrands(db, viewer),
  ]);
  const all = [...contractors, ...running];
  const touched = await Promise.all(all.map((e) => refsTouching(db, e.data.products, bought)));
  const scored = all.map((e, i) => {
    const why = touched[i]!;
    const item: PromotionForMe = { ...toTeaser(e), personalUrl: personalPromotionUrl(e.id), sections: why.sections, brands: why.brands };
    // A section bought from says more than a brand bought; contractors' promotions are made for the company.
    const score = (e.data.forContractors ? 4 : 0) + why.sections.length * 2 + Math.min(why.brands.length, 2);
    return { item, score, ends: e.data.ends.getTime() };
  });
  const byScore = (a: (typeof scored)[number], b: (typeof scored)[number]) => b.score - a.score || a.ends - b.ends;
  return {
    forYou: scored.filter((s) => s.score > 0).sort(byScore).map((s) => s.item),
    others: scored.filter((s) => s.score === 0).sort(byScore).map((s) => s.item),
    boughtAnything: bought.sectionIds.length > 0,
  };
}

/** One promotion in the personal area, its products at this viewer's prices; null when not shown to them. */
export async function myPromotion(db: Db, viewer: Viewer, code: string): Promise<(PromotionDetail & { sections: string[]; brands: string[] }) | null> {
  const detail = await promotionDetail(db, await loadPricing(db, viewer), code, { contractor: viewer.companyId != null });
  if (!detail) return null;
  const bought = await purchasedSectionsAndBrands(db, viewer);
  const why = detail.state === 'active' ? await refsTouching(db, detail.entry.data.products, bought) : { sections: [], brands: [] };
  return { ...detail, ...why };
}
