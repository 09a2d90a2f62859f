/**
 * Promotions (spec §7 web/actions/): rows of `content_entries` an editor publishes from the desk
 * (store.ts; decision 0210). A promotion is public between `starts` and `ends`; ended ones keep their
 * page (search engines and old links) but leave the lists; `forContractors` ones are only for the
 * personal area. Staff see drafts and scheduled ones at their real address, with a banner.
 */
import { getDb, type Db } from '../db/client';
import { allPromotions, onePromotion, type PromotionEntry } from './store';
import type { Pricing } from '../catalog/pricing';
import { refsCondition } from './refs';
import { productCards } from '../catalog/cards';
import { promotionCoverage } from '../catalog/promo-rules';
import { or } from 'drizzle-orm';
import type { ProductCard } from '../catalog/cards';
import { promotionState, timeLeft, type PromotionState } from './time';
import { pageNavigation, type PageNavigation } from '../http/paging';

export { promotionState, timeLeft, type PromotionState };

export const PROMOTIONS_PAGE_SIZE = 12;

type Entry = PromotionEntry;

export type PromotionTeaser = {
  code: string;
  title: string;
  preview: string;
  color: string;
  startsAt: string;
  endsAt: string;
  url: string;
  image: string | null;
  forContractors: boolean;
};

export function toTeaser(e: Entry): PromotionTeaser {
  return {
    code: e.id,
    title: e.data.title,
    preview: e.data.preview,
    color: e.data.color,
    startsAt: e.data.starts.toISOString(),
    endsAt: e.data.ends.toISOString(),
    url: `/actions/${e.id}/`,
    image: e.data.image?.src ?? null,
    forContractors: e.data.forContractors,
  };
}

/** Running promotions, the one that ends soonest first. Contractors' ones only when asked for. */
export async function runningPromotions(opts: { now?: Date; forContractors?: boolean } = {}): Promise<Entry[]> {
  const now = opts.now ?? new Date();
  const all = (await allPromotions(await getDb())).filter((e) => !e.data.draft && promotionState(e.data, now) === 'active' && e.data.forContractors === (opts.forContractors ?? false));
  return all.sort((a, b) => a.data.ends.getTime() - b.data.ends.getTime() || a.id.localeCompare(b.id));
}

/**
 * Seconds until the next moment a promotion starts or ends (capped at `cap`): pages that list running
 * promotions are cached no longer than that, so a promotion appears and disappears on time.
 */
export async function secondsUntilPromotionsChange(now = new Date(), cap = 3600): Promise<number> {
  const all = (await allPromotions(await getDb())).filter((e) => !e.data.draft);
  let next = now.getTime() + cap * 1000;
  for (const e of all) for (const at of [e.data.starts.getTime(), e.data.ends.getTime()]) if (at > now.getTime() && at < next) next = at;
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * The home page teaser: the newest running promotions first, so that one an editor has just
 * published is what the home page shows (the /actions/ list orders by the end date instead).
 */
export async function activePromotions(_db: Db | null, limit = 4, now = new Date()): Promise<PromotionTeaser[]> {
  const running = await runningPromotions({ now });
  return running
    .sort((a, b) => b.data.starts.getTime() - a.data.starts.getTime() || a.data.ends.getTime() - b.data.ends.getTime())
    .slice(0, limit)
    .map(toTeaser);
}

export async function promotionsPage(page: number, now = new Date(), pageSize = PROMOTIONS_PAGE_SIZE): Promise<{ items: PromotionTeaser[]; pageNavigation: PageNavigation }> {
  const all = await runningPromotions({ now });
  return {
    items: all.slice((page - 1) * pageSize, page * pageSize).map(toTeaser),
    pageNavigation: pageNavigation(all.length, page, pageSize),
  };
}

export type PromotionDetail = PromotionTeaser & {
  description: string;
  state: PromotionState;
  timeLeft: ReturnType<typeof timeLeft>;
  html: string;
  imageAlt: string;
  products: ProductCard[];
  /** Not public yet (a draft or not started): shown to staff only, under a banner. */
  unpublished: 'draft' | 'scheduled' | null;
  entry: Entry;
};

/**
 * One promotion by its code. Public contractors-only promotions and not yet started ones are
 * "not found" so that nobody sees them early by guessing the address.
 */
export async function promotionDetail(db: Db, pricing: Pricing | null, code: string, opts: { now?: Date; contractor?: boolean; staff?: boolean } = {}): Promise<PromotionDetail | null> {
  if (!/^[a-z0-9-]{1,120}$/.test(code)) return null;
  const e = await onePromotion(db, code);
  if (!e || (e.data.draft && !opts.staff)) return null;
  const now = opts.now ?? new Date();
  const state = promotionState(e.data, now);
  if (state === 'upcoming' && !opts.staff) return null;
  if (e.data.forContractors && !opts.contractor && !opts.staff) return null;
  const products = state === 'ended' ? [] : await promotionProducts(db, pricing, e);
  return {
    ...toTeaser(e),
    description: e.data.description ?? e.data.preview,
    state,
    timeLeft: timeLeft(e.data.ends, now),
    html: e.html,
    imageAlt: e.data.imageAlt ?? '',
    products,
    unpublished: e.data.draft ? 'draft' : state === 'upcoming' ? 'scheduled' : null,
    entry: e,
  };
}

/** What the editor referenced and what the promotion's price rule makes cheaper, most popular first. */
async function promotionProducts(db: Db, pricing: Pricing | null, e: Entry): Promise<ProductCard[]> {
  const where = or(refsCondition(db, e.data.products), await promotionCoverage(db, e.id));
  return where ? productCards(db, pricing, { where, limit: e.data.products.limit }) : [];
}
