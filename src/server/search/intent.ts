/**
 * What a shopper means beyond the words of the product (issue 27): price limits in BYN, limits on a
 * numeric property with its unit, superlatives as a sort, excluded words, brands or types joined by
 * «или», English tool names, and filler words. Pure: the phrases are cut out of the query here, and
 * what remains is understood as before (understand.ts). The grammar is in decision 0290.
 *
 *   «лобзик до 150 рублей»           → price ≤ 150, rest «лобзик»
 *   «пила больше 1500 вт»            → power ≥ 1500 W, rest «пила»
 *   «самая лёгкая болгарка»          → sort by weight, lightest first, rest «болгарка»
 *   «шуруповерт не аккумуляторный»   → exclude «аккумуляторный»
 *   «bosch или dewalt лобзик»        → one clause: bosch | dewalt
 */
import { parseQuantities, type Dim } from './units';

export type Range = { min: number | null; max: number | null };
export type PropRange = Range & { dim: Dim };
/** A value within a limit («от 1500», «до 150 р»), both ends included, with room for float rounding. */
export const inRange = (v: number, r: Range) => (r.min === null || v >= r.min * (1 - 1e-9)) && (r.max === null || v <= r.max * (1 + 1e-9));
/** A sort the query asks for: by the viewer's price, or by a property dimension (the first the product has). */
export type IntentSort = { by: 'price'; dir: 'asc' | 'desc'; soft: boolean } | { by: 'dim'; dims: Dim[]; dir: 'asc' | 'desc'; soft: boolean };

export type Intent = {
  /** Price limits in BYN on what the viewer pays. */
  price: Range | null;
  /** Limits on numeric properties, in the dimension's base unit (W, kg, mm…). */
  ranges: PropRange[];
  sort: IntentSort | null;
  /** Words whose products are left out («не аккумуляторный», «кроме makita»). */
  exclude: string[];
  /** Words of which any one will do («bosch или dewalt»): each group becomes one clause. */
  anyOf: string[][];
  /** The phrases understood here, in the order typed (for showing the understanding). */
  phrases: string[];
  /** What each phrase meant, to show it as a removable chip (removing its phrase from the query drops it). */
  chips: Chip[];
};

export type Chip = { phrase: string } & (
  | { kind: 'price'; min: number | null; max: number | null }
  | { kind: 'range'; dim: Dim; min: number | null; max: number | null }
  | { kind: 'sort'; sort: IntentSort }
  | { kind: 'exclude'; word: string }
  | { kind: 'or'; words: string[] }
  | { kind: 'task'; name: string }
);
type ChipInfo = Chip extends infer C ? (C extends Chip ? Omit<C, 'phrase'> : never) : never;

export type IntentParse = { intent: Intent; rest: string };

export const emptyIntent = (): Intent => ({ price: null, ranges: [], sort: null, exclude: [], anyOf: [], phrases: [], chips: [] });

export const hasIntent = (i: Intent | null | undefined): i is Intent =>
  !!i && (i.price !== null || i.ranges.length > 0 || i.sort !== null || i.exclude.length > 0 || i.anyOf.length > 0);

const NUM = String.raw`\d+(?:[.,]\d+)?`;
/** Roubles: «р», «р.», «руб», «рублей», «бел руб», «бел. руб.», «byn», «br». */
const CUR = String.raw`(?:бел\.?\s*)?(?:руб(?:лей|ля|ль|\.)?|р\.?|byn|br)(?![\p{L}])`;
const END = String.raw`(?![\p{L}\d])`;
const B = String.raw`(?<![\p{L}\d])`;

const num = (s: string) => Number(s.replace(',', '.'));

const PRICE_MAX = ['дешевле', 'не дороже', 'до', 'не более', 'не больше', 'меньше', 'менее', 'ниже', 'максимум', 'макс', 'в пределах', 'за', 'в районе'];
const PRICE_MIN = ['дороже', 'не дешевле', 'от', 'не менее', 'не меньше', 'больше', 'более', 'выше', 'свыше', 'минимум'];
/** Words that name a price by themselves: «дешевле 200» needs no «р». */
const PRICE_WORDS = new Set(['дешевле', 'не дороже', 'дороже', 'не дешевле']);

/** Comparatives of a property: the dimension they imply when the unit is left out. */
const ATTR_MIN: [string, Dim | null][] = [
  ['не менее', null], ['не меньше', null], ['больше', null], ['более', null], ['свыше', null], ['выше', null], ['от', null], ['минимум', null],
  ['мощнее', 'power'], ['не слабее', 'power'], ['тяжелее', 'weight'], ['длиннее', 'length'], ['шире', 'length'], ['глубже', 'length'],
];
const ATTR_MAX: [string, Dim | null][] = [
  ['не более', null], ['не больше', null], ['меньше', null], ['менее', null], ['ниже', null], ['до', null], ['максимум', null],
  ['легче', 'weight'], ['не тяжелее', 'weight'], ['слабее', 'power'], ['не мощнее', 'power'], ['короче', 'length'], ['уже', 'length'],
];

/** Superlative stems («самый мощный») → the sort they ask for. */
const SUPERLATIVE: [RegExp, (soft: boolean) => IntentSort][] = [
  [/^мощн/, (soft) => ({ by: 'dim', dims: ['power', 'torque', 'energy', 'current'], dir: 'desc', soft })],
  [/^(?:слаб|маломощн)/, (soft) => ({ by: 'dim', dims: ['power'], dir: 'asc', soft })],
  [/^(?:легк|легч|легоньк|компактн|маленьк|небольш)/, (soft) => ({ by: 'dim', dims: ['weight'], dir: 'asc', soft })],
  [/^тяжел/, (soft) => ({ by: 'dim', dims: ['weight'], dir: 'desc', soft })],
  [/^(?:дешев|недорог|бюджетн)/, (soft) => ({ by: 'price', dir: 'asc', soft })],
  [/^дорог/, (soft) => ({ by: 'price', dir: 'desc', soft })],
  [/^(?:больш|крупн|вместительн|объемн)/, (soft) => ({ by: 'dim', dims: ['volume', 'length', 'power'], dir: 'desc', soft })],
  [/^(?:длинн)/, (soft) => ({ by: 'dim', dims: ['length'], dir: 'desc', soft })],
];
const SUPER_WORD = String.raw`(?:самый|самая|самое|самые|самого|самую|самой|самых|наиболее|максимально)`;

/** «недорого», «подешевле», «бюджетный» on their own: cheaper first, never a filter. */
const SOFT_CHEAP = new RegExp(String.raw`${B}(?:недорог\p{L}*|подешевле|дешев(?:о|ый|ая|ое|ые|ую|ого|ых|енький|енькая|ка)|бюджетн\p{L}*|эконом)${END}`, 'gu');

/** Words that say nothing about the product (issue 27: «нужен», «хочу купить», «для дома»). */
const FILLER = new RegExp(
  String.raw`${B}(?:хочу|хотел(?:а|и)?|нужен|нужна|нужно|нужны|надо|купить|куплю|покупка|заказать|ищу|подскажите|посоветуйте|пожалуйста|пжл|плиз|какой-нибудь|какой|какую|какая|хороший|хорошая|хорошую|хорошие|качественн\p{L}*|надежн\p{L}*|недорогой|для\s+дома|для\s+дачи|для\s+себя|домашн\p{L}*|в\s+минске|с\s+доставкой|в\s+наличии|цена|цены|стоимость|купить)${END}`,
  'gu',
);

/** English tool names and abbreviations → the Russian words of the catalogue. */
const ENGLISH: [string, string][] = [
  ['cordless drill', 'аккумуляторный шуруповерт'],
  ['cordless screwdriver', 'аккумуляторный шуруповерт'],
  ['drill driver', 'шуруповерт'],
  ['impact driver', 'гайковерт'],
  ['impact wrench', 'гайковерт'],
  ['hammer drill', 'ударная дрель'],
  ['rotary hammer', 'перфоратор'],
  ['sds drill', 'перфоратор'],
  ['angle grinder', 'болгарка'],
  ['circular saw', 'дисковая пила'],
  ['mitre saw', 'торцовочная пила'],
  ['miter saw', 'торцовочная пила'],
  ['chain saw', 'цепная пила'],
  ['reciprocating saw', 'сабельная пила'],
  ['lawn mower', 'газонокосилка'],
  ['heat gun', 'строительный фен'],
  ['tape measure', 'рулетка'],
  ['laser level', 'лазерный нивелир'],
  ['belt sander', 'ленточная шлифмашина'],
  ['orbital sander', 'эксцентриковая шлифмашина'],
  ['welding machine', 'сварочный аппарат'],
  // One English name (or more) for every leaf section of the catalogue, as a tools catalogue in English names it.
  ['paddle mixer', 'дрель-миксер'],
  ['drill mixer', 'дрель-миксер'],
  ['mixer drill', 'дрель-миксер'],
  ['demolition hammer', 'перфоратор sds-max'],
  ['sds max', 'перфоратор sds-max'],
  ['sds plus', 'перфоратор'],
  ['random orbital sander', 'эксцентриковая шлифмашина'],
  ['random orbit sander', 'эксцентриковая шлифмашина'],
  ['ros', 'эксцентриковая шлифмашина'],
  ['sabre saw', 'сабельная пила'],
  ['saber saw', 'сабельная пила'],
  ['recip saw', 'сабельная пила'],
  ['chop saw', 'торцовочная пила'],
  ['electric planer', 'рубанок'],
  ['wood router', 'фрезер'],
  ['plunge router', 'фрезер'],
  ['petrol lawn mower', 'бензиновая газонокосилка'],
  ['petrol mower', 'бензиновая газонокосилка'],
  ['gas mower', 'бензиновая газонокосилка'],
  ['electric mower', 'электрическая газонокосилка'],
  ['string trimmer', 'триммер'],
  ['grass trimmer', 'триммер'],
  ['line trimmer', 'триммер'],
  ['brush cutter', 'бензиновый триммер'],
  ['weed eater', 'триммер'],
  ['weed whacker', 'триммер'],
  ['strimmer', 'триммер'],
  ['electric chainsaw', 'электропила цепная'],
  ['electric chain saw', 'электропила цепная'],
  ['petrol chainsaw', 'бензопила'],
  ['gas chainsaw', 'бензопила'],
  ['claw hammer', 'молоток'],
  ['sledge hammer', 'кувалда'],
  ['sledgehammer', 'кувалда'],
  ['screwdriver set', 'набор отверток'],
  ['open end wrench', 'ключ рожковый'],
  ['open end spanner', 'ключ рожковый'],
  ['combination wrench', 'ключ комбинированный'],
  ['combination spanner', 'ключ комбинированный'],
  ['socket set', 'набор головок'],
  ['spirit level', 'уровень строительный'],
  ['bubble level', 'уровень строительный'],
  ['cross line laser', 'лазерный нивелир'],
  ['line laser', 'лазерный нивелир'],
  ['cut off wheel', 'круг отрезной'],
  ['cutting wheel', 'круг отрезной'],
  ['cutting disc', 'круг отрезной'],
  ['cutting disk', 'круг отрезной'],
  ['grinding wheel', 'круг зачистной'],
  ['grinding disc', 'круг зачистной'],
  ['grinding disk', 'круг зачистной'],
  ['flap disc', 'круг зачистной'],
  ['circular saw blade', 'диск пильный'],
  ['saw blade', 'диск пильный'],
  ['diamond blade', 'алмазный диск'],
  ['diamond disc', 'алмазный диск'],
  ['diamond disk', 'алмазный диск'],
  ['metal drill bit', 'сверло по металлу'],
  ['hss drill bit', 'сверло по металлу'],
  ['hss drill', 'сверло по металлу'],
  ['masonry drill bit', 'бур'],
  ['masonry bit', 'бур'],
  ['concrete drill bit', 'бур'],
  ['sds bit', 'бур'],
  ['wood drill bit', 'сверло по дереву'],
  ['spade bit', 'сверло по дереву'],
  ['drill bit', 'сверло'],
  ['screwdriver bit set', 'набор бит'],
  ['screwdriver bits', 'биты'],
  ['bit set', 'набор бит'],
  ['driver bit', 'бита'],
  ['battery pack', 'аккумулятор'],
  ['stick welder', 'сварочный инвертор'],
  ['arc welder', 'сварочный инвертор'],
  ['mma welder', 'сварочный инвертор'],
  ['inverter welder', 'сварочный инвертор'],
  ['mig welder', 'сварочный полуавтомат'],
  ['mig mag', 'сварочный полуавтомат'],
  ['mig', 'полуавтомат'],
  ['tig welder', 'аргонодуговой сварки'],
  ['tig', 'аргонодуговой'],
  ['auto darkening helmet', 'маска сварщика'],
  ['welding helmet', 'маска сварщика'],
  ['welding mask', 'маска сварщика'],
  ['welding gloves', 'краги сварщика'],
  ['air compressor', 'компрессор'],
  ['oil free compressor', 'безмасляный компрессор'],
  ['oilless compressor', 'безмасляный компрессор'],
  ['air impact wrench', 'пневмогайковерт'],
  ['pneumatic impact wrench', 'пневмогайковерт'],
  ['paint sprayer', 'краскопульт'],
  ['spray gun', 'краскопульт'],
  ['hvlp', 'краскопульт'],
  ['concrete mixer', 'бетономешалка'],
  ['cement mixer', 'бетономешалка'],
  ['petrol generator', 'бензиновый генератор'],
  ['gas generator', 'бензиновый генератор'],
  ['inverter generator', 'инверторный генератор'],
  ['diesel heater', 'дизельная тепловая пушка'],
  ['electric heater', 'электрическая тепловая пушка'],
  ['fan heater', 'электрическая тепловая пушка'],
  ['space heater', 'тепловая пушка'],
  ['heater', 'тепловая пушка'],
  ['work gloves', 'перчатки рабочие'],
  ['gloves', 'перчатки'],
  ['safety glasses', 'очки защитные'],
  ['safety goggles', 'очки защитные'],
  ['goggles', 'очки защитные'],
  ['jigsaw', 'лобзик'],
  ['chainsaw', 'цепная пила'],
  ['grinder', 'болгарка'],
  ['ugl', 'болгарка'],
  ['drill', 'дрель'],
  ['screwdriver', 'отвертка'],
  ['planer', 'рубанок'],
  ['router', 'фрезер'],
  ['mower', 'газонокосилка'],
  ['trimmer', 'триммер'],
  ['compressor', 'компрессор'],
  ['sander', 'шлифмашина'],
  ['welder', 'сварочный аппарат'],
  ['battery', 'аккумулятор'],
  ['charger', 'зарядное устройство'],
  ['generator', 'генератор'],
  ['saw', 'пила'],
  ['wrench', 'ключ'],
  ['spanner', 'ключ'],
  ['cordless', 'аккумуляторный'],
];
// Longest first: «circular saw blade» is a blade, not a saw followed by «blade».
const ENGLISH_RE = new RegExp(String.raw`${B}(${[...ENGLISH].sort((a, b) => b[0].length - a[0].length).map(([e]) => e.replace(/ /g, String.raw`[\s-]+`)).join('|')})(?:s)?${END}`, 'gu');
const ENGLISH_MAP = new Map(ENGLISH.map(([e, r]) => [e, r]));

/** English tool words the corrector must leave alone (never turned into a brand). */
export const ENGLISH_TOOL_WORDS = new Set([...ENGLISH.flatMap(([e]) => e.split(' ')), 'impact', 'hammer', 'tool', 'tools', 'set', 'kit', 'bit', 'bits', 'blade', 'disc', 'disk', 'wrench', 'level', 'brushless', 'pro']);

/**
 * Ordinary Russian words (their beginnings) that are not typos of anything in the catalogue: the
 * corrector leaves them as typed («ремонт» is not «Ресанта», «цена» not «цепная»).
 */
const COMMON_STEMS = [
  'ремонт', 'цен', 'сам', 'работ', 'строит', 'стройк', 'дом', 'дач', 'квартир', 'гараж', 'мастер', 'любител', 'бытов', 'подар', 'новинк', 'акци',
  'скидк', 'распрод', 'отзыв', 'доставк', 'гарант', 'оригинал', 'китай', 'герман', 'япон', 'лучш', 'хорош', 'плох', 'нов', 'стар', 'дешев', 'дорог',
  'недорог', 'купит', 'куплю', 'продаж', 'прода', 'магазин', 'минск', 'брест', 'гродн', 'гомел', 'могил', 'витебск', 'рубл', 'руб', 'быстр', 'легк',
  'тяжел', 'мощн', 'сильн', 'слаб', 'больш', 'маленьк', 'нужн', 'хоч', 'ищ', 'какой', 'какая', 'чем', 'что', 'зачем', 'почему', 'где', 'как', 'очень',
];
export function isCommonWord(word: string): boolean {
  const w = word.toLowerCase().replace(/ё/g, 'е');
  return ENGLISH_TOOL_WORDS.has(w) || COMMON_STEMS.some((stem) => w.startsWith(stem));
}

const alt = (list: string[]) => list.map((w) => w.replace(/ /g, String.raw`\s+`)).join('|');
const byLength = <T extends string | [string, unknown]>(list: T[]) => [...list].sort((a, b) => (typeof b === 'string' ? b : b[0]).length - (typeof a === 'string' ? a : a[0]).length);

/** A number with a unit (or a unit implied by the comparative): its dimension and value in the base unit. */
function quantityOf(text: string, implied: Dim | null): { dim: Dim; value: number } | null {
  const q = parseQuantities(text)[0]?.quantity;
  if (!q) return null;
  if (q.dim) return { dim: q.dim, value: q.value };
  return implied ? { dim: implied, value: q.raw } : null;
}

/** Cuts the intent phrases out of a query. `query` is cleaned text; the rest keeps everything else as typed. */
export function parseIntent(query: string): IntentParse {
  const intent = emptyIntent();
  let s = ` ${query.toLowerCase().replace(/ё/g, 'е')} `;
  /** Replaces each match `fn` accepts (true, or the text to leave in its place) by a space. */
  let chip: ChipInfo | null = null;
  const cut = (re: RegExp, fn: (m: RegExpExecArray) => boolean | string) => {
    s = s.replace(re, (...args: unknown[]) => {
      const groups = args[args.length - 1];
      const named = typeof groups === 'object' && groups !== null;
      const m = Object.assign([...(args.slice(0, named ? -3 : -2) as string[])], { groups: named ? groups : undefined }) as unknown as RegExpExecArray;
      const ok = fn(m);
      if (ok === false) return m[0];
      const left = typeof ok === 'string' ? ok : '';
      const phrase = left ? m[0].slice(0, m[0].length - left.length).trim() : m[0].trim();
      intent.phrases.push(phrase);
      if (chip) intent.chips.push({ ...chip, phrase } as Chip);
      chip = null;
      return ` ${left} `;
    });
  };

  // English tool names first: «circular saw 190» is then a Russian query with a number.
  s = s.replace(ENGLISH_RE, (_m, name: string) => ` ${ENGLISH_MAP.get(name.replace(/[\s-]+/g, ' ')) ?? name} `);

  // ── price ──
  const setPrice = (min: number | null, max: number | null) => {
    const p = intent.price ?? { min: null, max: null };
    if (min !== null) p.min = p.min === null ? min : Math.max(p.min, min);
    if (max !== null) p.max = p.max === null ? max : Math.min(p.max, max);
    intent.price = p;
  };
  // «от 100 до 300 р», «в пределах 100-200 бел руб», «100–200 р»
  cut(new RegExp(String.raw`${B}(?<pre>в\s+пределах|в\s+диапазоне|цена|по\s+цене|стоимостью|за)?\s*(?:от\s+)?(?<a>${NUM})\s*(?:-|–|—|до)\s*(?<b>${NUM})\s*(?<cur>${CUR})?`, 'gu'), (m) => {
    if (!m.groups!.cur && !m.groups!.pre) return false;
    const a = num(m.groups!.a!);
    const b = num(m.groups!.b!);
    setPrice(Math.min(a, b), Math.max(a, b));
    chip = { kind: 'price', min: Math.min(a, b), max: Math.max(a, b) };
    return true;
  });
  cut(new RegExp(String.raw`${B}(?<w>${alt(byLength([...PRICE_MAX, ...PRICE_MIN]))})\s+(?<n>${NUM})\s*(?<cur>${CUR})?${END}`, 'gu'), (m) => {
    const w = m.groups!.w!.replace(/\s+/g, ' ');
    if (!m.groups!.cur && !PRICE_WORDS.has(w)) return false;
    const n = num(m.groups!.n!);
    if (PRICE_MAX.includes(w)) setPrice(null, n);
    else setPrice(n, null);
    chip = PRICE_MAX.includes(w) ? { kind: 'price', min: null, max: n } : { kind: 'price', min: n, max: null };
    return true;
  });
  // «лобзик 150 р»: a budget.
  cut(new RegExp(String.raw`${B}(?<n>${NUM})\s*(?<cur>${CUR})`, 'gu'), (m) => {
    setPrice(null, num(m.groups!.n!));
    chip = { kind: 'price', min: null, max: num(m.groups!.n!) };
    return true;
  });

  // ── property ranges ──
  const UNITFUL = String.raw`${NUM}\s*[^\s\d][^\s]*`;
  // «от 200 до 300 мм», «1000-1500 вт»
  cut(new RegExp(String.raw`${B}(?:от\s+)?(?<a>${NUM})\s*(?:-|–|—|до)\s*(?<b>${UNITFUL})`, 'gu'), (m) => {
    const hi = quantityOf(m.groups!.b!, null);
    if (!hi) return false;
    const lo = quantityOf(`${m.groups!.a!} ${m.groups!.b!.replace(new RegExp(`^${NUM}\\s*`), '')}`, null);
    if (!lo) return false;
    intent.ranges.push({ dim: hi.dim, min: Math.min(lo.value, hi.value), max: Math.max(lo.value, hi.value) });
    chip = { kind: 'range', ...intent.ranges[intent.ranges.length - 1]! };
    return true;
  });
  // One pass over both sides, longest word first: «не более» is not «более».
  const ATTR = [...ATTR_MIN.map(([w, d]) => [w, d, 'min'] as const), ...ATTR_MAX.map(([w, d]) => [w, d, 'max'] as const)];
  cut(new RegExp(String.raw`${B}(?<w>${alt(byLength(ATTR.map(([w]) => w)))})\s+(?<n>${NUM})(?:\s*(?<u>[^\s\d]+))?`, 'gu'), (m) => {
    const w = m.groups!.w!.replace(/\s+/g, ' ');
    const [, implied, side] = ATTR.find(([x]) => x === w)!;
    const withUnit = m.groups!.u ? quantityOf(`${m.groups!.n!} ${m.groups!.u}`, null) : null;
    if (withUnit) {
      intent.ranges.push({ dim: withUnit.dim, min: side === 'min' ? withUnit.value : null, max: side === 'max' ? withUnit.value : null });
      chip = { kind: 'range', ...intent.ranges[intent.ranges.length - 1]! };
      return true;
    }
    if (!implied) return false;
    const value = num(m.groups!.n!);
    intent.ranges.push({ dim: implied, min: side === 'min' ? value : null, max: side === 'max' ? value : null });
    chip = { kind: 'range', ...intent.ranges[intent.ranges.length - 1]! };
    // «мощнее 1500 болгарка»: the word after the number is not a unit; it stays in the query.
    return m.groups!.u ?? true;
  });

  // ── superlatives ──
  cut(new RegExp(String.raw`${B}${SUPER_WORD}\s+(?<adj>\p{L}+)`, 'gu'), (m) => {
    const hit = SUPERLATIVE.find(([re]) => re.test(m.groups!.adj!));
    if (!hit) return false;
    intent.sort = hit[1](false);
    chip = { kind: 'sort', sort: intent.sort };
    return true;
  });
  // Comparatives without a number: «подешевле», «помощнее».
  cut(/(?<![\p{L}\d])по(мощнее|легче|дороже|больше)(?![\p{L}\d])/gu, (m) => {
    const hit = SUPERLATIVE.find(([re]) => re.test(m[1]!));
    if (!hit || intent.sort) return false;
    intent.sort = hit[1](true);
    chip = { kind: 'sort', sort: intent.sort };
    return true;
  });
  cut(SOFT_CHEAP, () => {
    intent.sort ??= { by: 'price', dir: 'asc', soft: true };
    chip = { kind: 'sort', sort: intent.sort };
    return true;
  });

  // ── negation ──
  cut(new RegExp(String.raw`${B}(?:кроме|исключая|но\s+не|не|без)\s+(?<w>\p{L}[\p{L}\d+&.-]*)`, 'gu'), (m) => {
    intent.exclude.push(m.groups!.w!);
    chip = { kind: 'exclude', word: m.groups!.w! };
    return true;
  });

  // ── disjunction ──
  cut(new RegExp(String.raw`${B}(?<a>\p{L}[\p{L}\d+&-]+)(?:\s+(?:или|либо)\s+|\s*/\s*)(?<b>\p{L}[\p{L}\d+&-]+)`, 'gu'), (m) => {
    intent.anyOf.push([m.groups!.a!, m.groups!.b!]);
    chip = { kind: 'or', words: [m.groups!.a!, m.groups!.b!] };
    // Understanding makes one clause of them (understand.ts).
    return true;
  });
  s = s.replace(FILLER, ' ');
  return { intent, rest: s.replace(/\s+/g, ' ').trim() };
}

/**
 * The query without one understood phrase (a chip's link): the rest as typed. A task's phrase may be
 * spread over the query («резать bosch керамогранит»): then each of its words goes.
 */
export function withoutPhrase(query: string, phrase: string): string {
  const folded = query.toLowerCase().replace(/ё/g, 'е');
  const at = folded.indexOf(phrase);
  if (at >= 0) return `${query.slice(0, at)} ${query.slice(at + phrase.length)}`.replace(/\s+/g, ' ').trim();
  let out = query;
  for (const w of phrase.split(' ').filter(Boolean)) {
    const f = out.toLowerCase().replace(/ё/g, 'е');
    const m = new RegExp(String.raw`(?<![\p{L}\d])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\p{L}\d])`, 'u').exec(f);
    if (m) out = `${out.slice(0, m.index)} ${out.slice(m.index + w.length)}`;
  }
  return out.replace(/\s+/g, ' ').trim();
}
