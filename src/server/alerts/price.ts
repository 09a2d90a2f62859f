/**
 * What a product costs an alert's subscriber, decided by catalog/pricing.ts (the one home of prices): a guest
 * or a retail customer pays the retail price (or a running promotion's), a contractor's user his company's
 * price. One `Pricing` per company per check.
 */
import type { Db } from '../db/client';
import { loadPricing, preparePrices, priceFor, type Pricing } from '../catalog/pricing';
import { toKopecks, type Kopecks } from '../lib/money';

export type PricedProduct = { id: number; price: number; brandId: number; sectionId: number };

export class SubscriberPrices {
  private readonly byCompany = new Map<number | null, Promise<Pricing | null>>();
  constructor(private readonly db: Db) {}

  private pricing(companyId: number | null): Promise<Pricing | null> {
    let p = this.byCompany.get(companyId);
    if (!p) this.byCompany.set(companyId, (p = loadPricing(this.db, companyId === null ? null : { companyId })));
    return p;
  }

  /** The price in kopecks this subscriber (null company: a guest or retail customer) pays for `product`. */
  async of(companyId: number | null, product: PricedProduct): Promise<Kopecks> {
    const pricing = await this.pricing(companyId);
    await preparePrices(pricing, [product.id]);
    const { price } = priceFor(pricing, product);
    return toKopecks(price ?? product.price);
  }
}
