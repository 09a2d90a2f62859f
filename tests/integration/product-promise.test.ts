/**
 * Issue 26, the product page: the nearest delivery date and cost and the pickup readiness shown next
 * to the price are the checkout's own (same functions: GET /web/orderCheckout/ with that one unit says
 * the same), and the JSON-LD offer carries shippingDetails, hasMerchantReturnPolicy and a seller with
 * legal name, УНП and address. Reads only (products 200–249 are bought by payments-http).
 */
import { describe, expect, it } from 'vitest';
import { Visitor } from '../helpers/http';
import { SELLER } from '../../src/config/seller';

const text = (html: string, id: string) => (new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</li>`).exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '');

describe('the product page promises what the checkout gives', () => {
  it('delivery date and cost, pickup at Минск, JSON-LD terms', async () => {
    const v = new Visitor();
    await v.post('/api/basket/add/', { product: 230 });
    const row = (await v.get('/web/basket/products/?pageSize=50')).body.data.grid.row[0];
    const state = (await v.get('/web/orderCheckout/')).body.data;
    const html = await (await new Visitor().raw(row.url ?? `/${row.code}/`)).text();
    const delivery = text(html, 'promise-delivery');
    expect(delivery).toContain(state.delivery.dates[0].label);
    const charge = state.delivery_totals['2'].delivery_price;
    expect(delivery).toContain(charge > 0 ? charge.toFixed(2).replace('.', ',') : 'бесплатно');
    const minsk = state.branches.find((b: any) => b.city === 'Минск');
    expect(text(html, 'promise-pickup')).toContain(minsk.ready_label);

    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)).flat();
    const product = ld.find((x: any) => x['@type'] === 'Product');
    expect(product.offers.shippingDetails).toMatchObject({ '@type': 'OfferShippingDetails', shippingRate: { currency: 'BYN', value: charge.toFixed(2) }, shippingDestination: { addressCountry: 'BY' } });
    expect(product.offers.hasMerchantReturnPolicy).toMatchObject({ '@type': 'MerchantReturnPolicy', applicableCountry: 'BY', merchantReturnDays: 14 });
    expect(product.offers.seller).toMatchObject({ '@type': 'Organization', legalName: SELLER.legalName, taxID: SELLER.unp, address: { '@type': 'PostalAddress', addressCountry: 'BY' } });
  });
});
