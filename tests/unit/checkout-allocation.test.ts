/** Which branch gives what to an order, and how the pickup options read. */
import { describe, expect, it } from 'vitest';
import { allocate, pickupOptions, readinessOf, type StockMap } from '../../src/server/checkout/availability';
import { bynInWords } from '../../src/server/orders/words';
import { addressText } from '../../src/server/checkout/submit';
import { builtinSource } from '../../src/server/geo/suggest';
import { LOCALITIES } from '../../src/server/geo/localities-by';

const stock: StockMap = new Map([
  [1, new Map([[1, 2], [2, 5]])],
  [2, new Map([[2, 1]])],
  [3, new Map()],
]);

describe('allocate', () => {
  it('takes from the preferred branch first, then the others, and reports what is missing', () => {
    const a = allocate([{ productId: 1, quantity: 4 }, { productId: 2, quantity: 1 }, { productId: 3, quantity: 2 }], stock, [1, 2]);
    expect(a[0]).toEqual({ productId: 1, quantity: 4, takes: [{ branchId: 1, quantity: 2 }, { branchId: 2, quantity: 2 }], missing: 0 });
    expect(a[1]!.takes).toEqual([{ branchId: 2, quantity: 1 }]);
    expect(a[2]!.missing).toBe(2);
    expect(readinessOf(a, 1)).toBe('on_order');
    expect(readinessOf(a.slice(0, 2), 1)).toBe('transfer');
    expect(readinessOf(allocate([{ productId: 1, quantity: 2 }], stock, [1, 2]), 1)).toBe('here');
  });

  it('shows per branch what is there now and what comes later', () => {
    const branch = (id: number) => ({ id, code: `b${id}`, city: 'Минск', name: `Филиал ${id}`, nameGenitive: '', address: 'ул. 1', phones: [], email: null, hours: 'Пн–Пт 9:00–18:00', lat: 53.9, lng: 27.5, sort: id, updatedAt: new Date('2026-01-01') });
    const [b1, b2] = pickupOptions([branch(1), branch(2)], [{ productId: 1, quantity: 3 }, { productId: 2, quantity: 1 }], stock, new Date('2026-11-23T06:00:00Z'));
    expect(b1!.lines).toEqual([{ product_id: 1, now: 2, later: 1 }, { product_id: 2, now: 0, later: 1 }]);
    expect(b1!.all_now).toBe(false);
    expect(b2!.all_now).toBe(true);
    expect(b2!.ready_date < b1!.ready_date).toBe(true);
    expect(b1!.map_url).toContain('openstreetmap.org');
  });
});

describe('documents and addresses', () => {
  it('writes BYN amounts in Russian words', () => {
    expect(bynInWords(1)).toBe('Один белорусский рубль 00 копеек');
    expect(bynInWords(2175.8)).toBe('Две тысячи сто семьдесят пять белорусских рублей 80 копеек');
    expect(bynInWords(362.63)).toBe('Триста шестьдесят два белорусских рубля 63 копейки');
    expect(bynInWords(21.01)).toBe('Двадцать один белорусский рубль 01 копейка');
  });

  it('joins an address with its flat and entrance', () => {
    expect(addressText('г. Гомель, ул. Советская, 41', '17', '1')).toBe('г. Гомель, ул. Советская, 41, кв. 17, подъезд 1');
    expect(addressText('г. Минск, ул. Притыцкого, 156', 'офис 12', null)).toBe('г. Минск, ул. Притыцкого, 156, офис 12');
  });

  it('ships every Belarusian city with its region and suggests them from the first letters', async () => {
    expect(LOCALITIES.filter((l) => l.kind === 'г.')).toHaveLength(115);
    expect(new Set(LOCALITIES.filter((l) => l.kind === 'г.' && l.region).map((l) => l.region)).size).toBe(6);
    const [gomel] = await builtinSource.suggest('гомел', 5);
    expect(gomel).toMatchObject({ locality: 'Гомель', region: 'Гомельская обл.', value: 'Гомельская обл., г. Гомель' });
    const [bar] = await builtinSource.suggest('г. Барановичи, ул. Советская 5', 5);
    expect(bar!.value).toBe('Брестская обл., г. Барановичи, ул. Советская 5');
    expect((await builtinSource.suggest('молодеч', 3))[0]!.region).toBe('Минская обл.');
    expect((await builtinSource.suggest('Могилев', 3))[0]!.locality).toBe('Могилёв');
    expect(await builtinSource.suggest('я', 3)).toEqual([]);
  });
});
