/**
 * Builds tests/search/judged-intent.json: queries that say what a shopper wants (issue 27) — price
 * limits and ranges, property comparatives and ranges, superlatives, negation, «или», English names,
 * filler words — judged by rule against the deterministic demo catalogue (2,000 products): a product is
 * relevant when its section, brand, price (the guest's price) and property numbers satisfy the
 * query's conditions, and for a superlative when its value is the extreme one of its type. Nothing here
 * asks the search what it returns.
 *
 *   npx tsx tests/search/build-judged-intent.ts   (JUDGED_SEED / JUDGED_OUT for another draw)
 */
import fs from 'node:fs';
import seedrandom from 'seedrandom';
import { generateCatalog } from '../../src/server/seed/generate';
import { BRANDS } from '../../src/server/seed/catalog-data';
import type { Judgement } from '../../src/server/search/evaluate';

const cat = generateCatalog({ products: 2000 });
const sectionCode = new Map(cat.sections.map((s) => [s.id, s.code]));
const brandCode = new Map(cat.brands.map((b) => [b.id, b.code]));
const products = cat.products.map((p) => ({ ...p, price: Number(p.price), section: sectionCode.get(p.sectionId)!, brand: brandCode.get(p.brandId)! }));
const rand = seedrandom(process.env.JUDGED_SEED ?? 'issue-27-intent');
const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
const out: Judgement[] = [];
const seen = new Set<string>();
const num = (v: unknown) => (typeof v === 'number' ? v : null);

function hits(r: Judgement['relevant']) {
  return products.filter(
    (p) =>
      (!r.sections || r.sections.includes(p.section)) &&
      (!r.brands || r.brands.includes(p.brand)) &&
      (!r.price || ((r.price.min == null || p.price >= r.price.min) && (r.price.max == null || p.price <= r.price.max))) &&
      (r.ranges ?? []).every((x) => {
        const v = num(p.properties[x.prop]);
        return v !== null && (x.min == null || v >= x.min) && (x.max == null || v <= x.max);
      }),
  );
}
const add = (kind: string, q: string, relevant: Judgement['relevant']) => {
  const key = q.toLowerCase();
  if (seen.has(key) || !hits(relevant).length) return;
  seen.add(key);
  out.push({ q, kind, relevant });
};

/** Types as shoppers name them, with their leaves (the same words as build-judged.ts). */
const TYPES: { word: string; fem?: boolean; leaves: string[] }[] = [
  { word: 'дрель', fem: true, leaves: ['dreli-udarnye', 'dreli-bezudarnye', 'dreli-miksery'] },
  { word: 'шуруповёрт', leaves: ['shurupoverty-akkumulyatornye', 'shurupoverty-setevye'] },
  { word: 'гайковёрт', leaves: ['gaykoverty'] },
  { word: 'перфоратор', leaves: ['perforatory-sds-plus', 'perforatory-sds-max'] },
  { word: 'болгарка', fem: true, leaves: ['ushm-bolgarki'] },
  { word: 'лобзик', leaves: ['lobziki'] },
  { word: 'рубанок', leaves: ['rubanki'] },
  { word: 'циркулярная пила', fem: true, leaves: ['pily-cirkulyarnye'] },
  { word: 'газонокосилка', fem: true, leaves: ['gazonokosilki-elektricheskie', 'gazonokosilki-benzinovye'] },
  { word: 'триммер', leaves: ['trimmery-elektricheskie', 'trimmery-benzinovye'] },
  { word: 'бензопила', fem: true, leaves: ['benzopily'] },
  { word: 'компрессор', leaves: ['kompressory-porshnevye', 'kompressory-bezmaslyanye'] },
  { word: 'бетономешалка', fem: true, leaves: ['betonomeshalki-elektricheskie'] },
  { word: 'краскопульт', leaves: ['kraskopulty'] },
  { word: 'рулетка', fem: true, leaves: ['ruletki'] },
  { word: 'генератор', leaves: ['generatory-benzinovye', 'generatory-invertornye'] },
  { word: 'аккумулятор', leaves: ['akkumulyatory'] },
  { word: 'фрезер', leaves: ['frezery'] },
  { word: 'сварочный аппарат', leaves: ['svarochnye-invertory'] },
];
const known = new Set(products.map((p) => p.section));
const types = TYPES.map((t) => ({ ...t, leaves: t.leaves.filter((l) => known.has(l)) })).filter((t) => t.leaves.length);
const inType = (t: (typeof types)[number]) => products.filter((p) => t.leaves.includes(p.section));
const round = (n: number, step: number) => Math.max(step, Math.round(n / step) * step);
const quantile = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.floor(q * (list.length - 1))]!;

// ── price limits and ranges (the guest's price, BYN) ──
for (const t of types) {
  const prices = inType(t).map((p) => p.price);
  const step = quantile(prices, 0.5) > 300 ? 50 : 10;
  for (let k = 0; k < 4; k++) {
    const lo = round(quantile(prices, 0.1 + rand() * 0.3), step);
    const hi = round(quantile(prices, 0.5 + rand() * 0.4), step);
    const [q, rel] = pick<[string, Judgement['relevant']['price']]>([
      [`${t.word} до ${hi} рублей`, { max: hi }],
      [`${t.word} дешевле ${hi}`, { max: hi }],
      [`${t.word} не дороже ${hi} руб`, { max: hi }],
      [`${t.word} от ${lo} до ${hi} р`, { min: lo, max: hi }],
      [`${t.word} в пределах ${lo}-${hi} бел руб`, { min: lo, max: hi }],
      [`${t.word} дороже ${lo}`, { min: lo }],
      [`${t.word} от ${lo} руб`, { min: lo }],
      [`до ${hi} р ${t.word}`, { max: hi }],
    ]);
    add('price', q, { sections: t.leaves, price: rel });
  }
}

// ── property comparatives and ranges ──
type PropCase = { code: string; unit: (v: number) => string; more: string[]; less: string[] };
const PROPS: PropCase[] = [
  { code: 'power', unit: (v) => pick([`${v} вт`, `${v}вт`, `${v} w`]), more: ['больше', 'мощнее', 'от', 'не менее', 'более'], less: ['меньше', 'до', 'не более'] },
  { code: 'weight', unit: (v) => `${String(v).replace('.', ',')} кг`, more: ['тяжелее', 'от', 'больше'], less: ['легче', 'до', 'не тяжелее', 'меньше'] },
  { code: 'voltage', unit: (v) => pick([`${v} в`, `${v}v`, `${v} вольт`]), more: ['не менее', 'от', 'больше'], less: ['до', 'не более'] },
  { code: 'diameter', unit: (v) => `${v} мм`, more: ['от', 'больше', 'не менее'], less: ['до', 'меньше', 'не более'] },
];
for (const t of types)
  for (const c of PROPS) {
    const vals = [...new Set(inType(t).map((p) => num(p.properties[c.code])).filter((v): v is number => v !== null))].sort((a, b) => a - b);
    // Length-like ranges read the product's largest size: only where the diameter is it.
    if (vals.length < 3 || (c.code === 'diameter' && !['ushm-bolgarki', 'pily-cirkulyarnye'].some((l) => t.leaves.includes(l)))) continue;
    // Limits between two values the catalogue has (a shopper's round number, not a product's own value):
    // «equal or nearest» cannot pass by luck.
    const nice = (n: number) => (n >= 100 ? Math.round(n / 50) * 50 : n >= 10 ? Math.round(n) : Math.round(n * 10) / 10);
    for (let k = 0; k < 3; k++) {
      const i = Math.floor(rand() * (vals.length - 1));
      const v = nice((vals[i]! + vals[i + 1]!) / 2);
      const form = Math.floor(rand() * 3);
      if (form === 0) add('range', `${t.word} ${pick(c.more)} ${c.unit(v)}`, { sections: t.leaves, ranges: [{ prop: c.code, min: v }] });
      else if (form === 1) add('range', `${t.word} ${pick(c.less)} ${c.unit(v)}`, { sections: t.leaves, ranges: [{ prop: c.code, max: v }] });
      else {
        const hi = nice((vals[Math.min(vals.length - 1, i + 2)]! + vals[Math.min(vals.length - 1, i + 1)]!) / 2 + (i + 2 >= vals.length ? vals[vals.length - 1]! : 0));
        add('range', `${t.word} от ${String(v).replace('.', ',')} до ${c.unit(hi)}`, { sections: t.leaves, ranges: [{ prop: c.code, min: v, max: hi }] });
      }
    }
  }

// ── superlatives → sort ──
for (const t of types) {
  const has = (code: string) => inType(t).some((p) => num(p.properties[code]) !== null);
  const adj = (m: string, f: string) => (t.fem ? f : m);
  add('superlative', `${adj('самый', 'самая')} ${adj('дешёвый', 'дешёвая')} ${t.word}`, { sections: t.leaves, best: { by: 'price', dir: 'asc' } });
  add('superlative', `${adj('самый', 'самая')} ${adj('дорогой', 'дорогая')} ${t.word}`, { sections: t.leaves, best: { by: 'price', dir: 'desc' } });
  if (has('power')) add('superlative', `${adj('самый', 'самая')} ${adj('мощный', 'мощная')} ${t.word}`, { sections: t.leaves, best: { by: 'power', dir: 'desc' } });
  if (has('weight')) add('superlative', `${adj('самый', 'самая')} ${adj('лёгкий', 'лёгкая')} ${t.word}`, { sections: t.leaves, best: { by: 'weight', dir: 'asc' } });
  if (has('weight')) add('superlative', `${t.word} ${adj('самый', 'самая')} ${adj('легкий', 'легкая')}`, { sections: t.leaves, best: { by: 'weight', dir: 'asc' } });
}

// ── negation and «или» of brands ──
const brandOf = (code: string) => BRANDS.find((b) => b.code === code)!;
const spell = (code: string) => pick([brandOf(code).name.toLowerCase(), brandOf(code).name]);
for (const t of types) {
  const bs = [...new Set(inType(t).map((p) => p.brand))];
  if (bs.length < 3) continue;
  for (let k = 0; k < 3; k++) {
    const b = pick(bs);
    add('negation', `${t.word} ${pick(['кроме', 'не', 'но не'])} ${spell(b)}`, { sections: t.leaves, brands: bs.filter((x) => x !== b) });
    const [x, y] = [pick(bs), pick(bs)];
    if (x === y) continue;
    const q = pick([`${spell(x)} или ${spell(y)} ${t.word}`, `${t.word} ${spell(x)}/${spell(y)}`, `${t.word} ${spell(x)} либо ${spell(y)}`]);
    add('or', q, { sections: t.leaves, brands: [x, y] });
  }
}
add('negation', 'шуруповёрт не аккумуляторный', { sections: ['shurupoverty-setevye'] });
add('negation', 'шуруповерт не сетевой', { sections: ['shurupoverty-akkumulyatornye'] });
add('negation', 'газонокосилка не бензиновая', { sections: ['gazonokosilki-elektricheskie'] });
add('negation', 'триммер без бензина', { sections: ['trimmery-elektricheskie'] });

// ── English names ──
const EN: [string, string[]][] = [
  ['jigsaw', ['lobziki']], ['cordless drill', ['shurupoverty-akkumulyatornye']], ['cordless drill 18v', ['shurupoverty-akkumulyatornye']], ['angle grinder', ['ushm-bolgarki']],
  ['grinder 125', ['ushm-bolgarki']], ['circular saw', ['pily-cirkulyarnye']], ['circular saw 190', ['pily-cirkulyarnye']], ['rotary hammer', ['perforatory-sds-plus', 'perforatory-sds-max']],
  ['impact wrench', ['gaykoverty']], ['planer', ['rubanki']], ['router', ['frezery']], ['lawn mower', ['gazonokosilki-elektricheskie', 'gazonokosilki-benzinovye']],
  ['chainsaw', ['benzopily', 'elektropily']], ['compressor', ['kompressory-porshnevye', 'kompressory-bezmaslyanye']], ['trimmer', ['trimmery-elektricheskie', 'trimmery-benzinovye']],
  ['hammer drill', ['dreli-udarnye']], ['makita jigsaw', ['lobziki']], ['bosch angle grinder', ['ushm-bolgarki']], ['dewalt cordless drill', ['shurupoverty-akkumulyatornye']],
  ['tape measure', ['ruletki']], ['generator', ['generatory-benzinovye', 'generatory-invertornye']], ['battery 18v', ['akkumulyatory']], ['jigsaws', ['lobziki']], ['angle grinders', ['ushm-bolgarki']],
];
for (const [q, leaves] of EN) {
  // A brand named first («makita jigsaw»), not a tool word that is also a brand («hammer drill»).
  const brand = q.includes(' ') && !q.startsWith('hammer ') ? BRANDS.find((b) => q.startsWith(`${b.name.toLowerCase()} `)) : undefined;
  add('english', q, { sections: leaves.filter((l) => known.has(l)), ...(brand ? { brands: [brand.code] } : {}) });
}

// ── filler words ──
const FILL = ['нужен', 'хочу купить', 'куплю', 'подскажите', 'ищу'];
for (const t of types) {
  add('filler', `${pick(FILL)} ${t.word}`, { sections: t.leaves });
  add('filler', `${t.word} ${pick(['для дома', 'недорого', 'для дачи', 'цена'])}`, { sections: t.leaves });
}

const file = process.env.JUDGED_OUT ?? 'tests/search/judged-intent.json';
fs.writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
const kinds = Object.entries(out.reduce<Record<string, number>>((a, j) => ((a[j.kind] = (a[j.kind] ?? 0) + 1), a), {}));
console.log(`${out.length} judgements → ${file}: ${kinds.map(([k, n]) => `${k} ${n}`).join(', ')}`);
