/**
 * The default engine: an in-process inverted index over `search_documents` (the database stays the
 * single source of truth: its triggers compute the stemmed documents), kept fresh on every app node by
 * the change log's `search` rows (changes/feed.ts), which the node's one feed hands on — on its timer,
 * and at once before each search, so a search sees every change committed before it. At 100,000 products the PostgreSQL engine spends
 * 50–400 ms per query in PGlite ranking and counting thousands of matches; this one answers in a few
 * milliseconds (docs/decisions/0030-search.md has the numbers).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Clause, Plan } from './understand';
import type { FacetCount, SearchEngine, SearchRequest, SearchResult, SearchSort } from './engine';
import { rowsOf } from '../db/rows';
import { personalPrice, preparePrices, type Pricing } from '../catalog/pricing';
import { runningRules } from '../catalog/promo-rules';
import { changeFeed, type ChangeRow } from '../changes/feed';
import { vocabularyMayHaveChanged } from './vocabulary';
import { combine, isExact, match, MemoryIndex, weightOf, type LiteRow, type Match, type Row, type Slot } from './memory-index';
import { loadSectionUnits, type SectionUnits } from './section-units';
import { choosePartial, type Coverage } from './partial';
import { hasIntent, inRange, type IntentSort } from './intent';

/** Products re-read per query when applying changes: a bulk change is applied in slices, between which searches run. */
const APPLY_SLICE = 1000;
/**
 * How long a search waits for the node to catch up with the change log. Small changes are applied well
 * within it, so a search sees every change committed before it; while a bulk change (thousands of
 * products) is being applied, a search answers from the index as it stands — each product either
 * before or after the change — instead of waiting seconds.
 */
// 150 ms was too short on two busy cores: a one-product rename was still being applied (search-pipeline, a full test run).
const SYNC_WAIT_MS = 500;
/** The header's categories follow the sections of this many best results, not the biggest sections. */
const TOP_FOR_SECTIONS = 48;
/** Postings above which a clause is evaluated only among the other clauses' matches when answering in part. */
const HUGE_CLAUSE = 20_000;

type Cache = { index: MemoryIndex; loading: Promise<void> | null; pending: ChangeRow[] };
const g = globalThis as typeof globalThis & { __searchMemory?: WeakMap<object, Cache> };
g.__searchMemory ??= new WeakMap();

/** The slot key (memory-index.ts LiteRow.key): one hash of everything the postings, article and numbers come from. */
const KEY_SQL = sql`hashtextextended(d.doc::text || chr(1) || coalesce(p.properties::text, '') || chr(1) || p.brand_id || chr(1) || p.section_id || chr(1) || coalesce(p.article_norm, ''), 0)::text`;
const FROM_SQL = sql`FROM products p JOIN search_documents d ON d.product_id = p.id`;
const ROW_SQL = sql`SELECT p.id, ${KEY_SQL} AS key, d.doc::text AS doc, p.brand_id, p.section_id, p.price::float8 AS price, p.popularity,
  extract(epoch FROM p.created_at)::float8 AS created, p.article_norm, p.active, p.properties ${FROM_SQL}`;
/** A product without its words: what an in-place update needs (a 1C offers package never sends the documents). */
const LITE_SQL = sql`SELECT p.id, ${KEY_SQL} AS key, p.price::float8 AS price, p.popularity, extract(epoch FROM p.created_at)::float8 AS created, p.active ${FROM_SQL}`;

/**
 * Brings `lite` rows into the node's own index: the unchanged ones in place, the rest (new, changed, gone out of sale)
 * from their full rows, read in one more query.
 */
async function bringIn(db: Db, index: MemoryIndex, lite: LiteRow[]): Promise<void> {
  const full: number[] = [];
  for (const r of lite) {
    if (index.touch(r)) continue;
    if (r.active) full.push(r.id);
    else index.remove(r.id);
  }
  if (!full.length) return;
  const rows = rowsOf<Row>(await db.execute(sql`${ROW_SQL} WHERE p.id = ANY(${`{${full.join(',')}}`}::int[])`));
  for (let i = 0; i < rows.length; i++) {
    index.add(rows[i]!);
    if (i % ADD_SLICE === ADD_SLICE - 1) await new Promise<void>((r) => setImmediate(r));
  }
}

/** Rows read per query while (re)reading every product: the driver's memory stays flat, and searches and pages run between chunks. */
const READ_CHUNK = 5000;
/** Rows indexed between two turns of the event loop (a few milliseconds of work). */
const ADD_SLICE = 250;

/**
 * Reads every product into `index` (a new one, or the node's own after a bulk change), yielding to the event loop
 * between chunks. Into the node's own index, a product whose words, properties, brand, section and article did not
 * change is updated in place (a 1C offers package: prices and stock of every product), and products no longer
 * there are removed: no second index is built beside the first, and pages keep being served while it is read.
 */
async function readAll(db: Db, index: MemoryIndex): Promise<MemoryIndex> {
  const seen = index.slots.length ? new Set<number>() : null;
  for (let after = 0; ; ) {
    // A new index needs every full row; the node's own one only those whose key changed.
    const rows = seen
      ? rowsOf<LiteRow>(await db.execute(sql`${LITE_SQL} WHERE p.id > ${after} ORDER BY p.id LIMIT ${READ_CHUNK}`))
      : rowsOf<Row>(await db.execute(sql`${ROW_SQL} WHERE p.id > ${after} ORDER BY p.id LIMIT ${READ_CHUNK}`));
    if (seen) {
      await bringIn(db, index, rows);
      for (const r of rows) seen.add(r.id);
    } else
      for (let i = 0; i < rows.length; i++) {
        index.add(rows[i] as Row);
        // Indexing a chunk takes longer than a page render: pages and searches run between slices of it.
        if (i % ADD_SLICE === ADD_SLICE - 1) await new Promise<void>((r) => setImmediate(r));
      }
    if (rows.length < READ_CHUNK) break;
    after = rows[rows.length - 1]!.id;
    await new Promise<void>((r) => setImmediate(r));
  }
  if (seen) for (const id of [...index.bySlotId.keys()]) if (!seen.has(id)) index.remove(id);
  return index;
}

async function loadAll(db: Db): Promise<MemoryIndex> {
  const index = new MemoryIndex();
  index.units = await loadSectionUnits(db);
  return readAll(db, index);
}

/** After a change of unknown extent: the node's index brought up to date in place, or built anew when the units changed or too much of it is dead. */
async function refreshAll(db: Db, index: MemoryIndex): Promise<MemoryIndex> {
  const units = await loadSectionUnits(db);
  // A unit changes what a property's numbers mean, which the in-place key does not see.
  const same = (a: SectionUnits, b: SectionUnits) => JSON.stringify([...a].map(([k, v]) => [k, [...v]])) === JSON.stringify([...b].map(([k, v]) => [k, [...v]]));
  if (!same(units, index.units)) return loadAll(db);
  await readAll(db, index);
  return index.wasteful() ? loadAll(db) : index;
}

type Hit = { slot: Slot; tier: number; score: number };

export class MemorySearchEngine implements SearchEngine {
  readonly name = 'memory';
  constructor(private readonly db: Db) {}

  /** The node's index, created on first use; the change feed keeps it up to date from then on. */
  private async index(): Promise<MemoryIndex> {
    let cache = g.__searchMemory!.get(this.db);
    if (!cache) {
      cache = { index: new MemoryIndex(), loading: null, pending: [] };
      const c = cache;
      const feed = changeFeed(this.db);
      feed.subscribe('search', (rows) => this.apply(c, rows));
      // The feed's place in the log is marked before the documents are read: nothing falls between.
      c.loading = feed
        .ready()
        .then(() => loadAll(this.db))
        .then(async (i) => {
          c.index = i;
          c.loading = null;
          const queued = c.pending.splice(0);
          if (queued.length) await this.apply(c, queued);
        });
      c.loading.catch(() => g.__searchMemory!.delete(this.db));
      g.__searchMemory!.set(this.db, cache);
    }
    if (cache.loading) await cache.loading;
    return cache.index;
  }

  /** Applies the feed's `search` rows: a few products are re-read, many (or a null row) reload all. */
  private async apply(cache: Cache, rows: ChangeRow[]): Promise<void> {
    if (cache.loading) {
      cache.pending.push(...rows);
      return;
    }
    vocabularyMayHaveChanged(this.db);
    if (rows.some((r) => r.productId === null)) {
      cache.index = await refreshAll(this.db, cache.index);
      return;
    }
    const ids = [...new Set(rows.map((r) => r.productId!))];
    for (let i = 0; i < ids.length; i += APPLY_SLICE) {
      const slice = ids.slice(i, i + APPLY_SLICE);
      const found = rowsOf<LiteRow>(await this.db.execute(sql`${LITE_SQL} WHERE p.id = ANY(${`{${slice.join(',')}}`}::int[])`));
      const seen = new Set(found.map((r) => r.id));
      for (const id of slice) if (!seen.has(id)) cache.index.remove(id);
      await bringIn(this.db, cache.index, found);
      // Searches waiting on the event loop run between slices.
      if (i + APPLY_SLICE < ids.length) await new Promise<void>((r) => setImmediate(r));
    }
    // Every changed name, text or property leaves its old postings behind: once they outnumber the live ones,
    // the index is read afresh (searches use the old one meanwhile), so memory stays bounded however many
    // exchanges change the catalogue.
    if (cache.index.wasteful()) cache.index = await loadAll(this.db);
  }

  private synced: Promise<MemoryIndex> | null = null;

  /** Before a search: the index, with every change committed so far applied. */
  async sync(): Promise<void> {
    this.synced = this.index().then(async (i) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((r) => (timer = setTimeout(r, SYNC_WAIT_MS)));
      await Promise.race([changeFeed(this.db).catchUp(), waited]).finally(() => clearTimeout(timer));
      return g.__searchMemory!.get(this.db)?.index ?? i;
    });
    await this.synced;
  }

  async search(plan: Plan, req: SearchRequest): Promise<SearchResult> {
    // Already caught up by sync() for this request; otherwise (tests, the benchmark) catch up now.
    if (!this.synced) await this.sync();
    const index = await this.synced!;
    this.synced = null;
    // slot → [tier, score]; tiers: exact article 0, article prefix 1, article part 2, words 3.
    const hits = new Map<number, Hit>();
    const put = (slot: number, tier: number, score: number) => {
      const prev = hits.get(slot);
      if (!prev) hits.set(slot, { slot: index.slots[slot]!, tier, score });
      else if (tier < prev.tier || (tier === prev.tier && score > prev.score)) {
        prev.tier = tier;
        prev.score = score;
      }
    };
    for (const a of plan.articles) for (const s of index.byArticle.get(a) ?? []) if (index.slots[s]!.live) put(s, 0, 0);
    for (const part of plan.articleParts) for (const s of index.articlesContaining(part)) put(s, index.slots[s]!.article.startsWith(part) ? 1 : 2, 0);
    const clauses = plan.clauses.filter((c) => !c.context && (c.alternatives.some((a) => a.length) || c.quantity || c.articleParts || c.sectionIds));
    let ignored: string[] = [];
    const boost = plan.boostSections?.length ? new Set(plan.boostSections) : null;
    const putWords = (s: number, score: number) => put(s, 3, boost?.has(index.slots[s]!.sectionId) ? score + 2 : score);
    let relaxed: SearchResult['relaxed'] = null;
    if (clauses.length) {
      // The cheapest clause first; the others only look at its slots («шуруповерт 1» must not build the map of every «1…»).
      const order = clauses.map((c, i) => ({ i, cost: clauseCost(index, c) })).sort((a, b) => a.cost - b.cost);
      let perClause: Map<number, Match>[] = new Array(clauses.length);
      let only: Map<number, Match> | null = null;
      for (const { i } of order) {
        perClause[i] = clauseMatches(index, clauses[i]!, only);
        only = perClause[i]!;
      }
      const strict = intersect(perClause);
      if (strict.size || hits.size) for (const [s, h] of strict) putWords(s, h);
      else {
        // Nothing has every clause: the coverage needs each clause's own matches. A huge clause (a bare «3» while
        // typing) is only looked at among the others' matches: on its own it could never be the answer.
        const costs = new Map(order.map(({ i, cost }) => [i, cost]));
        perClause = clauses.map((c, i) => (costs.get(i)! <= HUGE_CLAUSE ? clauseMatches(index, c, null) : new Map<number, Match>()));
        const union = new Map<number, Match>();
        perClause.forEach((m, i) => costs.get(i)! <= HUGE_CLAUSE && m.forEach((v, k) => union.set(k, v)));
        clauses.forEach((c, i) => costs.get(i)! > HUGE_CLAUSE && union.size && (perClause[i] = clauseMatches(index, c, union)));
        // «защита глаз при работе болгаркой»: the words beside a task say what it is done on or with, and no
        // product of its sections has them all; the task alone answers, the rest is shown as left out.
        const taskAt = clauses.findIndex((c) => c.task);
        if (taskAt >= 0) {
          for (const [s, h] of intersect([clauseMatches(index, clauses[taskAt]!, null)])) putWords(s, h);
          ignored = clauses.filter((c) => !c.task).map((c) => c.typed);
        }
        const choice = taskAt >= 0 ? null : choosePartial(
          clauses.map((c) => c.role),
          coverage(perClause),
          clauses.map((c) => c.role === 'brand' && c.how !== 'typo'),
        );
        if (choice?.show) {
          for (const [s, h] of intersect(choice.kept.map((i) => perClause[i]!))) putWords(s, h);
          ignored = choice.ignored.map((i) => clauses[i]!.typed);
        } else if (choice?.suggest) relaxed = { query: choice.kept.map((i) => clauses[i]!.shown).join(' '), total: choice.count };
      }
    }

    // A task is a condition, not a word: even a partial answer stays within its sections.
    if (plan.task && hits.size) {
      const allowed = new Set(plan.task.sectionIds);
      for (const [s, h] of [...hits]) if (!allowed.has(h.slot.sectionId)) hits.delete(s);
    }
    const intent = plan.intent;
    if (hits.size && (hasIntent(intent) || plan.exclude?.length)) await narrow(index, plan, req.pricing ?? null, hits);

    const brandSet = req.brandIds?.length ? new Set(req.brandIds) : null;
    const sectionSet = req.sectionIds?.length ? new Set(req.sectionIds) : null;
    const brands = new Map<number, number>();
    const sections = new Map<number, number>();
    const filtered: Hit[] = [];
    const unfiltered: Hit[] = [];
    let exactArticleId: number | null = null;
    let exactPopularity = -1;
    for (const h of hits.values()) {
      const slot = h.slot;
      const inBrand = !brandSet || brandSet.has(slot.brandId);
      const inSection = !sectionSet || sectionSet.has(slot.sectionId);
      if (inSection) brands.set(slot.brandId, (brands.get(slot.brandId) ?? 0) + 1);
      if (inBrand) sections.set(slot.sectionId, (sections.get(slot.sectionId) ?? 0) + 1);
      if (h.tier === 0 && slot.popularity > exactPopularity) [exactArticleId, exactPopularity] = [slot.id, slot.popularity];
      if (!inBrand) continue;
      if (inSection) filtered.push(h);
      if (req.topSections) unfiltered.push(h);
    }
    // A retail shopper's price differs from the slot's only under a promotion's rule (promo-rules.ts).
    const byPrice = (req.sort === 'price_asc' || req.sort === 'price_desc') && (!!req.pricing || runningRules('retail').length > 0);
    // A price-list company's price sort needs the list prices of every hit (one indexed query), not of the page only.
    if (byPrice) await preparePrices(req.pricing, filtered.map((h) => h.slot.id));
    const asked = intent?.sort && (req.sort ?? 'relevance') === 'relevance' ? intent.sort : null;
    if (asked?.by === 'price' && (req.pricing || runningRules('retail').length > 0)) await preparePrices(req.pricing, filtered.map((h) => h.slot.id));
    const cmp = asked
      ? byIntent(index, asked, req.pricing ?? null, filtered.reduce((m, h) => (h.tier === 3 ? Math.max(m, h.score) : m), 0))
      : byPrice
        ? byViewerPrice(req.pricing ?? null, req.sort as 'price_asc' | 'price_desc')
        : COMPARE[req.sort ?? 'relevance'];
    const offset = req.offset ?? 0;
    const ids = topK(filtered, cmp, offset + req.limit)
      .slice(offset)
      .map((x) => x.slot.id);
    const facet = (m: Map<number, number>): FacetCount[] => [...m].map(([id, count]) => ({ id, count })).sort((a, b) => b.count - a.count || a.id - b.id);
    return { ids, total: filtered.length, brands: facet(brands), sections: facet(sections), exactArticleId, topSections: req.topSections ? topSections(unfiltered, sections) : undefined, ignored, relaxed };
  }
}

/** Every slot a clause accepts, with the weight of where it matched and whether it matched exactly. */
function clauseMatches(index: MemoryIndex, c: Clause, only: Map<number, Match> | null): Map<number, Match> {
  // The common case, one word: its postings as they are, no copies.
  const alts = c.alternatives.filter((a) => a.length);
  if (!c.quantity && !c.articleParts && !c.sectionIds && alts.length === 1 && alts[0]!.length === 1) return index.term(alts[0]![0]!, only);
  const out = new Map<number, Match>();
  const merge = (m: Map<number, Match>) => {
    if (!out.size && !only) {
      for (const [s, x] of m) out.set(s, x);
      return;
    }
    for (const [s, x] of m) {
      if (only && !only.has(s)) continue;
      out.set(s, combine(out.get(s), x));
    }
  };
  // A number with a unit is matched by the products' properties only: «18» in a weight or an article is not 18 V.
  const textToo = !c.quantity || c.quantity.dim === null;
  if (textToo)
    for (const alt of c.alternatives) {
      if (!alt.length) continue;
      if (alt.length === 1) {
        index.termInto(alt[0]!, only, out);
        continue;
      }
      const maps = alt.map((t) => index.term(t, only)).sort((a, b) => a.size - b.size);
      const all = new Map<number, Match>();
      for (const [s, first] of maps[0]!) {
        let w = weightOf(first);
        let exact = isExact(first);
        let ok = true;
        for (let k = 1; k < maps.length && ok; k++) {
          const m = maps[k]!.get(s);
          if (m === undefined) ok = false;
          else {
            w += weightOf(m);
            exact &&= isExact(m);
          }
        }
        if (ok) all.set(s, match(w / maps.length, exact));
      }
      merge(all);
    }
  if (c.quantity) merge(index.quantity(c.quantity, only));
  for (const part of c.articleParts ?? []) merge(new Map(index.articlesContaining(part).map((s) => [s, match(1, true)])));
  if (c.sectionIds) {
    // A task's sections are in order of fit: the first ranks a little above the next when nothing else decides.
    const weight = new Map(c.sectionIds.map((id, i) => [id, c.task ? 0.6 - 0.04 * Math.min(i, 10) : 0.6]));
    const m = new Map<number, Match>();
    if (only) for (const s of only.keys()) weight.has(index.slots[s]!.sectionId) && m.set(s, match(weight.get(index.slots[s]!.sectionId)!, true));
    else for (const [id, w] of weight) for (const s of index.bySection.get(id) ?? []) if (index.slots[s]!.live && index.slots[s]!.sectionId === id) m.set(s, match(w, true));
    merge(m);
  }
  return out;
}

/** Roughly how many postings a clause reads. */
function clauseCost(index: MemoryIndex, c: Clause): number {
  let n = 0;
  if (!c.quantity || c.quantity.dim === null) for (const alt of c.alternatives) if (alt.length) n += Math.min(...alt.map((t) => index.termCost(t)));
  if (c.quantity) n += index.quantityCost(c.quantity);
  if (c.articleParts) n += 500;
  if (c.sectionIds) n += c.sectionIds.reduce((sum, id) => sum + (index.bySection.get(id)?.length ?? 0), 0);
  return n;
}

/** Slots in every clause; score = the average weight per clause, +1 when no word was only completed. */
function intersect(perClause: Map<number, Match>[]): Map<number, number> {
  const out = new Map<number, number>();
  if (!perClause.length) return out;
  if (perClause.length === 1) {
    for (const [s, m] of perClause[0]!) out.set(s, weightOf(m) + (isExact(m) ? 1 : 0));
    return out;
  }
  const order = [...perClause].sort((a, b) => a.size - b.size);
  for (const [s, first] of order[0]!) {
    let score = weightOf(first);
    let exact = isExact(first);
    let ok = true;
    for (let k = 1; k < order.length && ok; k++) {
      const m = order[k]!.get(s);
      if (m === undefined) ok = false;
      else {
        score += weightOf(m);
        exact &&= isExact(m);
      }
    }
    if (ok) out.set(s, score / order.length + (exact ? 1 : 0));
  }
  return out;
}

/** How many slots match exactly each set of clauses (a bit mask per set). */
function coverage(perClause: Map<number, Match>[]): Coverage[] {
  const masks = new Map<number, number>();
  perClause.forEach((m, i) => {
    for (const s of m.keys()) masks.set(s, (masks.get(s) ?? 0) | (1 << i));
  });
  const counts = new Map<number, number>();
  for (const mask of masks.values()) counts.set(mask, (counts.get(mask) ?? 0) + 1);
  return [...counts].map(([mask, count]) => ({ mask, count }));
}

/** Sections in the order of the best results (most of the top, then the rest by count). */
function topSections(hits: Hit[], counts: Map<number, number>): number[] {
  const top = topK([...hits], COMPARE.relevance, TOP_FOR_SECTIONS);
  const inTop = new Map<number, number>();
  for (const h of top) inTop.set(h.slot.sectionId, (inTop.get(h.slot.sectionId) ?? 0) + 1);
  const rest = [...counts.keys()].filter((id) => !inTop.has(id)).sort((a, b) => counts.get(b)! - counts.get(a)! || a - b);
  return [...[...inTop].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id), ...rest];
}

const byId = (a: Hit, b: Hit) => a.slot.id - b.slot.id;
const COMPARE: Record<SearchSort, (a: Hit, b: Hit) => number> = {
  relevance: (a, b) => a.tier - b.tier || b.score - a.score || b.slot.popularity - a.slot.popularity || byId(a, b),
  popular: (a, b) => b.slot.popularity - a.slot.popularity || byId(a, b),
  price_asc: (a, b) => a.slot.price - b.slot.price || byId(a, b),
  price_desc: (a, b) => b.slot.price - a.slot.price || byId(a, b),
  new: (a, b) => b.slot.created - a.slot.created || byId(a, b),
};

/** The viewer's price of a slot: retail, a promotion's, or the contractor's own (catalog/pricing.ts). */
const viewerPrice = (pricing: Pricing | null, s: Slot) => personalPrice(pricing, s) ?? s.price;

/**
 * Leaves out the hits a query's intent rules out (intent.ts): excluded words, property limits (the
 * product's largest number of that dimension), and price limits on what this viewer pays.
 */
async function narrow(index: MemoryIndex, plan: Plan, pricing: Pricing | null, hits: Map<number, Hit>): Promise<void> {
  for (const c of plan.exclude ?? []) {
    const only = new Map<number, Match>([...hits.keys()].map((s) => [s, 0]));
    for (const s of clauseMatches(index, c, only).keys()) hits.delete(s);
  }
  const intent = plan.intent;
  if (!intent) return;
  for (const r of intent.ranges) {
    const values = index.dimValues(r.dim);
    for (const s of [...hits.keys()]) {
      const v = values.get(s);
      if (v === undefined || !inRange(v, r)) hits.delete(s);
    }
  }
  if (intent.price) {
    if (pricing || runningRules('retail').length > 0) await preparePrices(pricing, [...hits.values()].map((h) => h.slot.id));
    for (const [s, h] of [...hits]) if (!inRange(viewerPrice(pricing, h.slot), intent.price)) hits.delete(s);
  }
}

/**
 * The order a query asks for («самый мощный», «недорого»): products without the property last. A soft
 * preference («недорого») keeps relevance first and orders by price within the same relevance.
 */
function byIntent(index: MemoryIndex, sort: IntentSort, pricing: Pricing | null, topScore: number): (a: Hit, b: Hit) => number {
  const sign = sort.dir === 'asc' ? 1 : -1;
  let key: (h: Hit) => number | undefined;
  if (sort.by === 'price') {
    const memo = new Map<number, number>();
    key = (h) => {
      let v = memo.get(h.slot.id);
      if (v === undefined) memo.set(h.slot.id, (v = viewerPrice(pricing, h.slot)));
      return v;
    };
  } else {
    const maps = sort.dims.map((d) => index.dimValues(d));
    key = (h) => {
      const slot = index.bySlotId.get(h.slot.id);
      if (slot === undefined) return undefined;
      for (const m of maps) {
        const v = m.get(slot);
        if (v !== undefined) return v;
      }
      return undefined;
    };
  }
  const byKey = (a: Hit, b: Hit) => {
    const x = key(a);
    const y = key(b);
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    return sign * (x - y);
  };
  const band = (h: Hit) => h.tier * 100 - Math.round(h.score * 2);
  if (sort.soft) return (a, b) => band(a) - band(b) || byKey(a, b) || COMPARE.relevance(a, b);
  // «самый дорогой аккумулятор»: the products that are the thing (the best matches) first, by the key; then
  // the ones that only mention it (screwdriver kits with a battery), also by the key.
  const weak = (h: Hit) => (h.tier === 3 && h.score < topScore - 0.75 ? 1 : 0);
  return (a, b) => a.tier - b.tier || weak(a) - weak(b) || byKey(a, b) || COMPARE.relevance(a, b);
}

/** A price sort by what the viewer pays (a contractor's percent depends on the brand and the section; a promotion's rule on both too). */
function byViewerPrice(pricing: Pricing | null, sort: 'price_asc' | 'price_desc'): (a: Hit, b: Hit) => number {
  const memo = new Map<number, number>();
  const price = (s: Slot) => {
    let v = memo.get(s.id);
    if (v === undefined) memo.set(s.id, (v = personalPrice(pricing, s) ?? s.price));
    return v;
  };
  return sort === 'price_asc' ? (a, b) => price(a.slot) - price(b.slot) || byId(a, b) : (a, b) => price(b.slot) - price(a.slot) || byId(a, b);
}

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
