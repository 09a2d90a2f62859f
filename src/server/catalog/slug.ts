/**
 * The catch-all route /{slug}/ resolves here, in one place: today a product code; the content
 * pages join as a second kind (`{kind: 'page', …}`) without touching the route.
 */
import type { Db } from '../db/client';
import type { Pricing } from './pricing';
import { productByCode, SLUG_RE, type ProductDetail } from './product';

export type SlugTarget = { kind: 'product'; product: ProductDetail };

export async function resolveSlug(db: Db, pricing: Pricing | null, slug: string): Promise<SlugTarget | null> {
  if (!SLUG_RE.test(slug)) return null;
  const product = await productByCode(db, pricing, slug);
  if (product) return { kind: 'product', product };
  return null;
}
