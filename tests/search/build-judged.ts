/**
 * Builds tests/search/judged-v2.json: real-style queries of the kinds issue 17 names, judged strictly
 * against the deterministic demo catalogue (generateCatalog, 2,000 products, the seed's default seed).
 *
 *   npx tsx tests/search/build-judged.ts
 *
 * The query text is made with tools independent of the search pipeline: word forms by russian-nouns-js,
 * transliteration by cyrillic-to-translit-js, keyboard layouts from the standard ЙЦУКЕН and Belarusian
 * key tables written out below (not convert-layout, which the app uses), typos by a seedrandom stream.
 * Relevance names catalogue facts only: a brand + type + attribute query is relevant only where all hold.
 */
import fs from 'node:fs';
import seedrandom from 'seedrandom';
import RussianNouns from 'russian-nouns-js';
import CyrillicToTranslit from 'cyrillic-to-translit-js';
import { generateCatalog } from '../../src/server/seed/generate';
import { BRANDS } from '../../src/server/seed/catalog-data';

type Judgement = { q: string; kind: string; relevant: { sections?: string[]; brands?: string[]; articles?: string[]; props?: Record<string, (string | number)[]> } };

const cat = generateCatalog({ products: 2000 });
const sectionCode = new Map(cat.sections.map((s) => [s.id, s.code]));
const brandCode = new Map(cat.brands.map((b) => [b.id, b.code]));
const products = cat.products.map((p) => ({ ...p, section: sectionCode.get(p.sectionId)!, brand: brandCode.get(p.brandId)! }));
// JUDGED_SEED / JUDGED_OUT: another draw of the same kinds, to check that the pipeline is not tuned to this one.
const rand = seedrandom(process.env.JUDGED_SEED ?? 'issue-17-judged');
const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
const out: Judgement[] = [];
const seen = new Set<string>();
const add = (kind: string, q: string, relevant: Judgement['relevant']) => {
  const key = q.toLowerCase();
  if (seen.has(key)) return;
  // Strict: a judgement must name at least one product of the catalogue.
  const hits = products.filter(
    (p) =>
      (!relevant.sections || relevant.sections.includes(p.section)) &&
      (!relevant.brands || relevant.brands.includes(p.brand)) &&
      (!relevant.articles || relevant.articles.includes(p.article)) &&
      Object.entries(relevant.props ?? {}).every(([k, vs]) => vs.map(String).includes(String(p.properties[k]))),
  );
  if (!hits.length) return;
  seen.add(key);
  out.push({ q, kind, relevant });
};

// ── word forms (russian-nouns-js) ──
const rne = new RussianNouns.Engine();
const G = RussianNouns.Gender;
const noun = (text: string, gender: string) => RussianNouns.createLemma({ text, gender });
const forms = (text: string, gender: string) => {
  const lemma = noun(text, gender);
  const plural = rne.pluralize(lemma)[0] ?? text;
  return { nom: text, plural, gen: rne.decline(lemma, RussianNouns.Case.GENITIVE)[0] ?? text, dat: rne.decline(lemma, RussianNouns.Case.DATIVE)[0] ?? text, genPl: rne.decline(lemma, RussianNouns.Case.GENITIVE, plural)[0] ?? plural };
};

/** What people call each kind of product, with the leaves it means. */
const TYPES: { word: string; gender: string; leaves: string[] }[] = [
  { word: 'дрель', gender: G.FEMININE, leaves: ['dreli-udarnye', 'dreli-bezudarnye', 'dreli-miksery'] },
  { word: 'шуруповёрт', gender: G.MASCULINE, leaves: ['shurupoverty-akkumulyatornye', 'shurupoverty-setevye'] },
  { word: 'гайковёрт', gender: G.MASCULINE, leaves: ['gaykoverty', 'pnevmogaykoverty'] },
  { word: 'перфоратор', gender: G.MASCULINE, leaves: ['perforatory-sds-plus', 'perforatory-sds-max'] },
  { word: 'болгарка', gender: G.FEMININE, leaves: ['ushm-bolgarki'] },
  { word: 'лобзик', gender: G.MASCULINE, leaves: ['lobziki'] },
  { word: 'рубанок', gender: G.MASCULINE, leaves: ['rubanki'] },
  { word: 'фрезер', gender: G.MASCULINE, leaves: ['frezery'] },
  { word: 'газонокосилка', gender: G.FEMININE, leaves: ['gazonokosilki-elektricheskie', 'gazonokosilki-benzinovye'] },
  { word: 'триммер', gender: G.MASCULINE, leaves: ['trimmery-elektricheskie', 'trimmery-benzinovye'] },
  { word: 'бензопила', gender: G.FEMININE, leaves: ['benzopily'] },
  { word: 'электропила', gender: G.FEMININE, leaves: ['elektropily'] },
  { word: 'молоток', gender: G.MASCULINE, leaves: ['molotki-slesarnye'] },
  { word: 'кувалда', gender: G.FEMININE, leaves: ['kuvaldy'] },
  { word: 'отвёртка', gender: G.FEMININE, leaves: ['otvertki-shlicevye', 'nabory-otvertok'] },
  { word: 'рулетка', gender: G.FEMININE, leaves: ['ruletki'] },
  { word: 'уровень', gender: G.MASCULINE, leaves: ['urovni', 'lazernye-niveliry'] },
  { word: 'нивелир', gender: G.MASCULINE, leaves: ['lazernye-niveliry'] },
  { word: 'бита', gender: G.FEMININE, leaves: ['bity', 'nabory-bit'] },
  { word: 'аккумулятор', gender: G.MASCULINE, leaves: ['akkumulyatory'] },
  { word: 'компрессор', gender: G.MASCULINE, leaves: ['kompressory-porshnevye', 'kompressory-bezmaslyanye'] },
  { word: 'краскопульт', gender: G.MASCULINE, leaves: ['kraskopulty'] },
  { word: 'бетономешалка', gender: G.FEMININE, leaves: ['betonomeshalki-elektricheskie'] },
  { word: 'генератор', gender: G.MASCULINE, leaves: ['generatory-benzinovye', 'generatory-invertornye'] },
  { word: 'сверло', gender: G.NEUTER, leaves: ['sverla-po-metallu', 'sverla-po-betonu', 'sverla-po-derevu'] },
  { word: 'перчатки', gender: G.FEMININE, leaves: ['perchatki-rabochie', 'kragi'] },
];
const typeOf = (word: string) => TYPES.find((t) => t.word === word)!;
const leafType = (leaf: string) => TYPES.find((t) => t.leaves.includes(leaf));

// ── transliteration and keyboard layouts ──
const toLatin = CyrillicToTranslit().transform;
const RU_KEYS: Record<string, string> = Object.fromEntries([...'йцукенгшщзхъфывапролджэячсмитьбю'].map((c, i) => [c, "qwertyuiop[]asdfghjkl;'zxcvbnm,."[i]!]));
// The Belarusian layout (as shipped in Windows and X11 "by"): the Russian one with і on B (и), ў on O (щ), ' on ] (ъ).
const BY_KEYS: Record<string, string> = { ...RU_KEYS, і: 'b', ў: 'o', "'": ']' };
const typeIn = (keys: Record<string, string>, text: string) => [...text.toLowerCase().replace(/ё/g, 'е')].map((c) => keys[c] ?? c).join('');
const LATIN_TO_RU = Object.fromEntries(Object.entries(RU_KEYS).map(([c, k]) => [k, c]));
const BY_FROM_LATIN: Record<string, string> = { ...LATIN_TO_RU, b: 'і', o: 'ў', ']': "'" };
const typeLatinIn = (keys: Record<string, string>, text: string) => [...text.toLowerCase()].map((c) => keys[c] ?? c).join('');

// ── seeded typos ──
const NEAR: Record<string, string> = { а: 'пвыкм', о: 'лрнгт', е: 'кнап', и: 'мть', р: 'пао', т: 'иьг', н: 'егр', с: 'чмы', л: 'одк', к: 'уеа', в: 'ыас', п: 'аре', д: 'лжщ', м: 'сиа', у: 'цкв', ш: 'гщл', г: 'нш', з: 'щх', б: 'ью', ь: 'тб', я: 'чф', ы: 'вф', й: 'цф', ц: 'йу' };
function typo(word: string, count: number): string {
  let w = word;
  for (let k = 0; k < count; k++) {
    const i = 1 + Math.floor(rand() * (w.length - 1));
    const op = Math.floor(rand() * 4);
    const ch = w[i]!;
    if (op === 0 && NEAR[ch]) w = w.slice(0, i) + pick([...NEAR[ch]!]) + w.slice(i + 1);
    else if (op === 1 && w.length > 3) w = w.slice(0, i) + w.slice(i + 1);
    else if (op === 2 && i < w.length - 1) w = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
    else w = w.slice(0, i) + ch + w.slice(i);
  }
  return w;
}

const brandName = (code: string) => BRANDS.find((b) => b.code === code)!;
const brandSpelling = (code: string) => {
  const b = brandName(code);
  return pick([b.name.toLowerCase(), b.nameCyr.toLowerCase(), b.name, b.nameCyr]);
};
const comma = (n: number) => String(n).replace('.', ',');
const inLeaves = (leaves: string[]) => products.filter((p) => leaves.includes(p.section));
const values = (leaves: string[], code: string) => [...new Set(inLeaves(leaves).map((p) => p.properties[code]).filter((v) => v !== undefined))];

// ── 1. numbers with units ──
type Spell = (v: number) => string[];
const UNIT_CASES: { type: string; form?: 'plural'; code: string; spell: Spell; leaves?: string[] }[] = [
  { type: 'шуруповёрт', code: 'voltage', spell: (v) => [`${v}в`, `${v} v`, `${v}v`, `на ${v} вольт`, `${v} вольт`], leaves: ['shurupoverty-akkumulyatornye'] },
  { type: 'аккумулятор', code: 'voltage', spell: (v) => [`${v}в`, `${v}v`, `${v} вольт`] },
  { type: 'аккумулятор', code: 'battery', spell: (v) => [`${comma(v)}ач`, `${v} ah`, `${comma(v)} а·ч`, `${v}ah`, `${comma(v)} а/ч`, `${v * 1000} мач`] },
  { type: 'болгарка', code: 'power', spell: (v) => [`${v}w`, `${v} вт`, `${v} ватт`, `${comma(v / 1000)} квт`, `${v / 1000}kw`] },
  { type: 'болгарка', code: 'diameter', spell: (v) => [`${v}мм`, `d${v}`, `${v} mm`, `${v} мм`, `ф${v}`] },
  { type: 'дрель', code: 'power', spell: (v) => [`${v}вт`, `${v} w`, `${v} ватт`] },
  { type: 'перфоратор', code: 'energy', spell: (v) => [`${comma(v)} дж`, `${comma(v)}дж`, `${v} j`], leaves: ['perforatory-sds-plus'] },
  { type: 'перфоратор', code: 'power', spell: (v) => [`${v}вт`, `${v} w`] },
  { type: 'лобзик', code: 'power', spell: (v) => [`${v} вт`, `${v}w`] },
  { type: 'генератор', code: 'kw', spell: (v) => [`${comma(v)} квт`, `${comma(v)}квт`, `${v} kw`, `${v * 1000} вт`, `${v * 1000}w`] },
  { type: 'бетономешалка', code: 'volume', spell: (v) => [`${v}л`, `${v} литров`, `${v} л`, `на ${v} литров`] },
  { type: 'компрессор', code: 'receiver', spell: (v) => [`${v}л`, `${v} литров`, `${v} l`] },
  { type: 'компрессор', code: 'pressure', spell: (v) => [`${v} бар`, `${v} атм`] },
  { type: 'рулетка', code: 'length', spell: (v) => [`${comma(v)} м`, `${comma(v)}м`, `${comma(v)} метров`, `${v * 1000} мм`] },
  { type: 'кувалда', code: 'weight', spell: (v) => [`${v} кг`, `${v}кг`, `${v} kg`] },
  { type: 'молоток', code: 'weight', spell: (v) => [`${v * 1000} г`, `${v * 1000}гр`, `${comma(v)} кг`] },
  { type: 'бензопила', code: 'length', spell: (v) => [`${v} см`, `${v * 10} мм`, `шина ${v} см`] },
  { type: 'газонокосилка', code: 'engine', spell: (v) => [`${comma(v)} л.с.`, `${comma(v)} лс`, `${comma(v)}hp`], leaves: ['gazonokosilki-benzinovye'] },
  { type: 'уровень', code: 'length', spell: (v) => [`${v / 1000} м`, `${v / 10} см`, `${v}мм`], leaves: ['urovni'] },
  { type: 'сверло', code: 'diameter', spell: (v) => [`${v}мм`, `${v} мм`, `d${v}`], leaves: ['sverla-po-metallu'] },
  { type: 'шуруповёрт', code: 'torque', spell: (v) => [`${v} нм`, `${v}нм`, `${v} н·м`], leaves: ['shurupoverty-akkumulyatornye'] },
  { type: 'компрессор', code: 'capacity', spell: (v) => [`${v} л/мин`, `${v}л/мин`] },
];
for (const c of UNIT_CASES) {
  const t = typeOf(c.type);
  const leaves = c.leaves ?? t.leaves;
  const f = forms(t.word, t.gender);
  for (const v of values(leaves, c.code).slice(0, 3)) {
    const n = Number(v);
    const spelled = pick(c.spell(n));
    const word = pick([f.nom, f.nom, f.plural, t.word.replace(/ё/g, 'е')]);
    const q = rand() < 0.75 ? `${word} ${spelled}` : `${spelled} ${word}`;
    add('unit', q, { sections: leaves, props: { [c.code]: [n] } });
  }
}
// Inches: sockets and impact wrenches by the square drive.
add('unit', 'набор головок 1/2', { sections: ['nabory-golovok'], props: { drive: ['1/2"', '1/4" + 1/2"'] } });
add('unit', 'головки 1/4"', { sections: ['nabory-golovok'], props: { drive: ['1/4"', '1/4" + 1/2"'] } });
add('unit', 'пневмогайковерт 3/4', { sections: ['pnevmogaykoverty'], props: { drive: ['3/4"'] } });
add('unit', 'гайковерт 1/2 дюйма', { sections: ['gaykoverty', 'pnevmogaykoverty'], props: { chuck: ['квадрат 1/2"'] } });

// ── 2. type + brand + attribute (all three must hold) ──
const TBA: { type: string; code: string; spell: Spell; leaves?: string[] }[] = [
  { type: 'шуруповёрт', code: 'voltage', spell: (v) => [`${v}в`, `${v}v`, `${v} вольт`], leaves: ['shurupoverty-akkumulyatornye'] },
  { type: 'аккумулятор', code: 'voltage', spell: (v) => [`${v}в`, `${v}v`] },
  { type: 'аккумулятор', code: 'battery', spell: (v) => [`${comma(v)}ач`, `${v}ah`, `${comma(v)} а·ч`] },
  { type: 'болгарка', code: 'diameter', spell: (v) => [`${v}`, `${v}мм`, `${v} мм`] },
  { type: 'болгарка', code: 'power', spell: (v) => [`${v}w`, `${v} вт`] },
  { type: 'дрель', code: 'power', spell: (v) => [`${v} вт`, `${v}w`] },
  { type: 'перфоратор', code: 'energy', spell: (v) => [`${comma(v)} дж`], leaves: ['perforatory-sds-plus'] },
  { type: 'генератор', code: 'kw', spell: (v) => [`${comma(v)} квт`, `${v}kw`] },
  { type: 'бензопила', code: 'engine', spell: (v) => [`${comma(v)} л.с.`, `${comma(v)} лс`] },
  { type: 'гайковёрт', code: 'voltage', spell: (v) => [`${v}в`, `${v} v`], leaves: ['gaykoverty'] },
  { type: 'круг', code: 'diameter', spell: (v) => [`${v}`, `${v}мм`, `d${v}`], leaves: ['krugi-otreznye'] },
  { type: 'зарядное устройство', code: 'voltage', spell: (v) => [`${v}в`, `${v}v`], leaves: ['zaryadnye-ustroystva'] },
];
for (const c of TBA) {
  const t = TYPES.find((x) => x.word === c.type);
  const leaves = c.leaves ?? t!.leaves;
  const pool = inLeaves(leaves).filter((p) => p.properties[c.code] !== undefined);
  for (let k = 0; k < 4; k++) {
    const p = pick(pool);
    const v = Number(p.properties[c.code]);
    const parts = [c.type.replace(/ё/g, pick(['е', 'ё'])), brandSpelling(p.brand), pick(c.spell(v))];
    if (rand() < 0.4) parts.push(parts.splice(1, 1)[0]!);
    add('type-brand-attr', parts.join(' '), { sections: leaves, brands: [p.brand], props: { [c.code]: [v] } });
  }
}

// ── 3. one word the catalogue does not know (every other word must still find it) ──
const NOISE = ['купить', 'цена', 'недорого', 'минск', 'профессиональный', 'мощный', 'хороший', 'в наличии', 'для дома', 'для дачи', 'бытовой', 'лучший', 'надежный', 'новый', 'с доставкой', 'оригинал', 'гомель', 'отзывы', 'дешево', 'компактный'];
const PARTIAL_TYPES = ['дрель', 'шуруповёрт', 'перфоратор', 'болгарка', 'лобзик', 'бензопила', 'триммер', 'газонокосилка', 'генератор', 'компрессор', 'рулетка', 'кувалда', 'молоток', 'бетономешалка', 'краскопульт', 'нивелир', 'аккумулятор'];
for (const word of PARTIAL_TYPES) {
  const t = typeOf(word);
  const f = forms(t.word, t.gender);
  const noise = pick(NOISE);
  add('partial', rand() < 0.5 ? `${noise} ${pick([f.nom, f.plural])}` : `${pick([f.nom, f.plural])} ${noise}`, { sections: t.leaves });
  const p = pick(inLeaves(t.leaves));
  add('partial', `${f.nom} ${brandSpelling(p.brand)} ${pick(NOISE)}`, { sections: t.leaves, brands: [p.brand] });
}
// Adjectives whose stem the catalogue spells another way, and Russian forms it never uses.
add('partial', 'перчатки строительные', { sections: ['perchatki-rabochie', 'kragi'] });
add('partial', 'перчатки кожаные', { sections: ['kragi', 'perchatki-rabochie'], props: { material: ['кожа', 'спилок'] } });
add('partial', 'очки защитные строительные', { sections: ['ochki-zashchitnye'] });
add('partial', 'молоток столярный', { sections: ['molotki-slesarnye'] });
add('partial', 'рулетка измерительная строительная', { sections: ['ruletki'] });

// ── 4. Belarusian: letters, words, the keyboard layout ──
const BY_QUERIES: [string, Judgement['relevant']][] = [
  ['піла', { sections: ['pily-cirkulyarnye', 'pily-torcovochnye', 'pily-sabelnye', 'elektropily', 'benzopily', 'lobziki'] }],
  ['біта', { sections: ['bity', 'nabory-bit'] }],
  ['біты ph2', { sections: ['bity'], props: { tip: ['PH2'] } }],
  ['шрубавёрт', { sections: ['shurupoverty-akkumulyatornye', 'shurupoverty-setevye'] }],
  ['шрубаверт makita', { sections: ['shurupoverty-akkumulyatornye', 'shurupoverty-setevye'], brands: ['makita'] }],
  ['дрыль ударная', { sections: ['dreli-udarnye'] }],
  ['дрыль', { sections: ['dreli-udarnye', 'dreli-bezudarnye', 'dreli-miksery'] }],
  ['перфаратар', { sections: ['perforatory-sds-plus', 'perforatory-sds-max'] }],
  ['перфаратар bosch', { sections: ['perforatory-sds-plus', 'perforatory-sds-max'], brands: ['bosch'] }],
  ['бензапіла', { sections: ['benzopily'] }],
  ['бензапіла штыль', { sections: ['benzopily'], brands: ['stihl'] }],
  ['электрапіла', { sections: ['elektropily'] }],
  ['малаток', { sections: ['molotki-slesarnye'] }],
  ['адвёртка', { sections: ['otvertki-shlicevye', 'nabory-otvertok'] }],
  ['акумулятар 18в', { sections: ['akkumulyatory'], props: { voltage: [18] } }],
  ['зарадная прылада', { sections: ['zaryadnye-ustroystva'] }],
  ['кампрэсар', { sections: ['kompressory-porshnevye', 'kompressory-bezmaslyanye'] }],
  ['генератар', { sections: ['generatory-benzinovye', 'generatory-invertornye'] }],
  ['газонакасілка', { sections: ['gazonokosilki-elektricheskie', 'gazonokosilki-benzinovye'] }],
  ['трымер', { sections: ['trimmery-elektricheskie', 'trimmery-benzinovye'] }],
  ['лобзік', { sections: ['lobziki'] }],
  ['рубанак', { sections: ['rubanki'] }],
  ['фрэзер', { sections: ['frezery'] }],
  ['бетонамяшалка', { sections: ['betonomeshalki-elektricheskie'] }],
  ['пальчаткі', { sections: ['perchatki-rabochie', 'kragi'] }],
  ['ахоўныя акуляры', { sections: ['ochki-zashchitnye'] }],
  ['дыск алмазны', { sections: ['almaznye-diski'] }],
  ['свердзел па метале', { sections: ['sverla-po-metallu'] }],
  ['узровень', { sections: ['urovni', 'lazernye-niveliry'] }],
  ['гайкавёрт', { sections: ['gaykoverty', 'pnevmogaykoverty'] }],
  ['пiла цыркулярная', { sections: ['pily-cirkulyarnye'] }],
  ['маска зваршчыка', { sections: ['maski-svarshchika'] }],
];
for (const [q, r] of BY_QUERIES) add('belarusian', q, r);
// Typed with the Belarusian layout switched on, but meaning Latin (brands), and Belarusian words typed on Latin keys.
for (const code of ['bosch', 'stihl', 'makita', 'hikoki', 'worx']) add('belarusian', typeLatinIn(BY_FROM_LATIN, code), { brands: [code] });
for (const [word, leaves] of [['шрубавёрт', ['shurupoverty-akkumulyatornye', 'shurupoverty-setevye']], ['піла', ['pily-cirkulyarnye', 'pily-torcovochnye', 'pily-sabelnye', 'elektropily', 'benzopily', 'lobziki']], ['ўзровень', ['urovni', 'lazernye-niveliry']], ['біта', ['bity', 'nabory-bit']]] as const)
  add('belarusian', typeIn(BY_KEYS, word), { sections: [...leaves] });

// ── 5. typos, counted on the typed word ──
const TYPO_WORDS = [...TYPES.map((t) => t.word.replace(/ё/g, 'е')), 'пила', 'диск', 'круг', 'ключ', 'очки', 'бур', 'макита', 'makita', 'bosch', 'metabo', 'dewalt', 'stihl', 'husqvarna', 'штиль', 'хускварна', 'метабо'];
const catalogueWords = new Set(products.flatMap((p) => p.name.toLowerCase().replace(/ё/g, 'е').split(/[^a-zа-я]+/)));
const TYPO_REL: Record<string, Judgement['relevant']> = {
  пила: { sections: ['pily-cirkulyarnye', 'pily-torcovochnye', 'pily-sabelnye', 'elektropily', 'benzopily', 'lobziki', 'diski-pilnye'] },
  диск: { sections: ['almaznye-diski', 'diski-pilnye', 'krugi-otreznye'] },
  круг: { sections: ['krugi-otreznye', 'krugi-zachistnye'] },
  ключ: { sections: ['klyuchi-rozhkovye', 'klyuchi-kombinirovannye'] },
  очки: { sections: ['ochki-zashchitnye'] },
  бур: { sections: ['sverla-po-betonu'] },
};
for (const b of ['makita', 'bosch', 'metabo', 'dewalt', 'stihl', 'husqvarna']) TYPO_REL[b] = { brands: [b] };
Object.assign(TYPO_REL, { макита: { brands: ['makita'] }, штиль: { brands: ['stihl'] }, хускварна: { brands: ['husqvarna'] }, метабо: { brands: ['metabo'] } });
for (const t of TYPES) TYPO_REL[t.word.replace(/ё/g, 'е')] = { sections: t.leaves };
for (const word of TYPO_WORDS) {
  const edits = word.length >= 6 ? 2 : 1;
  for (let k = 0; k < 6; k++) {
    const wrong = typo(word, word.length >= 6 && k % 2 ? 1 : edits);
    if (wrong === word || catalogueWords.has(wrong)) continue;
    add('typo', wrong, TYPO_REL[word]!);
    break;
  }
}
// A typo in one word of two.
for (const [type, brand] of [['шуруповерт', 'makita'], ['перфоратор', 'bosch'], ['бензопила', 'stihl'], ['болгарка', 'metabo'], ['дрель', 'dewalt']] as const) {
  const t = typeOf(TYPES.find((x) => x.word.replace(/ё/g, 'е') === type)!.word);
  add('typo', `${typo(type, 2)} ${brand}`, { sections: t.leaves, brands: [brand] });
}

// ── 6. articles ──
const CYR_LOOK: Record<string, string> = { A: 'А', B: 'В', E: 'Е', K: 'К', M: 'М', H: 'Н', O: 'О', P: 'Р', C: 'С', T: 'Т', X: 'Х', Y: 'У' };
const withLookalikes = (a: string) => a.replace(/[ABEKMHOPCTXY]/g, (c) => (rand() < 0.7 ? CYR_LOOK[c]! : c));
const latinArticles = products.filter((p) => /^[A-Z]{2,}\d/.test(p.article) && /[ABEKMHOPCTXY]/.test(p.article.slice(0, 2)));
for (let k = 0; k < 8; k++) {
  const p = pick(latinArticles);
  const q = withLookalikes(p.article);
  if (q !== p.article) add('article', q, { articles: [p.article] });
}
const cyrArticles = products.filter((p) => /^[А-Я]{2,}\d/.test(p.article));
for (let k = 0; k < 5; k++) {
  const p = pick(cyrArticles);
  const head = p.article.match(/^[А-Я]+/)![0];
  add('article', toLatin(head).toUpperCase() + p.article.slice(head.length), { articles: [p.article] });
  add('article', typeIn(RU_KEYS, head).toUpperCase() + p.article.slice(head.length).toLowerCase(), { articles: [p.article] });
}
// A type word and a part of the article, as read off a worn box.
for (let k = 0; k < 10; k++) {
  const p = pick(products);
  const t = leafType(p.section);
  const digits = p.article.match(/\d{4,}/)?.[0];
  if (!t || !digits) continue;
  add('article', `${pick([t.word.replace(/ё/g, 'е'), forms(t.word, t.gender).nom])} ${digits}`, { articles: [p.article] });
}
// Separators and case.
for (let k = 0; k < 4; k++) {
  const p = pick(products.filter((x) => /\d{4}/.test(x.article)));
  add('article', p.article.toLowerCase().replace(/(\d{2})(\d{2})/, '$1-$2 '), { articles: [p.article] });
}

// ── 7. vocabulary: compounds, slang, accessory phrases ──
const VOCAB: [string, Judgement['relevant']][] = [
  ['углошлифовальная машина', { sections: ['ushm-bolgarki'] }],
  ['углошлифовальная makita', { sections: ['ushm-bolgarki'], brands: ['makita'] }],
  ['электрорубанок', { sections: ['rubanki'] }],
  ['электрорубанок интерскол', { sections: ['rubanki'], brands: ['interskol'] }],
  ['бензокоса', { sections: ['trimmery-benzinovye'] }],
  ['бензокоса хускварна', { sections: ['trimmery-benzinovye'], brands: ['husqvarna'] }],
  ['бензогенератор', { sections: ['generatory-benzinovye'] }],
  ['бензогенератор 5 квт', { sections: ['generatory-benzinovye'], props: { kw: [5] } }],
  ['шурик', { sections: ['shurupoverty-akkumulyatornye', 'shurupoverty-setevye'] }],
  ['шурик макита', { sections: ['shurupoverty-akkumulyatornye', 'shurupoverty-setevye'], brands: ['makita'] }],
  ['перфик', { sections: ['perforatory-sds-plus', 'perforatory-sds-max'] }],
  ['мотопила', { sections: ['benzopily'] }],
  ['электрокоса', { sections: ['trimmery-elektricheskie'] }],
  ['бензотриммер', { sections: ['trimmery-benzinovye'] }],
  ['сварочник', { sections: ['invertory-mma'] }],
  ['зарядник', { sections: ['zaryadnye-ustroystva'] }],
  ['аккум 18в', { sections: ['akkumulyatory'], props: { voltage: [18] } }],
  ['теплопушка дизельная', { sections: ['teplovye-pushki-dizelnye'] }],
  ['бетоносмеситель', { sections: ['betonomeshalki-elektricheskie'] }],
  ['электролобзик bosch', { sections: ['lobziki'], brands: ['bosch'] }],
  ['батарея для шуруповерта', { sections: ['akkumulyatory'] }],
  ['аккумулятор для шуруповерта makita', { sections: ['akkumulyatory'], brands: ['makita'] }],
  ['аккумулятор для шуруповёрта 18в', { sections: ['akkumulyatory'], props: { voltage: [18] } }],
  ['диск для болгарки', { sections: ['krugi-otreznye', 'krugi-zachistnye', 'almaznye-diski'] }],
  ['круг к болгарке 125', { sections: ['krugi-otreznye', 'krugi-zachistnye'], props: { diameter: [125] } }],
  ['биты для шуруповерта', { sections: ['bity', 'nabory-bit'] }],
  ['зарядка для шуруповерта', { sections: ['zaryadnye-ustroystva'] }],
  ['сверло для перфоратора', { sections: ['sverla-po-betonu'] }],
  ['диск для циркулярки', { sections: ['diski-pilnye'] }],
  ['маска для сварки', { sections: ['maski-svarshchika'] }],
  ['перчатки для сварки', { sections: ['kragi'] }],
  ['зарядное для аккумулятора 18в', { sections: ['zaryadnye-ustroystva'], props: { voltage: [18] } }],
  ['бур по бетону 10', { sections: ['sverla-po-betonu'], props: { diameter: [10] } }],
  ['пушка тепловая электрическая', { sections: ['teplovye-pushki-elektricheskie'] }],
  ['садовая техника', { sections: ['sadovaya-tekhnika'] }],
  ['пилы цепные', { sections: ['cepnye-pily'] }],
  ['ручной инструмент stanley', { sections: ['ruchnoy-instrument'], brands: ['stanley'] }],
  ['сварочное оборудование', { sections: ['svarochnoe-oborudovanie'] }],
];
for (const [q, r] of VOCAB) add('vocabulary', q, r);

/** Nothing in a tools shop answers these: the honest answer is «ничего не найдено». */
const NONSENSE = ['диван кожаный', 'телефон samsung', 'айфон 15 про', 'холодильник', 'платье красное', 'кроссовки nike', 'чехол для телефона', 'пицца с доставкой'];

fs.writeFileSync(process.env.JUDGED_OUT ?? 'tests/search/judged-v2.json', `${JSON.stringify(out, null, 1)}\n`);
fs.writeFileSync('tests/search/nonsense.json', `${JSON.stringify(NONSENSE, null, 1)}\n`);
const kinds = new Map<string, number>();
for (const j of out) kinds.set(j.kind, (kinds.get(j.kind) ?? 0) + 1);
console.log(`${out.length} judged queries: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
