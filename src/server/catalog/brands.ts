/** Brands: the A–Z / А–Я index of /brands/ and web/brands/. */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { cachedBrands, type BrandRef } from './reference';

export type BrandCard = { id: number; code: string; name: string; nameCyr: string | null; country: string | null; color: string; url: string; productCount: number };
export type LetterGroup = { letter: string; brands: BrandCard[] };
export type BrandIndex = { latin: LetterGroup[]; cyrillic: LetterGroup[]; total: number };

const LATIN = /^[A-Z]$/;
const CYRILLIC = /^[А-ЯЁ]$/;

function groupBy(list: BrandCard[], letterOf: (b: BrandCard) => string, alphabet: RegExp, locale: string): LetterGroup[] {
  const groups = new Map<string, BrandCard[]>();
  for (const b of list) {
    const letter = letterOf(b);
    if (!alphabet.test(letter)) continue;
    groups.set(letter, [...(groups.get(letter) ?? []), b]);
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b, locale))
    .map(([letter, brands]) => ({ letter, brands: brands.sort((x, y) => letterKey(x, locale).localeCompare(letterKey(y, locale), locale)) }));
}

const letterKey = (b: BrandCard, locale: string) => (locale === 'ru' ? (b.nameCyr ?? b.name) : b.name);

/**
 * A–Z groups brands by their Latin name; А–Я lists every brand under the way people write it in
 * Cyrillic (Bosch under «Б» as «Бош»), so either spelling finds it.
 */
export async function brandIndex(db: Db): Promise<BrandIndex> {
  const [brands, counts] = await Promise.all([
    cachedBrands(db),
    db.select({ brandId: products.brandId, n: count() }).from(products).where(eq(products.active, true)).groupBy(products.brandId),
  ]);
  const byBrand = new Map(counts.map((c) => [c.brandId, c.n]));
  const cards = brands.list.map((b) => toBrandCard(b, byBrand.get(b.id) ?? 0)).filter((b) => b.productCount > 0);
  return {
    latin: groupBy(cards, (b) => b.name.charAt(0).toUpperCase(), LATIN, 'en'),
    cyrillic: groupBy(cards, (b) => (b.nameCyr ?? b.name).charAt(0).toUpperCase().replace('Ё', 'Е'), CYRILLIC, 'ru'),
    total: cards.length,
  };
}

export function toBrandCard(b: BrandRef, productCount: number): BrandCard {
  return { id: b.id, code: b.code, name: b.name, nameCyr: b.nameCyr, country: b.country, color: b.color, url: b.url, productCount };
}

export async function brandByCode(db: Db, code: string): Promise<BrandRef | null> {
  return (await cachedBrands(db)).byCode.get(code) ?? null;
}
