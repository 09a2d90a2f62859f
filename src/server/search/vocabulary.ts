/**
 * The catalogue's own words (search_vocabulary, filled by the database's triggers), stems from the
 * database's `russian` dictionary, and typo correction against them. Cached per node and database.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { allowedEdits, editDistance, shortTypoOk } from './text';

export type Vocabulary = { size: number; lexemes: Set<string>; word: Map<string, string>; byLength: Map<number, string[]>; sorted: string[] };

export type VocabCache = {
  vocab: Vocabulary | null;
  /** Corrections already computed against this vocabulary (a few ms each): typed|stem|prefix|max → result. */
  typos: Map<string, string | null>;
  vocabStale: boolean;
  synonyms: { phrases: string[][] }[] | null;
  stems: Map<string, string[]>;
};

/** Stems are a pure function of the word: remembered per node (bounded) so that a warm search needs no stemming round trip. */
const MAX_STEMS = 50_000;
const g = globalThis as typeof globalThis & { __searchVocab?: WeakMap<object, VocabCache> };
g.__searchVocab ??= new WeakMap();

export function cacheFor(db: Db): VocabCache {
  let c = g.__searchVocab!.get(db);
  if (!c) g.__searchVocab!.set(db, (c = { vocab: null, vocabStale: true, synonyms: null, stems: new Map(), typos: new Map() }));
  return c;
}

/**
 * Stems words with the database's dictionary and reports the vocabulary size in the same round
 * trip: the vocabulary is insert-only, so a changed size means another node (or a writer) added
 * words and this node reloads them before correcting anything.
 */
export async function lexize(db: Db, list: string[], withSize = true): Promise<{ size: number; lex: Map<string, string[]> }> {
  const res = await db.execute(sql`
    SELECT ${withSize ? sql`(SELECT count(*) FROM search_vocabulary)::int` : sql`-1`} AS size,
           coalesce((SELECT json_object_agg(w, tsvector_to_array(to_tsvector('russian', w))) FROM unnest(${`{${list.map((w) => `"${w.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]) AS w), '{}'::json) AS lex`);
  const row = rowsOf<{ size: number; lex: Record<string, string[]> | string }>(res)[0]!;
  const obj = typeof row.lex === 'string' ? (JSON.parse(row.lex) as Record<string, string[]>) : row.lex;
  return { size: Number(row.size), lex: new Map(Object.entries(obj)) };
}

/** Stems of `words` (cached), reloading the vocabulary when it grew. */
export async function stemAll(db: Db, cache: VocabCache, words: string[], followsChanges: boolean): Promise<Vocabulary> {
  const missing = words.filter((w) => !cache.stems.has(w));
  // Products changed (a price, a stock flag) or words are new: the vocabulary's size says whether it grew,
  // so a price change costs one small query, not a reload of every word.
  if (missing.length || !followsChanges || cache.vocabStale) {
    // The vocabulary's size is only asked for when it may have grown (an engine that follows the change feed says so).
    const needSize = !followsChanges || cache.vocabStale || !cache.vocab;
    const { size, lex } = await lexize(db, missing, needSize);
    if (cache.stems.size + lex.size > MAX_STEMS) cache.stems.clear();
    for (const [w, l] of lex) cache.stems.set(w, l);
    if (needSize) cache.vocabStale = !cache.vocab || cache.vocab.size !== size;
  }
  if (!cache.vocab || cache.vocabStale) {
    cache.vocab = await loadVocabulary(db);
    cache.vocabStale = false;
    cache.typos.clear();
  }
  return cache.vocab;
}

async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const res = await db.execute(sql`SELECT lexeme, word FROM search_vocabulary`);
  const rows = rowsOf<{ lexeme: string; word: string }>(res);
  const lexemes = new Set<string>();
  const word = new Map<string, string>();
  const byLength = new Map<number, string[]>();
  for (const r of rows) {
    lexemes.add(r.lexeme);
    word.set(r.lexeme, r.word);
    const list = byLength.get(r.lexeme.length) ?? [];
    list.push(r.lexeme);
    byLength.set(r.lexeme.length, list);
  }
  return { size: rows.length, lexemes, word, byLength, sorted: [...lexemes].sort() };
}

export function hasPrefix(vocab: Vocabulary, prefix: string): boolean {
  // Binary search in the sorted vocabulary: is any lexeme starting with `prefix`?
  let lo = 0;
  let hi = vocab.sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (vocab.sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo < vocab.sorted.length && vocab.sorted[lo]!.startsWith(prefix);
}

/** Shared start of two words: a correction that keeps more of the typed word wins a tie. */
const common = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/**
 * The closest catalogue word within the typos the *typed* word may carry (its length counts, not its
 * stem's): 3–4 letters only under the stricter rule, one typo up to 5 letters, two from 6. Distances are
 * taken both between stems and between the typed word and the catalogue's surface form.
 */
export function correct(vocab: Vocabulary, typed: string, lex: string, asPrefix: boolean, maxEdits?: number, memo?: Map<string, string | null>): string | null {
  const key = `${typed}|${lex}|${asPrefix}|${maxEdits ?? ''}`;
  const known = memo?.get(key);
  if (known !== undefined) return known;
  const fixed = closest(vocab, typed, lex, asPrefix, maxEdits);
  if (memo) {
    if (memo.size > MAX_STEMS) memo.clear();
    memo.set(key, fixed);
  }
  return fixed;
}

function closest(vocab: Vocabulary, typed: string, lex: string, asPrefix: boolean, maxEdits?: number): string | null {
  const cap = maxEdits ?? 2;
  let best: string | null = null;
  let bestKey = [cap + 1, 0];
  const lo = Math.max(2, Math.min(lex.length, typed.length) - cap);
  const hi = Math.max(lex.length, typed.length) + cap + 2;
  for (let len = lo; len <= hi; len++)
    for (const cand of vocab.byLength.get(len) ?? []) {
      const surface = vocab.word.get(cand) ?? cand;
      // The allowance follows the longer of the typed word and the catalogue's word: «boch» is a 5-letter word typed short.
      const longer = Math.max(typed.length, surface.length);
      const max = Math.min(cap, maxEdits ?? allowedEdits(longer));
      if (!max) continue;
      const dSurface = editDistance(typed, surface, max);
      // Stems are shorter than words: two edits on a stem of under six letters would reach almost anything.
      const dStem = editDistance(lex, cand, max);
      let d = Math.min(dSurface, dStem <= 1 || lex.length >= 6 ? dStem : max + 1);
      if (longer <= 4 && !(shortTypoOk(typed, surface) || shortTypoOk(lex, cand))) d = max + 1;
      // Two typos only when the first letter is right: «кожаные» → «кожа», not any word two edits away.
      if (d === 2 && cand[0] !== lex[0]) d = max + 1;
      if (d > max) continue;
      const key = [d, -common(lex, cand)];
      if (key[0]! < bestKey[0]! || (key[0] === bestKey[0] && key[1]! < bestKey[1]!)) [best, bestKey] = [cand, key];
    }
  if (best) return best;
  if (!asPrefix || typed.length <= 4) return null;
  // While typing, the typo may sit in an unfinished word: compare with the starts of longer words.
  const seen = new Set<string>();
  let head: string | null = null;
  for (const cand of vocab.sorted) {
    if (cand.length <= lex.length) continue;
    const h = cand.slice(0, lex.length);
    if (seen.has(h)) continue;
    seen.add(h);
    if (editDistance(lex, h, 1) <= 1) {
      head = h;
      break;
    }
  }
  return head;
}

/** Products changed (seen in the change feed): reload the vocabulary before the next correction. */
export function vocabularyMayHaveChanged(db: Db): void {
  cacheFor(db).vocabStale = true;
}
