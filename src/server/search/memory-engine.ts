/**
 * The default engine: an in-process inverted index over `search_documents` (the database stays the
 * single source of truth: its triggers compute the stemmed documents), kept fresh on every app node by
 * the `search_changes` feed, read before each search. At 100,000 products the PostgreSQL engine spends
 * 50–400 ms per query in PGlite ranking and counting thousands of matches; this one answers in a few
 * milliseconds (docs/decisions/0030-search.md has the numbers).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Plan, Term } from './understand';
import type { FacetCount, SearchEngine, SearchRequest, SearchResult, SearchSort } from './engine';
import { rowsOf } from './rows';
import { vocabularyMayHaveChanged } from './understand';

/** Weight of a word by where it stands: name and brand (A), section path (B), properties (C). */
const WEIGHT: Record<string, number> = { A: 1, B: 0.6, C: 0.3, D: 0.1 };
/** Above this many unseen changes a node reloads everything instead. */
const MAX_INCREMENTAL = 5000;

type Slot = { id: number; brandId: number; sectionId: number; price: number; popularity: number; created: number; article: string; live: boolean };
type Posting = { slots: number[]; weights: number[] };

type Row = { id: number; doc: string; brand_id: number; section_id: number; price: number; popularity: number; created: number; article_norm: string; active: boolean };

/**
 * Article numbers in names become lexemes too ("gsb1234k", "060111662"): a short number such as "12" while
 * typing "болгарка 12…" would expand to thousands of them. Articles have their own path (exact, prefix, part),
 * so completions of 1–3 digits skip them.
 */
const ARTICLE_LIKE = /^(?=.*\d)(?:.*\p{L}.*|\d{6,})$/u;

const TSV = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

function parseDoc(doc: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of doc.matchAll(TSV)) {
    const lex = m[1]!.replace(/''/g, "'");
    // A word both in the name and in the section path ("Аккумулятор …" in «Аккумуляторы») outweighs a word
    // only in the name ("… (1 АКБ + ЗУ)" of a screwdriver kit): each place counts once.
    const letters = new Set((m[2] ?? 'D').split(',').map((pos) => pos.replace(/[0-9]/g, '') || 'D'));
    let w = 0;
    for (const l of letters) w += WEIGHT[l] ?? WEIGHT.D!;
    out.set(lex, w);
  }
  return out;
}

class MemoryIndex {
  slots: Slot[] = [];
  bySlotId = new Map<number, number>();
  postings = new Map<string, Posting>();
  byArticle = new Map<string, number[]>();
  private sortedLexemes: string[] | null = null;
  private articleText: { text: string; starts: number[] } | null = null;
  lastChange = 0;

  add(r: Row): void {
    const old = this.bySlotId.get(r.id);
    if (old !== undefined) this.slots[old]!.live = false;
    if (!r.active) {
      this.bySlotId.delete(r.id);
      return;
    }
    const slot = this.slots.length;
    this.articleText = null;
    this.slots.push({ id: r.id, brandId: r.brand_id, sectionId: r.section_id, price: Number(r.price), popularity: r.popularity, created: Number(r.created), article: r.article_norm, live: true });
    this.bySlotId.set(r.id, slot);
    for (const [lex, w] of parseDoc(r.doc)) {
      let p = this.postings.get(lex);
      if (!p) {
        this.postings.set(lex, (p = { slots: [], weights: [] }));
        this.sortedLexemes = null;
      }
      p.slots.push(slot);
      p.weights.push(w);
    }
    const list = this.byArticle.get(r.article_norm) ?? [];
    list.push(slot);
    this.byArticle.set(r.article_norm, list);
  }

  /**
   * Slots whose article contains `part`: one native indexOf pass over all articles joined by a
   * separator (a few ms at 100,000) instead of 100,000 includes() calls.
   */
  articlesContaining(part: string): number[] {
    if (!this.articleText) {
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
    if (old !== undefined) this.slots[old]!.live = false;
    this.bySlotId.delete(id);
  }

  /** Lexemes starting with `prefix`, from a lazily rebuilt sorted list. */
  withPrefix(prefix: string): string[] {
    this.sortedLexemes ??= [...this.postings.keys()].sort();
    const list = this.sortedLexemes;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    const skipArticles = /^\d{1,3}$/.test(prefix);
    for (let i = lo; i < list.length && list[i]!.startsWith(prefix); i++) if (!skipArticles || !ARTICLE_LIKE.test(list[i]!)) out.push(list[i]!);
    return out;
  }

  /** Live slots having the term, with its weight (a prefix takes the best of its completions). */
  term(t: Term): Map<number, { w: number; exact: boolean }> {
    const out = new Map<number, { w: number; exact: boolean }>();
    const lexemes = t.prefix ? this.withPrefix(t.lex) : [t.lex];
    for (const lex of lexemes) {
      const p = this.postings.get(lex);
      if (!p) continue;
      const exact = lex === t.lex;
      for (let i = 0; i < p.slots.length; i++) {
        const s = p.slots[i]!;
        if (!this.slots[s]!.live) continue;
        const prev = out.get(s);
        const w = p.weights[i]!;
        if (!prev || w > prev.w || (exact && !prev.exact)) out.set(s, { w: Math.max(w, prev?.w ?? 0), exact: exact || !!prev?.exact });
      }
    }
    return out;
  }
}

type Cache = { index: MemoryIndex; loading: Promise<void> | null };
const g = globalThis as typeof globalThis & { __searchMemory?: WeakMap<object, Cache> };
g.__searchMemory ??= new WeakMap();

const ROW_SQL = sql`SELECT p.id, d.doc::text AS doc, p.brand_id, p.section_id, p.price::float8 AS price, p.popularity,
  extract(epoch FROM p.created_at)::float8 AS created, p.article_norm, p.active
  FROM products p JOIN search_documents d ON d.product_id = p.id`;

async function loadAll(db: Db): Promise<MemoryIndex> {
  const index = new MemoryIndex();
  const [mark] = rowsOf<{ last: string | number | null }>(await db.execute(sql`SELECT max(id) AS last FROM search_changes`));
  index.lastChange = Number(mark?.last ?? 0);
  // Chunks keep the driver's memory flat at 100,000 products.
  for (let after = 0; ; ) {
    const rows = rowsOf<Row>(await db.execute(sql`${ROW_SQL} WHERE p.id > ${after} ORDER BY p.id LIMIT 20000`));
    for (const r of rows) index.add(r);
    if (rows.length < 20000) break;
    after = rows[rows.length - 1]!.id;
  }
  return index;
}

export class MemorySearchEngine implements SearchEngine {
  readonly name = 'memory';
  constructor(private readonly db: Db) {}

  /** The node's index, created on first use and brought up to date with the change feed. */
  private async index(): Promise<MemoryIndex> {
    let cache = g.__searchMemory!.get(this.db);
    if (!cache) {
      cache = { index: new MemoryIndex(), loading: null };
      const c = cache;
      c.loading = loadAll(this.db).then((i) => {
        c.index = i;
        c.loading = null;
      });
      c.loading.catch(() => g.__searchMemory!.delete(this.db));
      g.__searchMemory!.set(this.db, cache);
    }
    if (cache.loading) await cache.loading;
    const index = cache.index;
    const changes = rowsOf<{ id: string | number; product_id: number | null }>(
      await this.db.execute(sql`SELECT id, product_id FROM search_changes WHERE id > ${index.lastChange} ORDER BY id LIMIT ${MAX_INCREMENTAL + 1}`),
    );
    if (!changes.length) return index;
    vocabularyMayHaveChanged(this.db);
    if (changes.length > MAX_INCREMENTAL || changes.some((c) => c.product_id === null)) {
      cache.index = await loadAll(this.db);
      return cache.index;
    }
    const ids = [...new Set(changes.map((c) => c.product_id!))];
    const rows = rowsOf<Row>(await this.db.execute(sql`${ROW_SQL} WHERE p.id = ANY(${`{${ids.join(',')}}`}::int[])`));
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) index.remove(id);
    for (const r of rows) index.add(r);
    index.lastChange = Math.max(index.lastChange, ...changes.map((c) => Number(c.id)));
    return index;
  }

  private synced: Promise<MemoryIndex> | null = null;

  async sync(): Promise<void> {
    this.synced = this.index();
    await this.synced;
  }

  async search(plan: Plan, req: SearchRequest): Promise<SearchResult> {
    // Already caught up by sync() for this request; otherwise (tests, the benchmark) catch up now.
    const index = await (this.synced ?? this.index());
    this.synced = null;
    // slot → [tier, score]; tiers: exact article 0, article prefix 1, article part 2, words 3.
    const hits = new Map<number, { tier: number; score: number }>();
    const put = (slot: number, tier: number, score: number) => {
      const prev = hits.get(slot);
      if (!prev || tier < prev.tier || (tier === prev.tier && score > prev.score)) hits.set(slot, { tier, score });
    };
    for (const a of plan.articles) for (const s of index.byArticle.get(a) ?? []) if (index.slots[s]!.live) put(s, 0, 0);
    if (plan.articlePart) for (const s of index.articlesContaining(plan.articlePart)) put(s, index.slots[s]!.article.startsWith(plan.articlePart) ? 1 : 2, 0);
    const clauses = plan.clauses.filter((c) => c.alternatives.some((a) => a.length));
    if (clauses.length) {
      // Each clause: any alternative; an alternative: every term. Score = the best weight per clause, +1 if no word was only completed.
      const perClause = clauses.map((c) => {
        const out = new Map<number, { w: number; exact: boolean }>();
        for (const alt of c.alternatives) {
          if (!alt.length) continue;
          const maps = alt.map((t) => index.term(t)).sort((a, b) => a.size - b.size);
          for (const [s, first] of maps[0]!) {
            let w = first.w;
            let exact = first.exact;
            let ok = true;
            for (let k = 1; k < maps.length && ok; k++) {
              const m = maps[k]!.get(s);
              if (!m) ok = false;
              else {
                w += m.w;
                exact &&= m.exact;
              }
            }
            if (!ok) continue;
            w /= maps.length;
            const prev = out.get(s);
            if (!prev || w > prev.w || (exact && !prev.exact)) out.set(s, { w: Math.max(w, prev?.w ?? 0), exact: exact || !!prev?.exact });
          }
        }
        return out;
      });
      perClause.sort((a, b) => a.size - b.size);
      for (const [s, first] of perClause[0]!) {
        let score = first.w;
        let exact = first.exact;
        let ok = true;
        for (let k = 1; k < perClause.length && ok; k++) {
          const m = perClause[k]!.get(s);
          if (!m) ok = false;
          else {
            score += m.w;
            exact &&= m.exact;
          }
        }
        if (ok) put(s, 3, score / perClause.length + (exact ? 1 : 0));
      }
    }

    const brandSet = req.brandIds?.length ? new Set(req.brandIds) : null;
    const sectionSet = req.sectionIds?.length ? new Set(req.sectionIds) : null;
    const brands = new Map<number, number>();
    const sections = new Map<number, number>();
    const filtered: { slot: Slot; tier: number; score: number }[] = [];
    let exactArticleId: number | null = null;
    let exactPopularity = -1;
    for (const [s, h] of hits) {
      const slot = index.slots[s]!;
      const inBrand = !brandSet || brandSet.has(slot.brandId);
      const inSection = !sectionSet || sectionSet.has(slot.sectionId);
      if (inSection) brands.set(slot.brandId, (brands.get(slot.brandId) ?? 0) + 1);
      if (inBrand) sections.set(slot.sectionId, (sections.get(slot.sectionId) ?? 0) + 1);
      if (inBrand && inSection) filtered.push({ slot, tier: h.tier, score: h.score });
      if (h.tier === 0 && slot.popularity > exactPopularity) [exactArticleId, exactPopularity] = [slot.id, slot.popularity];
    }
    const cmp = COMPARE[req.sort ?? 'relevance'];
    const offset = req.offset ?? 0;
    const ids = topK(filtered, cmp, offset + req.limit)
      .slice(offset)
      .map((x) => x.slot.id);
    const facet = (m: Map<number, number>): FacetCount[] => [...m].map(([id, count]) => ({ id, count })).sort((a, b) => b.count - a.count || a.id - b.id);
    return { ids, total: filtered.length, brands: facet(brands), sections: facet(sections), exactArticleId };
  }
}

type Hit = { slot: Slot; tier: number; score: number };
const byId = (a: Hit, b: Hit) => a.slot.id - b.slot.id;
const COMPARE: Record<SearchSort, (a: Hit, b: Hit) => number> = {
  relevance: (a, b) => a.tier - b.tier || b.score - a.score || b.slot.popularity - a.slot.popularity || byId(a, b),
  popular: (a, b) => b.slot.popularity - a.slot.popularity || byId(a, b),
  price_asc: (a, b) => a.slot.price - b.slot.price || byId(a, b),
  price_desc: (a, b) => b.slot.price - a.slot.price || byId(a, b),
  new: (a, b) => b.slot.created - a.slot.created || byId(a, b),
};

/** The first k in order without sorting thousands of hits for a page of 4 or 24. */
function topK(list: Hit[], cmp: (a: Hit, b: Hit) => number, k: number): Hit[] {
  if (list.length <= k * 4) return list.sort(cmp).slice(0, k);
  const top: Hit[] = [];
  for (const h of list) {
    if (top.length < k) {
      top.push(h);
      if (top.length === k) top.sort(cmp);
      continue;
    }
    if (cmp(h, top[k - 1]!) >= 0) continue;
    let i = k - 1;
    while (i > 0 && cmp(h, top[i - 1]!) < 0) i--;
    top.splice(i, 0, h);
    top.pop();
  }
  return top.length < k ? top.sort(cmp) : top;
}

/** Only for tests and the benchmark: drop this process's index of a database. */
export function forgetMemoryIndex(db: Db): void {
  g.__searchMemory!.delete(db);
}
