import { describe, expect, it } from 'vitest';
import { MemoryIndex, type Row } from '../../src/server/search/memory-index';

/** A row as the database reads it; its key stands in for memory-engine.ts KEY_SQL (over the same five parts). */
const row = (id: number, over: Partial<Omit<Row, 'key'>> = {}): Row => {
  const r = { ...base(id), ...over };
  return { ...r, key: JSON.stringify([r.doc, r.properties, r.brand_id, r.section_id, r.article_norm]) };
};
const base = (id: number): Omit<Row, 'key'> => ({
  id,
  doc: `'дрел':1A 'ударн':2A 'bosch':3A`,
  brand_id: 1,
  section_id: 7,
  price: 100,
  popularity: 5,
  created: 1_700_000_000,
  article_norm: `GSB${id}`,
  active: true,
  properties: { power: 750 },
});

const live = (index: MemoryIndex, lex: string) => [...index.term({ lex, prefix: false }).keys()].map((s) => index.slots[s]!.id);

describe('the memory index under a 1C exchange', () => {
  it('a change of price, popularity or date alone updates the product in place: no second copy of its postings', () => {
    const index = new MemoryIndex();
    for (let id = 1; id <= 3; id++) index.add(row(id));
    for (let round = 0; round < 5; round++) for (let id = 1; id <= 3; id++) index.add(row(id, { price: 100 + round, popularity: round }));
    expect(index.slots.length).toBe(3);
    expect(index.dead).toBe(0);
    expect(index.postings.get('дрел')!.length).toBe(3);
    expect(index.slots[index.bySlotId.get(2)!]!.price).toBe(104);
    expect(live(index, 'дрел').sort()).toEqual([1, 2, 3]);
  });

  it('a changed name, property, brand, section or article is indexed anew and the old copy counted as dead', () => {
    const index = new MemoryIndex();
    index.add(row(1));
    for (const over of [{ doc: `'шуруповерт':1A` }, { properties: { power: 900 } }, { brand_id: 2 }, { section_id: 8 }, { article_norm: 'X1' }]) {
      const before = index.slots.length;
      index.add(row(1, over));
      expect(index.slots.length, JSON.stringify(over)).toBe(before + 1);
    }
    expect(index.dead).toBe(5);
    expect(live(index, 'дрел')).toEqual([1]); // one live copy, the last one
    index.remove(1);
    expect(index.dead).toBe(6);
  });

  it('asks to be rebuilt once dead copies outnumber live ones, and not for a few', () => {
    const index = new MemoryIndex();
    for (let id = 1; id <= 12_000; id++) index.add(row(id));
    for (let id = 1; id <= 11_000; id++) index.add(row(id, { doc: `'дрел':1A 'нов':2A` }));
    expect(index.wasteful()).toBe(false); // 11,000 dead beside 12,000 live
    for (let id = 11_001; id <= 12_000; id++) index.add(row(id, { doc: `'дрел':1A 'нов':2A` }));
    for (let id = 1; id <= 500; id++) index.add(row(id, { doc: `'дрел':1A 'нов':3A` }));
    expect(index.wasteful()).toBe(true); // 12,500 dead beside 12,000 live
    const small = new MemoryIndex();
    for (let round = 0; round < 3; round++) for (let id = 1; id <= 100; id++) small.add(row(id, { doc: `'дрел':${round + 1}A` }));
    expect(small.wasteful()).toBe(false);
  });

  it('touch() updates a product whose key is unchanged and leaves the rest to add()', () => {
    const index = new MemoryIndex();
    index.add(row(1));
    const { key } = row(1);
    expect(index.touch({ id: 1, key, price: 90, popularity: 1, created: 1, active: true })).toBe(true);
    expect(index.slots[index.bySlotId.get(1)!]!.price).toBe(90);
    expect(index.touch({ id: 1, key: 'other', price: 80, popularity: 1, created: 1, active: true })).toBe(false);
    expect(index.touch({ id: 1, key, price: 80, popularity: 1, created: 1, active: false })).toBe(false);
    expect(index.touch({ id: 2, key, price: 80, popularity: 1, created: 1, active: true })).toBe(false);
    expect(index.slots[index.bySlotId.get(1)!]!.price).toBe(90);
    expect(index.dead).toBe(0);
  });
});
