import { describe, expect, it } from 'vitest';
import { hasIntent, parseIntent } from '../../src/server/search/intent';

const p = (q: string) => parseIntent(q);

describe('price limits in BYN', () => {
  it.each([
    ['лобзик до 150 рублей', null, 150, 'лобзик'],
    ['шлифмашина дешевле 200', null, 200, 'шлифмашина'],
    ['дрель от 100 до 300 р', 100, 300, 'дрель'],
    ['перфоратор не дороже 250 руб', null, 250, 'перфоратор'],
    ['болгарка в пределах 100-200 бел руб', 100, 200, 'болгарка'],
    ['триммер дороже 400', 400, null, 'триммер'],
    ['лобзик 150р', null, 150, 'лобзик'],
    ['рубанок от 90 руб.', 90, null, 'рубанок'],
  ])('«%s»', (q, min, max, rest) => {
    const r = p(q);
    expect(r.intent.price).toEqual({ min, max });
    expect(r.rest).toBe(rest);
    expect(r.intent.ranges).toEqual([]);
  });

  it('leaves numbers without roubles or a price word alone', () => {
    for (const q of ['болгарка 125', 'шуруповерт 18в', 'диск до 125', 'бита 7202']) expect(p(q).intent.price).toBeNull();
    expect(p('диск до 125').rest).toBe('диск до 125');
  });

  it('never leaves дешевле/дороже/рублей for the corrector', () => {
    for (const q of ['пила дешевле 200 рублей', 'лобзик не дороже 150 р']) expect(p(q).rest).toBe(q.split(' ')[0]);
  });
});

describe('property comparatives and ranges', () => {
  it.each([
    ['пила больше 1500 вт', 'power', 1500, null, 'пила'],
    ['дрель легче 1,5 кг', 'weight', null, 1.5, 'дрель'],
    ['диск от 200 мм', 'length', 200, null, 'диск'],
    ['шуруповерт не менее 18 в', 'voltage', 18, null, 'шуруповерт'],
    ['болгарка мощнее 1500', 'power', 1500, null, 'болгарка'],
    ['мощнее 1500 болгарка', 'power', 1500, null, 'болгарка'],
    ['перфоратор легче 3', 'weight', null, 3, 'перфоратор'],
    ['компрессор до 2,2 квт', 'power', null, 2200, 'компрессор'],
    ['диск 200-230 мм', 'length', 200, 230, 'диск'],
    ['пила от 1200 до 1600 вт', 'power', 1200, 1600, 'пила'],
  ])('«%s»', (q, dim, min, max, rest) => {
    const r = p(q);
    expect(r.intent.ranges).toEqual([{ dim, min, max }]);
    expect(r.intent.price).toBeNull();
    expect(r.rest).toBe(rest);
  });

  it('keeps plain quantities as they were (equal or nearest)', () => {
    for (const q of ['шуруповерт 18в 2 ач', 'головки 1/4"', 'компрессоры 260л/мин', 'диск 125 мм', 'аккумулятор 3 а/ч']) {
      expect(hasIntent(p(q).intent)).toBe(false);
      expect(p(q).rest).toBe(q);
    }
  });
});

describe('superlatives, soft preferences, negation, disjunction', () => {
  it('superlatives sort', () => {
    expect(p('самый мощный гайковерт').intent.sort).toMatchObject({ by: 'dim', dims: expect.arrayContaining(['power', 'torque']), dir: 'desc', soft: false });
    expect(p('самая лёгкая болгарка').intent.sort).toMatchObject({ by: 'dim', dims: ['weight'], dir: 'asc' });
    expect(p('самый дешёвый лобзик').intent.sort).toEqual({ by: 'price', dir: 'asc', soft: false });
    expect(p('самый дорогой перфоратор').intent.sort).toEqual({ by: 'price', dir: 'desc', soft: false });
    expect(p('самая большая бетономешалка').intent.sort).toMatchObject({ by: 'dim', dir: 'desc' });
    expect(p('самый мощный гайковерт').rest).toBe('гайковерт');
  });

  it('«недорого» is a soft price preference, not a filter', () => {
    const r = p('болгарка недорого');
    expect(r.intent.sort).toEqual({ by: 'price', dir: 'asc', soft: true });
    expect(r.intent.price).toBeNull();
    expect(r.rest).toBe('болгарка');
  });

  it('negation excludes the word', () => {
    expect(p('шуруповёрт не аккумуляторный').intent.exclude).toEqual(['аккумуляторный']);
    expect(p('болгарка без регулировки').intent.exclude).toEqual(['регулировки']);
    expect(p('лобзик кроме makita').intent.exclude).toEqual(['makita']);
    expect(p('лобзик кроме makita').rest).toBe('лобзик');
  });

  it('«или», «либо» and «/» join words', () => {
    expect(p('bosch или dewalt лобзик').intent.anyOf).toEqual([['bosch', 'dewalt']]);
    expect(p('bosch/makita').intent.anyOf).toEqual([['bosch', 'makita']]);
    expect(p('дрель либо шуруповерт').intent.anyOf).toEqual([['дрель', 'шуруповерт']]);
    expect(p('bosch или dewalt лобзик').rest).toBe('лобзик');
  });
});

describe('English names and fillers', () => {
  it.each([
    ['jigsaw', 'лобзик'],
    ['cordless drill 18v', 'аккумуляторный шуруповерт 18v'],
    ['circular saw 190', 'дисковая пила 190'],
    ['angle grinder', 'болгарка'],
    ['Angle Grinders 125', 'болгарка 125'],
    // Longest name first: a blade, not a saw followed by «blade»; hyphens as spaces.
    ['circular saw blade 190', 'диск пильный 190'],
    ['oil-free compressor', 'безмасляный компрессор'],
    ['concrete mixer', 'бетономешалка'],
    ['welding helmet', 'маска сварщика'],
    ['хочу купить дрель для дома', 'дрель'],
    ['нужен перфоратор', 'перфоратор'],
  ])('«%s» → «%s»', (q, rest) => expect(p(q).rest).toBe(rest));
});

describe('chips and the corrector guard', () => {
  it('each understood phrase is a chip whose removal drops it from the query', async () => {
    const { withoutPhrase } = await import('../../src/server/search/intent');
    const q = 'Лобзик до 150 рублей кроме Makita';
    const r = p(q);
    expect(r.intent.chips.map((c) => c.kind)).toEqual(['price', 'exclude']);
    expect(r.intent.chips[0]).toMatchObject({ kind: 'price', min: null, max: 150, phrase: 'до 150 рублей' });
    expect(withoutPhrase(q, r.intent.chips[0]!.phrase)).toBe('Лобзик кроме Makita');
    expect(withoutPhrase(q, r.intent.chips[1]!.phrase)).toBe('Лобзик до 150 рублей');
    expect(p('пила мощнее 1500 вт').intent.chips).toEqual([{ kind: 'range', dim: 'power', min: 1500, max: null, phrase: 'мощнее 1500 вт' }]);
    expect(p('самая лёгкая болгарка').intent.chips[0]).toMatchObject({ kind: 'sort', phrase: 'самая легкая' });
    expect(withoutPhrase('самая лёгкая болгарка', 'самая легкая')).toBe('болгарка');
  });

  it('ordinary Russian words and English tool words are not typos', async () => {
    const { isCommonWord } = await import('../../src/server/search/intent');
    for (const w of ['ремонт', 'ремонта', 'цена', 'самый', 'impact', 'drill', 'hammer']) expect(isCommonWord(w)).toBe(true);
    for (const w of ['макита', 'дрел', 'шуруповрт', 'bosh']) expect(isCommonWord(w)).toBe(false);
  });
});
