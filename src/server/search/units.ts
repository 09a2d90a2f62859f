/**
 * Numbers with units, on both sides: what a visitor types («18в», «0,72 квт», «1/2"», «d115») and
 * what a product's properties hold (voltage 18 in «В», «БЗП 13 мм», «1/4"»). Both are brought to one
 * base unit per dimension (volts, ampere-hours, watts, millimetres, litres…), so «2 м» meets 2000 mm
 * and «0,72 квт» meets 720 W. Pure: no database here.
 */

export type Dim = 'voltage' | 'capacity' | 'power' | 'length' | 'volume' | 'weight' | 'energy' | 'torque' | 'rpm' | 'current' | 'pressure' | 'flow' | 'count';

/** A quantity in the query: `dim` null for a bare number (matched against any property's own value). */
export type Quantity = { dim: Dim | null; value: number; raw: number; hint: 'diameter' | null };

/** Unit spellings (folded: lower case, ё = е), Cyrillic and Latin, with the factor to the base unit. */
const UNITS: [Dim, number, string[]][] = [
  ['voltage', 1, ['в', 'v', 'вольт', 'вольта', 'вольтов', 'volt', 'volts']],
  ['capacity', 1, ['ач', 'а·ч', 'а/ч', 'а-ч', 'ah', 'a·h', 'a/h', 'ампер-час', 'ампер-часа', 'ампер-часов', 'амперчас']],
  ['capacity', 0.001, ['мач', 'мa·ч', 'мач.', 'mah', 'ма·ч', 'ма/ч']],
  ['power', 1, ['вт', 'w', 'ватт', 'ватта', 'ваттов', 'watt', 'watts']],
  ['power', 1000, ['квт', 'kw', 'киловатт', 'киловатта', 'киловатт.']],
  ['power', 735.5, ['лс', 'л.с.', 'л.с', 'hp', 'лош.сил', 'лошадиных']],
  ['length', 1, ['мм', 'mm', 'миллиметр', 'миллиметра', 'миллиметров']],
  ['length', 10, ['см', 'cm', 'сантиметр', 'сантиметра', 'сантиметров']],
  ['length', 1000, ['м', 'm', 'метр', 'метра', 'метров', 'метры']],
  ['length', 25.4, ['"', '″', "''", 'дюйм', 'дюйма', 'дюймов', 'inch', 'in']],
  ['volume', 1, ['л', 'l', 'литр', 'литра', 'литров', 'литры', 'liter', 'litre']],
  ['volume', 0.001, ['мл', 'ml']],
  ['weight', 1, ['кг', 'kg', 'килограмм', 'килограмма', 'килограммов', 'кило']],
  ['weight', 0.001, ['г', 'гр', 'g', 'грамм', 'грамма', 'граммов']],
  ['energy', 1, ['дж', 'j', 'джоуль', 'джоуля', 'джоулей']],
  ['torque', 1, ['нм', 'н·м', 'н*м', 'н.м', 'nm', 'n·m']],
  ['rpm', 1, ['об/мин', 'об.мин', 'rpm', 'оборотов', 'об']],
  ['current', 1, ['а', 'a', 'ампер', 'ампера', 'amp', 'amps']],
  ['pressure', 1, ['бар', 'bar', 'атм', 'atm', 'атмосфер']],
  ['flow', 1, ['л/мин', 'l/min', 'лмин']],
  ['count', 1, ['шт', 'штук', 'штуки', 'штука', 'pcs', 'предмет', 'предмета', 'предметов', 'пр', 'зуб', 'зуба', 'зубьев', 'зубов']],
];

const UNIT = new Map<string, { dim: Dim; factor: number }>();
for (const [dim, factor, spellings] of UNITS) for (const s of spellings) UNIT.set(s, { dim, factor });

/** Longest spelling first, so «квт» wins over «в» and «л/мин» over «л». */
const UNIT_RE = [...UNIT.keys()]
  .sort((a, b) => b.length - a.length)
  .map((u) => u.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
  .join('|');

const NUM = String.raw`\d+(?:[.,]\d+)?`;
/**
 * A quantity in folded text: a fraction or a number, then (glued or after a space) a unit that is not
 * the start of a longer word. Not preceded by a letter or digit: «hp2070», «m18» are articles.
 */
const QUANTITY = new RegExp(String.raw`(?<![\p{L}\d.,/])(?:(?<pre>[dдфø⌀])\s?)?(?<num>\d{1,3}\/\d{1,3}|${NUM})(?:\s?(?<unit>${UNIT_RE})(?![\p{L}\d]))?(?![\p{L}\d])`, 'gu');

export type QuantitySpan = { start: number; end: number; text: string; quantity: Quantity };

function toNumber(s: string): number {
  const frac = /^(\d+)\/(\d+)$/.exec(s);
  if (frac) return Number(frac[1]) / Number(frac[2]);
  return Number(s.replace(',', '.'));
}

/** A bare number of five digits or more, or with a leading zero, is an article part, not a quantity. */
const ARTICLE_NUMBER = /^(?:0\d|\d{5,})/;

/**
 * Quantities in a folded query, with their spans. A fraction without a unit is in inches (1/2 → 12.7 mm),
 * «d»/«ф»/«⌀» before a number names a diameter in millimetres.
 */
/** Sizes «13х17», «8x10», «115×1,6»: each number on its own (the separator becomes a space, positions stay). */
export const separateSizes = (text: string) => text.replace(/(\d)[xх×*](?=\d)/gi, '$1 ');

export function parseQuantities(text: string): QuantitySpan[] {
  const out: QuantitySpan[] = [];
  for (const m of separateSizes(text).matchAll(QUANTITY)) {
    const g = m.groups!;
    const num = g.num!;
    const unit = g.unit ? UNIT.get(g.unit) : undefined;
    if (!unit && !g.pre && !num.includes('/') && ARTICLE_NUMBER.test(num)) continue;
    const raw = toNumber(num);
    if (!Number.isFinite(raw) || raw <= 0) continue;
    let quantity: Quantity;
    if (unit) quantity = { dim: unit.dim, value: raw * unit.factor, raw, hint: g.pre ? 'diameter' : null };
    else if (num.includes('/')) quantity = { dim: 'length', value: raw * 25.4, raw, hint: null };
    else if (g.pre) quantity = { dim: 'length', value: raw, raw, hint: 'diameter' };
    else quantity = { dim: null, value: raw, raw, hint: null };
    out.push({ start: m.index!, end: m.index! + m[0].length, text: m[0], quantity });
  }
  return out;
}

/** One number a product carries: in its dimension's base unit (when the unit is known) and as written. */
export type PropNumber = { code: string; dim: Dim | null; value: number; raw: number };

const foldUnit = (u: string) => u.toLowerCase().replace(/ё/g, 'е').trim();

/** The numbers of one property value: 18 with unit «В»; «БЗП 13 мм»; «1/2"»; «8×10» with unit «мм». */
export function propertyNumbers(code: string, value: unknown, unit: string | null): PropNumber[] {
  const own = unit ? UNIT.get(foldUnit(unit)) : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? [{ code, dim: own?.dim ?? null, value: value * (own?.factor ?? 1), raw: value }] : [];
  if (typeof value !== 'string' || !/\d/.test(value)) return [];
  const text = foldUnit(value).replace(/[×x*–—-]/g, ' ');
  return parseQuantities(text).map(({ quantity: q }) =>
    q.dim !== null || !own ? { code, dim: q.dim, value: q.value, raw: q.raw } : { code, dim: own.dim, value: q.raw * own.factor, raw: q.raw },
  );
}

/** Relative tolerance: «0,72 квт» = 720 W, «2 квт» ≈ 2.7 л.с. (1,986 W), but 18 V ≠ 20 V. */
export const TOLERANCE = 0.03;

/** 2 = the same value, 1 = within the tolerance, 0 = different. */
export function closeness(a: number, b: number): 0 | 1 | 2 {
  const scale = Math.max(Math.abs(a), Math.abs(b));
  const d = Math.abs(a - b);
  if (d <= scale * 1e-6) return 2;
  return d <= scale * TOLERANCE ? 1 : 0;
}

/** Property codes a «d125» / «диаметр 125» query is restricted to. */
export const DIAMETER_CODES = new Set(['diameter', 'bore', 'nozzle']);

/** Exact key of a number as written, for bare-number lookups (1.5 and 1,5 alike). */
export const rawKey = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * A product's largest number of each dimension (a disc's diameter, not its bore), from its properties and its
 * section's units: what a property limit («больше 1500 вт») or a sort («самый мощный») reads. The memory index
 * keeps the same numbers per dimension for all products at once (memory-index.ts `dimValues`).
 */
export function largestByDim(properties: Record<string, unknown>, units: Map<string, string | null> | undefined): Map<Dim, number> {
  const out = new Map<Dim, number>();
  for (const [code, value] of Object.entries(properties))
    for (const n of propertyNumbers(code, value, units?.get(code) ?? null)) {
      if (!n.dim) continue;
      const old = out.get(n.dim);
      if (old === undefined || n.value > old) out.set(n.dim, n.value);
    }
  return out;
}
