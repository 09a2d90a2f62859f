/**
 * Titles, descriptions and JSON-LD of catalogue pages. Every page gets its own title and
 * description (a filter or page number is part of both), Product pages a Product with an Offer in
 * BYN, listings an ItemList.
 */
import { SELLER } from '../../config/seller';
import { t } from '../../i18n';
import { formatPrice, plural } from '../lib/text';
import type { ProductCard } from './cards';
import type { FilterState } from './filters';
import type { Facets } from './listing';
import { availability, type ProductDetail } from './product';

export const abs = (path: string, site: URL) => new URL(path, site).href;

/** "Bosch", "напряжение 18 В" — the one filter value of an indexable filtered page, if any. */
export function filterPhrase(state: FilterState, facets: Facets): string | null {
  if (state.brands.length === 1) return facets.brands.find((b) => b.key === state.brands[0])?.label ?? null;
  if (state.sections.length === 1) return facets.sections.find((b) => b.key === state.sections[0])?.label ?? null;
  const [code, values] = Object.entries(state.props)[0] ?? [];
  if (code && values?.length === 1) {
    const facet = facets.props.find((p) => p.code === code);
    const value = facet?.values.find((v) => v.key === values[0]);
    if (facet && value) return `${facet.name.toLowerCase()} ${value.label}`;
  }
  return null;
}

export function listingTitle(name: string, phrase: string | null, page: number): { h1: string; title: string } {
  const h1 = phrase ? `${name} ${phrase}` : name;
  const paged = page > 1 ? ` — ${t('PAGER_PAGE').toLowerCase()} ${page}` : '';
  return { h1, title: `${h1}: купить в Беларуси, цены${paged}` };
}

export function listingDescription(name: string, total: number, minPrice: number | null, page: number): string {
  const from = minPrice !== null ? ` по цене от ${formatPrice(minPrice)}` : '';
  const paged = page > 1 ? ` Страница ${page}.` : '';
  return `${name}: ${total} ${plural(total, ['товар', 'товара', 'товаров'])}${from} в интернет-магазине ${t('SITE_NAME')}. Доставка по Беларуси, самовывоз из 7 филиалов, гарантия производителя.${paged}`;
}

/** A listing as a summary ItemList: positions and URLs only (the names are on the product pages themselves). */
export function itemListLd(items: ProductCard[], site: URL, offset: number, name: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((p, i) => ({ '@type': 'ListItem', position: offset + i + 1, url: abs(p.url, site) })),
  };
}

/**
 * The seller as a legal person: legal name, УНП (taxID) and address from src/config/seller.ts (issue 26). Kept to
 * what identifies it: it is printed in every product page's offer, within the page budget (decision 0052).
 */
export function organizationLd() {
  return {
    '@type': 'Organization',
    name: t('SITE_NAME'),
    legalName: SELLER.legalName,
    taxID: SELLER.unp,
    address: { '@type': 'PostalAddress', streetAddress: 'ул. Тимирязева, 65Б, пом. 12', postalCode: '220036', addressLocality: 'Минск', addressCountry: 'BY' },
  };
}

/**
 * Delivery (the checkout's charge and days: `shipping` from checkout/promise.ts) and the return
 * policy (14 days for goods of proper quality, Закон «О защите прав потребителей», ст. 28) on the offer.
 */
export type OfferShipping = { price: number; handlingDays: number; transitDays: number };
function offerTerms(shipping: OfferShipping | undefined) {
  return {
    ...(shipping
      ? {
          shippingDetails: {
            '@type': 'OfferShippingDetails',
            shippingRate: { '@type': 'MonetaryAmount', value: shipping.price.toFixed(2), currency: 'BYN' },
            shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'BY' },
            deliveryTime: {
              '@type': 'ShippingDeliveryTime',
              handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: shipping.handlingDays, unitCode: 'DAY' },
              transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: Math.max(1, shipping.transitDays), unitCode: 'DAY' },
            },
          },
        }
      : {}),
    hasMerchantReturnPolicy: {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'BY',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 14,
      returnMethod: 'https://schema.org/ReturnInStore',
      returnFees: 'https://schema.org/FreeReturn',
    },
  };
}

/** The retail offer is what search engines see; a contractor's own price is never published. */
export function productLd(p: ProductDetail, site: URL, shipping?: OfferShipping) {
  const url = abs(p.url, site);
  // Within the product page's budget (decision 0052): three pictures, and no copy of the description the page
  // itself shows (search engines read it there and in the meta description); the MPN was the SKU again; the optional
  // itemCondition is left out.
  const images = Array.from({ length: Math.min(3, p.imageCount) }, (_, i) => abs(`/img/p/${p.id}/${i}-960.webp`, site));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.article,
    url,
    image: images,
    category: p.path.map((s) => s.name).join(' > '),
    brand: { '@type': 'Brand', name: p.brandRef.name },
    additionalProperty: p.properties.map((prop) => ({ '@type': 'PropertyValue', name: prop.name, value: prop.label })),
    offers: {
      '@type': 'Offer',
      url,
      price: p.price.toFixed(2),
      priceCurrency: 'BYN',
      // A promotion's price holds until its end (decision 0240); p.price is then the promotion's retail price.
      ...(p.promo ? { priceValidUntil: p.promo.endsAt.slice(0, 10) } : {}),
      availability: availability(p).schema,
      seller: organizationLd(),
      ...offerTerms(shipping),
    },
  };
}

/** Search engines show about 160 characters of a description: longer ones are cut where they choose. */
export const META_DESCRIPTION_MAX = 160;

/**
 * A product's meta description, ≤ 160 characters: name, article, price and availability always; delivery,
 * pickup and guarantee while they fit (a long name drops them, the least telling first); a name too long
 * for even the short form is cut at a word with «…».
 */
export function productDescription(p: Pick<ProductDetail, 'name' | 'article' | 'price' | 'guaranteeInfo'> & Parameters<typeof availability>[0]): string {
  const a = availability(p);
  const guarantee = p.guaranteeInfo ? `, гарантия ${p.guaranteeInfo.years} ${plural(p.guaranteeInfo.years, ['год', 'года', 'лет'])}` : '';
  const head = `${p.name} (арт. ${p.article}) за ${formatPrice(p.price)} в ${t('SITE_NAME')}.`;
  const tails = [`${a.label}, доставка по Беларуси и самовывоз из филиалов${guarantee}.`, `${a.label}, доставка по Беларуси${guarantee}.`, `${a.label}, доставка по Беларуси.`, `${a.label}.`];
  for (const tail of tails) if (head.length + 1 + tail.length <= META_DESCRIPTION_MAX) return `${head} ${tail}`;
  const full = `${head} ${a.label}.`;
  const cut = full.slice(0, META_DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,.;:(—-]+$/, '')}…`;
}
