import { describe, expect, it } from 'vitest';
import {
  emptyFilters,
  filterPath,
  filterSegments,
  hasFormFilters,
  isIndexableFilter,
  listingUrl,
  parseFilterSegments,
  parseListingParams,
  splitFilterPath,
  stateFromForm,
  toggleValue,
  valueSlug,
} from '../../src/server/catalog/filters';

const parse = (segs: string[]) => {
  const r = parseFilterSegments(segs);
  if (!r.ok) throw new Error(r.reason);
  return r.state;
};

describe('filter URL grammar (spec §7 filter/{filter}/apply/)', () => {
  it('parses every kind of segment', () => {
    const s = parse(['brand-is-makita-or-bosch', 'price-from-100-to-500.5', 'instock-is-y', 'voltage-is-18-or-12', 'chuck-is-bzp-13-mm', 'section-is-dreli-udarnye']);
    expect(s).toEqual({
      sections: ['dreli-udarnye'],
      brands: ['bosch', 'makita'],
      priceFrom: 100,
      priceTo: 500.5,
      inStock: true,
      props: { chuck: ['bzp-13-mm'], voltage: ['12', '18'] },
    });
  });

  it('writes one canonical form whatever the order it was given in', () => {
    const a = parse(['voltage-is-18-or-12', 'brand-is-makita-or-bosch', 'price-to-300']);
    const b = parse(['price-to-300', 'brand-is-bosch-or-makita', 'voltage-is-12-or-18']);
    expect(filterSegments(a)).toEqual(['brand-is-bosch-or-makita', 'price-to-300', 'voltage-is-12-or-18']);
    expect(filterSegments(b)).toEqual(filterSegments(a));
    expect(filterPath('/catalog/dreli/', a)).toBe('/catalog/dreli/filter/brand-is-bosch-or-makita/price-to-300/voltage-is-12-or-18/apply/');
  });

  it('round-trips: parse(segments(state)) is the state', () => {
    const s = parse(['brand-is-black-decker', 'price-from-99.9', 'kit-is-1-akb-zu', 'battery-is-1.5']);
    expect(parse(filterSegments(s))).toEqual(s);
    expect(filterSegments(s)).toContain('price-from-99.9');
  });

  it('`clear` and no filter are the listing itself', () => {
    expect(parse(['clear'])).toEqual(emptyFilters());
    expect(filterPath('/catalog/x/', emptyFilters())).toBe('/catalog/x/');
  });

  it('refuses malformed or hostile segments', () => {
    for (const segs of [
      [],
      ['brand'],
      ['brand-is-'],
      ['Brand-is-bosch'],
      ['brand-is-bosch', 'brand-is-makita'],
      ['brand-is-bosch-or-bosch'],
      ['price-from-500-to-100'],
      ['price-from-abc'],
      ['price-is-100'],
      ['instock-is-n'],
      ['power-is-<script>'],
      ['power-is-1%2F4'],
      Array.from({ length: 21 }, (_, i) => `p${i}-is-1`),
    ]) {
      expect(parseFilterSegments(segs).ok, JSON.stringify(segs)).toBe(false);
    }
  });

  it('value slugs: numbers as they are, words transliterated', () => {
    expect(valueSlug(1.5)).toBe('1.5');
    expect(valueSlug('18')).toBe('18');
    expect(valueSlug('БЗП 13 мм')).toBe('bzp-13-mm');
    expect(valueSlug('2 АКБ + ЗУ, кейс')).toBe('2-akb-zu-keys');
    expect(valueSlug('шестигранник 1/4"')).toBe('shestigrannik-1-4');
    expect(valueSlug('8 (M)')).toBe('8-m');
    expect(valueSlug('х/б с ПВХ')).toBe('kh-b-s-pvkh');
  });

  it('splits a path into listing and filter parts', () => {
    expect(splitFilterPath(['a', 'b'])).toEqual({ listing: ['a', 'b'], filter: null });
    expect(splitFilterPath(['a', 'filter', 'brand-is-x', 'apply'])).toEqual({ listing: ['a'], filter: ['brand-is-x'] });
    expect(splitFilterPath(['a', 'filter', 'apply'])).toBeNull();
    expect(splitFilterPath(['a', 'filter', 'brand-is-x'])).toBeNull();
  });
});

describe('listing parameters and URLs', () => {
  it('writes only what differs from the defaults', () => {
    expect(listingUrl('/catalog/x/', emptyFilters(), { sort: 'popular', page: 1, pageSize: 20 })).toBe('/catalog/x/');
    expect(listingUrl('/catalog/x/', emptyFilters(), { sort: 'price_asc', page: 2, pageSize: 40 })).toBe('/catalog/x/?sort=price_asc&page_size=40&page=2');
  });

  it('validates sort, page and page size', () => {
    expect(parseListingParams(new URLSearchParams('sort=new&page=3&page_size=80'))).toEqual({ ok: true, params: { sort: 'new', page: 3, pageSize: 80 } });
    for (const q of ['sort=cheap', 'page=0', 'page=-1', 'page=1e3', 'page_size=25', 'page=99999999']) expect(parseListingParams(new URLSearchParams(q)).ok, q).toBe(false);
  });

  it('folds a GET form into the state (the form sends the facets it shows)', () => {
    const current = parse(['brand-is-bosch']);
    const q = new URLSearchParams('price_from=100&price_to=50,5&prop_voltage=18&prop_voltage=12');
    expect(hasFormFilters(q)).toBe(true);
    const r = stateFromForm(q, current);
    expect(r.ok && r.state).toEqual({ ...current, priceFrom: 50.5, priceTo: 100, props: { voltage: ['12', '18'] } });
    // Empty price fields clear the range; a badly typed bound is ignored, not an error.
    const cleared = stateFromForm(new URLSearchParams('price_from=&price_to=abc'), parse(['price-from-10']));
    expect(cleared.ok && cleared.state.priceFrom).toBeNull();
    expect(cleared.ok && cleared.state.priceTo).toBeNull();
    expect(stateFromForm(new URLSearchParams('brand=<b>'), current).ok).toBe(false);
    expect(stateFromForm(new URLSearchParams('prop_price=1'), current).ok).toBe(false);
    expect(hasFormFilters(new URLSearchParams('sort=new&utm_source=x'))).toBe(false);
  });

  it('toggling a value adds or removes it', () => {
    const s = parse(['brand-is-bosch']);
    expect(toggleValue(s, 'brand', 'makita').brands).toEqual(['bosch', 'makita']);
    expect(toggleValue(s, 'brand', 'bosch').brands).toEqual([]);
    expect(toggleValue(s, 'voltage', '18').props).toEqual({ voltage: ['18'] });
    expect(toggleValue(parse(['voltage-is-18']), 'voltage', '18').props).toEqual({});
  });

  it('indexes single-value landing pages only', () => {
    expect(isIndexableFilter(emptyFilters())).toBe(true);
    expect(isIndexableFilter(parse(['brand-is-bosch']))).toBe(true);
    expect(isIndexableFilter(parse(['voltage-is-18']))).toBe(true);
    expect(isIndexableFilter(parse(['brand-is-bosch-or-makita']))).toBe(false);
    expect(isIndexableFilter(parse(['brand-is-bosch', 'voltage-is-18']))).toBe(false);
    expect(isIndexableFilter(parse(['price-to-100']))).toBe(false);
    expect(isIndexableFilter(parse(['instock-is-y']))).toBe(false);
  });
});
