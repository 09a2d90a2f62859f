/**
 * The in-process inverted index of the memory engine: postings per lexeme (from `search_documents`),
 * articles, and the numbers of every product's properties in base units (units.ts), so that «18в»
 * finds voltage 18 and «2 м» a length of 2000 mm.
 */
import type { Term } from './understand';
import { closeness, DIAMETER_CODES, propertyNumbers, rawKey, type Dim, type Quantity } from './units';
import type { SectionUnits } from './section-units';

/** Weight of a word by where it stands: name and brand (A), the leaf section's name (B), properties (C). */
const WEIGHT: Record<string, number> = { A: 1, B: 0.6, C: 0.3, D: 0.1 };

/** `key`: a hash of what the postings and numbers were built from (Row.key), so a change of price or popularity alone is applied in place. */
export type Slot = { id: number; brandId: number; sectionId: number; price: number; popularity: number; created: number; article: string; live: boolean; key: string };
/**
 * A lexeme's postings, one small integer each: the slot times 32 plus the weight in tenths (1–20: a sum of distinct
 * WEIGHT letters). One array of small integers per lexeme instead of an array of slots beside an array of doubles:
 * at 100,000 products the postings took 67 bytes an entry, now about a third of it (decision 0200, «an eighth session»).
 */
type Posting = number[];
const WEIGHT_BITS = 32;
const pack = (slot: number, weight: number) => slot * WEIGHT_BITS + Math.round(weight * 10);
const slotOf = (entry: number) => Math.floor(entry / WEIGHT_BITS);
const weightOfEntry = (entry: number) => (entry % WEIGHT_BITS) / 10;
/**
 * A clause's match on one product, as one number (no object per product per search: fewer pauses for the
 * garbage collector at 100,000 products): the weight of where it matched, +16 when it matched exactly.
 */
export type Match = number;
const EXACT = 16;
export const match = (w: number, exact: boolean): Match => (exact ? w + EXACT : w);
export const weightOf = (m: Match) => (m >= EXACT ? m - EXACT : m);
export const isExact = (m: Match) => m >= EXACT;
/** Two matches of one clause: the better weight, exact if either was. */
export const combine = (a: Match | undefined, b: Match): Match => (a === undefined ? b : match(Math.max(weightOf(a), weightOf(b)), isExact(a) || isExact(b)));

/** What a product is in the index without its words: enough to update it in place (`MemoryIndex.touch`). */
export type LiteRow = {
  id: number;
  /**
   * A hash, computed by the database (memory-engine.ts KEY_SQL), of what the slot's postings, article and numbers
   * come from: the document, the properties, brand, section and article. A 1C «offers» package changes the price
   * and stock of every product and none of this: those rows update the slot in place, and their documents are
   * never sent to the node.
   */
  key: string;
  price: number;
  popularity: number;
  created: number;
  active: boolean;
};

export type Row = LiteRow & {
  doc: string;
  brand_id: number;
  section_id: number;
  article_norm: string;
  properties: Record<string, unknown> | string | null;
};



/**
 * Article numbers in names become lexemes too ("gsb1234k", "060111662"): a short number such as "12" while
 * typing "болгарка 12…" would expand to thousands of them. Articles have their own path (exact, prefix, part),
 * so completions of 1–3 characters skip them.
 */
const ARTICLE_LIKE = /^(?=.*\d)(?:.*\p{L}.*|\d{6,})$/u;

const TSV = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

function parseDoc(doc: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of doc.matchAll(TSV)) {
    const lex = m[1]!.replace(/''/g, "'");
    // A word both in the name and in the section's name ("Аккумулятор …" in «Аккумуляторы») outweighs a word
    // only in the name ("… (1 АКБ + ЗУ)" of a screwdriver kit): each place counts once.
    const letters = new Set((m[2] ?? 'D').split(',').map((pos) => pos.replace(/[0-9]/g, '') || 'D'));
    let w = 0;
    for (const l of letters) w += WEIGHT[l] ?? WEIGHT.D!;
    out.set(lex, w);
  }
  return out;
}

/** Numbers of one dimension, sorted by value for range lookups (rebuilt lazily after changes). */
type NumberList = { values: number[]; slots: number[]; codes: string[]; sorted: boolean };

export class MemoryIndex {
  slots: Slot[] = [];
  bySlotId = new Map<number, number>();
  postings = new Map<string, Posting>();
  byArticle = new Map<string, number[]>();
  numbers = new Map<Dim, NumberList>();
  /** Bare numbers as written (any unit): «болгарка 125». */
  byRaw = new Map<string, number[]>();
  /** Slots of each leaf section, for queries naming a section above the leaves. */
  bySection = new Map<number, number[]>();
  private rawSets = new Map<string, Set<number>>();
  units: SectionUnits = new Map();
  private sortedLexemes: string[] | null = null;
  private articleText: { text: string; starts: number[] } | null = null;

  /** Slots left behind by changed or removed products (their postings still point at them). */
  dead = 0;

  /** More dead slots than live ones (and enough to matter): time to build the index afresh. */
  wasteful(): boolean {
    return this.dead > 10_000 && this.dead > this.slots.length - this.dead;
  }

  /** Updates a product in place when what its postings come from is unchanged (same key); false when it needs its full row. */
  touch(r: LiteRow): boolean {
    const old = this.bySlotId.get(r.id);
    if (old === undefined || !r.active) return false;
    const o = this.slots[old]!;
    if (o.key !== r.key) return false;
    o.price = Number(r.price);
    o.popularity = r.popularity;
    o.created = Number(r.created);
    return true;
  }

  add(r: Row): void {
    if (this.touch(r)) return;
    const old = this.bySlotId.get(r.id);
    if (old !== undefined) {
      const o = this.slots[old]!;
      o.live = false;
      this.dead++;
    }
    if (!r.active) {
      this.bySlotId.delete(r.id);
      return;
    }
    const slot = this.slots.length;
    this.articleText = null;
    this.partCache.clear();
    this.slots.push({ id: r.id, brandId: r.brand_id, sectionId: r.section_id, price: Number(r.price), popularity: r.popularity, created: Number(r.created), article: r.article_norm, live: true, key: r.key });
    this.bySlotId.set(r.id, slot);
    for (const [lex, w] of parseDoc(r.doc)) {
      const p = this.postings.get(lex);
      // A new array holds exactly its first entry; `push` onto an empty one reserves room for 17.
      if (p) p.push(pack(slot, w));
      else {
        this.postings.set(lex, [pack(slot, w)]);
        this.sortedLexemes = null;
      }
    }
    const list = this.byArticle.get(r.article_norm);
    if (list) list.push(slot);
    else this.byArticle.set(r.article_norm, [slot]);
    const inSection = this.bySection.get(r.section_id) ?? [];
    inSection.push(slot);
    this.bySection.set(r.section_id, inSection);
    this.addNumbers(slot, r);
  }

  private dimCache = new Map<Dim, Map<number, number>>();

  /** Each slot's largest number of a dimension (a disc's diameter, not its bore): what a range or a sort by it reads. */
  dimValues(dim: Dim): Map<number, number> {
    let m = this.dimCache.get(dim);
    if (m) return m;
    m = new Map();
    const list = this.numbers.get(dim);
    if (list)
      for (let i = 0; i < list.values.length; i++) {
        const old = m.get(list.slots[i]!);
        if (old === undefined || list.values[i]! > old) m.set(list.slots[i]!, list.values[i]!);
      }
    this.dimCache.set(dim, m);
    return m;
  }

  private addNumbers(slot: number, r: Row): void {
    this.dimCache.clear();
    const props = typeof r.properties === 'string' ? (JSON.parse(r.properties) as Record<string, unknown>) : (r.properties ?? {});
    const units = this.units.get(r.section_id);
    const seenRaw = new Set<string>();
    for (const [code, value] of Object.entries(props))
      for (const n of propertyNumbers(code, value, units?.get(code) ?? null)) {
        const key = rawKey(n.raw);
        if (!seenRaw.has(key)) {
          seenRaw.add(key);
          const raw = this.byRaw.get(key) ?? [];
          raw.push(slot);
          this.byRaw.set(key, raw);
          this.rawSets.delete(key);
        }
        if (!n.dim) continue;
        let list = this.numbers.get(n.dim);
        if (!list) this.numbers.set(n.dim, (list = { values: [], slots: [], codes: [], sorted: true }));
        list.values.push(n.value);
        list.slots.push(slot);
        list.codes.push(code);
        list.sorted = false;
      }
  }

  private sortedNumbers(dim: Dim): NumberList | null {
    const list = this.numbers.get(dim);
    if (!list || list.sorted) return list ?? null;
    const order = list.values.map((_, i) => i).sort((a, b) => list.values[a]! - list.values[b]!);
    const sorted: NumberList = { values: order.map((i) => list.values[i]!), slots: order.map((i) => list.slots[i]!), codes: order.map((i) => list.codes[i]!), sorted: true };
    this.numbers.set(dim, sorted);
    return sorted;
  }

  /** Roughly how many products carry a quantity. */
  quantityCost(q: Quantity): number {
    if (q.dim === null) return this.byRaw.get(rawKey(q.raw))?.length ?? 0;
    const list = this.numbers.get(q.dim);
    if (!list) return 0;
    if (!list.sorted) return list.values.length;
    return lowerBound(list.values, q.value * 1.04) - lowerBound(list.values, q.value * 0.96);
  }

  /** How many postings a term reads (prefixes: all completions), to evaluate the cheapest clause first. */
  termCost(t: Term): number {
    if (!t.prefix) return this.postings.get(t.lex)?.length ?? 0;
    let n = 0;
    for (const lex of this.withPrefix(t.lex)) n += this.postings.get(lex)?.length ?? 0;
    return n;
  }

  /** Live slots carrying the quantity: the same value weighs as much as a word in the name, a near one less. */
  quantity(q: Quantity, only?: Map<number, unknown> | null): Map<number, Match> {
    const out = new Map<number, Match>();
    const put = (s: number, m: Match) => {
      if (!this.slots[s]!.live || (only && !only.has(s))) return;
      out.set(s, combine(out.get(s), m));
    };
    if (q.dim === null) {
      const key = rawKey(q.raw);
      const list = this.byRaw.get(key) ?? [];
      // «3» is on tens of thousands of products: look the few candidates up instead of walking them all.
      if (only && only.size < list.length) {
        let set = this.rawSets.get(key);
        if (!set) this.rawSets.set(key, (set = new Set(list)));
        for (const s of only.keys()) if (set.has(s)) put(s, match(0.8, true));
      } else for (const s of list) put(s, match(0.8, true));
      return out;
    }
    const list = this.sortedNumbers(q.dim);
    if (!list) return out;
    const lo = q.value * 0.96;
    let i = lowerBound(list.values, lo);
    for (; i < list.values.length && list.values[i]! <= q.value * 1.04; i++) {
      if (q.hint === 'diameter' && !DIAMETER_CODES.has(list.codes[i]!)) continue;
      const c = closeness(q.value, list.values[i]!);
      if (c === 2) put(list.slots[i]!, match(1, true));
      else if (c === 1) put(list.slots[i]!, match(0.7, false));
    }
    return out;
  }

  /**
   * Slots whose article contains `part`: one native indexOf pass over all articles joined by a
   * separator (a few ms at 100,000) instead of 100,000 includes() calls.
   */
  articlesContaining(part: string): number[] {
    const known = this.partCache.get(part);
    if (known && this.articleText) return known;
    const found = this.scanArticles(part);
    if (this.partCache.size > 2000) this.partCache.clear();
    this.partCache.set(part, found);
    return found;
  }

  private partCache = new Map<string, number[]>();

  private scanArticles(part: string): number[] {
    if (!this.articleText) {
      this.partCache.clear();
      const starts: number[] = [];
      let text = '';
      for (const slot of this.slots) {
        starts.push(text.length);
        text += `${slot.article}\n`;
      }
      this.articleText = { text, starts };
    }
    const { text, starts } = this.articleText;
    const out: number[] = [];
    for (let at = text.indexOf(part); at >= 0 && out.length < 5000; at = text.indexOf(part, at + 1)) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      if (this.slots[lo]!.live && out[out.length - 1] !== lo) out.push(lo);
    }
    return out;
  }

  remove(id: number): void {
    const old = this.bySlotId.get(id);
    if (old !== undefined) {
      this.slots[old]!.live = false;
      this.dead++;
    }
    this.partCache.clear();
    this.bySlotId.delete(id);
  }

  /** Lexemes starting with `prefix`, from a lazily rebuilt sorted list. */
  withPrefix(prefix: string): string[] {
    if (!this.sortedLexemes) this.prefixCache.clear();
    const known = this.prefixCache.get(prefix);
    if (known && this.sortedLexemes) return known;
    const found = this.scanPrefix(prefix);
    if (this.prefixCache.size > 5000) this.prefixCache.clear();
    this.prefixCache.set(prefix, found);
    return found;
  }

  private prefixCache = new Map<string, string[]>();

  private scanPrefix(prefix: string): string[] {
    this.sortedLexemes ??= [...this.postings.keys()].sort();
    const list = this.sortedLexemes;
    const out: string[] = [];
    const skipArticles = prefix.length <= 3;
    for (let i = lowerBound(list, prefix); i < list.length && list[i]!.startsWith(prefix); i++) if (!skipArticles || list[i] === prefix || !ARTICLE_LIKE.test(list[i]!)) out.push(list[i]!);
    return out;
  }

  /** Live slots having the term, with its weight (a prefix takes the best of its completions). */
  term(t: Term, only?: Map<number, unknown> | null): Map<number, Match> {
    return this.termInto(t, only ?? null, new Map());
  }

  /** The same, merged into `out` (a clause's several spellings without a map per spelling). */
  termInto(t: Term, only: Map<number, unknown> | null, out: Map<number, Match>): Map<number, Match> {
    const lexemes = t.prefix ? this.withPrefix(t.lex) : [t.lex];
    for (const lex of lexemes) {
      const p = this.postings.get(lex);
      if (!p) continue;
      const exact = lex === t.lex;
      for (const entry of p) {
        const s = slotOf(entry);
        if (only && !only.has(s)) continue;
        if (!this.slots[s]!.live) continue;
        out.set(s, combine(out.get(s), match(weightOfEntry(entry), exact)));
      }
    }
    return out;
  }

}

function lowerBound<T>(list: T[], value: T): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
