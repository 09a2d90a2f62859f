/**
 * Query understanding: turns what a person typed into a tsquery over the catalogue's own words.
 *
 *   clean → chunks → for each chunk: as typed | other keyboard layout | transliteration
 *   → stemmed by PostgreSQL (the same `russian` dictionary as the documents, so stems always agree)
 *   → the first reading whose stems are catalogue words wins; otherwise a 1–2 letter typo correction
 *   → synonym phrases widen a clause → all clauses required, the last word as a prefix.
 *
 * Article numbers are handled next to it (exact match first, see engine.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { normalizeArticle } from '../lib/text';
import { allowedEdits, articleCandidates, chunks, cleanQuery, cyrillicToLatin, editDistance, fold, latinToCyrillic, otherLayout, words } from './text';
import { SYNONYM_GROUPS } from './synonyms';
import { rowsOf } from './rows';

export type Term = { lex: string; prefix: boolean };
/** One thing the visitor asked for: any alternative (an AND of terms) satisfies it. */
export type Clause = { typed: string; shown: string; alternatives: Term[][]; how: 'exact' | 'prefix' | 'layout' | 'translit' | 'typo' | 'synonym' | 'unknown' | 'number' };

export type Plan = {
  query: string;
  clauses: Clause[];
  /** Normalised article candidates: an exact match ranks first. */
  articles: string[];
  /** Normalised whole query, for article prefix/infix matches while typing ("GSB12"). */
  articlePart: string | null;
  /** tsquery text (lexemes only, safe to cast), or null when there are no words to match. */
  tsquery: string | null;
  /** Same without the prefix on the last word: exact words rank above completions. */
  tsqueryExact: string | null;
  /** The query as understood, when it differs from what was typed (layout, typo): «Возможно, вы искали …». */
  corrected: string | null;
};

type Vocabulary = { size: number; lexemes: Set<string>; word: Map<string, string>; byLength: Map<number, string[]>; sorted: string[] };

type Cache = { vocab: Vocabulary | null; vocabStale: boolean; synonyms: { phrases: string[][] }[] | null; stems: Map<string, string[]> };
/** Stems are a pure function of the word: remembered per node (bounded) so that a warm search needs no stemming round trip. */
const MAX_STEMS = 50_000;
const g = globalThis as typeof globalThis & { __searchVocab?: WeakMap<object, Cache> };
g.__searchVocab ??= new WeakMap();

function cacheFor(db: Db): Cache {
  let c = g.__searchVocab!.get(db);
  if (!c) g.__searchVocab!.set(db, (c = { vocab: null, vocabStale: true, synonyms: null, stems: new Map() }));
  return c;
}

/**
 * Stems words with the database's dictionary and reports the vocabulary size in the same round
 * trip: the vocabulary is insert-only, so a changed size means another node (or a writer) added
 * words and this node reloads them before correcting anything.
 */
async function lexize(db: Db, list: string[]): Promise<{ size: number; lex: Map<string, string[]> }> {
  const res = await db.execute(sql`
    SELECT (SELECT count(*) FROM search_vocabulary)::int AS size,
           coalesce((SELECT json_object_agg(w, tsvector_to_array(to_tsvector('russian', w))) FROM unnest(${`{${list.map((w) => `"${w}"`).join(',')}}`}::text[]) AS w), '{}'::json) AS lex`);
  const row = rowsOf<{ size: number; lex: Record<string, string[]> | string }>(res)[0]!;
  const obj = typeof row.lex === 'string' ? (JSON.parse(row.lex) as Record<string, string[]>) : row.lex;
  return { size: Number(row.size), lex: new Map(Object.entries(obj)) };
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

async function synonymLexemes(db: Db, cache: Cache) {
  if (cache.synonyms) return cache.synonyms;
  const all = [...new Set(SYNONYM_GROUPS.flat().flatMap(words))];
  const { lex } = await lexize(db, all);
  cache.synonyms = SYNONYM_GROUPS.map((group) => ({ phrases: group.map((p) => words(p).flatMap((w) => lex.get(w) ?? [])).filter((p) => p.length) }));
  return cache.synonyms;
}

function hasPrefix(vocab: Vocabulary, prefix: string): boolean {
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

/** The closest catalogue word within the allowed number of typos (ties: the more common spelling wins by order). */
function correct(vocab: Vocabulary, lex: string, asPrefix: boolean): string | null {
  const max = allowedEdits(lex.length);
  if (!max) return null;
  let best: string | null = null;
  let bestD = max + 1;
  for (let len = lex.length - max; len <= lex.length + max; len++)
    for (const cand of vocab.byLength.get(len) ?? []) {
      const d = editDistance(lex, cand, max);
      if (d < bestD) [best, bestD] = [cand, d];
    }
  if (best || !asPrefix) return best;
  // While typing, the typo may sit in an unfinished word: compare with the starts of longer words.
  const seen = new Set<string>();
  for (const cand of vocab.sorted) {
    if (cand.length <= lex.length) continue;
    const head = cand.slice(0, lex.length);
    if (seen.has(head)) continue;
    seen.add(head);
    const d = editDistance(lex, head, 1);
    if (d < bestD) [best, bestD] = [head, d];
  }
  return bestD <= 1 ? best : null;
}

const quote = (lex: string) => `'${lex.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

function toTsquery(clauses: Clause[], withPrefix: boolean): string | null {
  const parts = clauses
    .map((c) => {
      const alts = c.alternatives
        .filter((a) => a.length)
        .map((a) => {
          const t = a.map((term) => quote(term.lex) + (withPrefix && term.prefix ? ':*' : '')).join(' & ');
          return a.length > 1 ? `(${t})` : t;
        });
      const uniq = [...new Set(alts)];
      return uniq.length > 1 ? `(${uniq.join(' | ')})` : uniq[0];
    })
    .filter(Boolean);
  return parts.length ? parts.join(' & ') : null;
}

const NUMBER = /^\d+$/;

export type UnderstandOptions = {
  /** The caller's engine has just read the change feed and called `vocabularyMayHaveChanged()` if needed. */
  followsChanges?: boolean;
};

export async function understand(db: Db, raw: string, opts: UnderstandOptions = {}): Promise<Plan> {
  const query = cleanQuery(raw);
  const empty: Plan = { query, clauses: [], articles: [], articlePart: null, tsquery: null, tsqueryExact: null, corrected: null };
  if (!query) return empty;
  const cache = cacheFor(db);
  const typingLastWord = !/\s$/.test(raw.slice(0, 10_000)) && raw.trim().length > 0;

  const articles = articleCandidates(query);
  const whole = normalizeArticle(query);
  const articlePart = whole.length >= 4 && /\d/.test(whole) && /^[\p{L}\p{N}]+$/u.test(whole) ? whole : null;

  // Readings of every chunk, in order of preference.
  type Reading = { how: Clause['how']; words: string[] };
  const parts = chunks(query).slice(0, 12);
  const readings: Reading[][] = parts.map((chunk) => {
    const typed = words(chunk);
    const list: Reading[] = [{ how: 'exact', words: typed }];
    const layout = otherLayout(chunk);
    if (layout) list.push({ how: 'layout', words: words(layout) });
    if (typed.length === 1) {
      const lat = latinToCyrillic(typed[0]!);
      if (lat) list.push({ how: 'translit', words: [lat] });
      const cyr = cyrillicToLatin(typed[0]!);
      if (cyr) list.push({ how: 'translit', words: [cyr] });
    }
    return list;
  });
  const allWords = [...new Set(readings.flat().flatMap((r) => r.words))].filter((w) => w.length <= 60);
  const synonyms = await synonymLexemes(db, cache);
  // The vocabulary only grows when products change; an engine that follows the change feed says so
  // (vocabularyStale); otherwise its size is checked in the same round trip as the stemming.
  const missing = allWords.filter((w) => !cache.stems.has(w));
  if (missing.length || !opts.followsChanges) {
    const { size, lex } = await lexize(db, missing);
    if (cache.stems.size + lex.size > MAX_STEMS) cache.stems.clear();
    for (const [w, l] of lex) cache.stems.set(w, l);
    if (cache.vocab && cache.vocab.size !== size) cache.vocabStale = true;
  }
  if (!cache.vocab || cache.vocabStale) {
    cache.vocab = await loadVocabulary(db);
    cache.vocabStale = false;
  }
  const vocab = cache.vocab;
  const lex = cache.stems;
  const synonymLex = new Set(synonyms.flatMap((s) => s.phrases.flat()));
  const known = (l: string) => vocab.lexemes.has(l) || synonymLex.has(l);

  let clauses: Clause[] = [];
  let changed = false;
  parts.forEach((chunk, i) => {
    const isLast = i === parts.length - 1 && typingLastWord;
    const options = readings[i]!;
    const stemmed = (r: Reading) => r.words.map((w) => ({ w, lex: lex.get(w) ?? [] }));
    const typedWords = stemmed(options[0]!);
    // Stop words only ("для", "и"): nothing to require.
    if (typedWords.every((t) => t.lex.length === 0)) return;
    // A number, or letters glued to digits: matched as typed, never "corrected".
    if (typedWords.some((t) => /\d/.test(t.w))) {
      const terms = typedWords.flatMap((t, k) => t.lex.map((l) => ({ lex: l, prefix: isLast && k === typedWords.length - 1 && l.length >= 2 })));
      clauses.push({ typed: chunk, shown: fold(chunk), alternatives: [terms], how: 'number' });
      return;
    }
    const fits = (r: Reading, prefixOk: boolean) =>
      stemmed(r).every((t, k) => t.lex.length === 0 || t.lex.every((l) => known(l) || (prefixOk && k === r.words.length - 1 && l.length >= 2 && hasPrefix(vocab, l))));
    const toTerms = (r: Reading) =>
      stemmed(r).flatMap((t, k) => t.lex.map((l) => ({ lex: l, prefix: isLast && k === r.words.length - 1 && l.length >= 2 })));

    const exact = options.filter((r) => r.words.length && fits(r, false));
    const chosen = exact.length ? exact : options.filter((r) => r.words.length && fits(r, isLast)).slice(0, 1);
    if (chosen.length) {
      const how = chosen[0]!.how === 'exact' && !exact.length ? 'prefix' : chosen[0]!.how;
      if (how === 'layout' || how === 'translit') changed = true;
      // A layout fix is a real word already ("дрель"); a transliteration is a spelling guess ("дрел"), so show the catalogue's word.
      const shown =
        chosen[0]!.how === 'translit' ? stemmed(chosen[0]!).map((t) => (t.lex.length === 1 ? vocab.word.get(t.lex[0]!) : undefined) ?? t.w).join(' ') : chosen[0]!.words.join(' ');
      clauses.push({ typed: chunk, shown, alternatives: chosen.map(toTerms), how });
      return;
    }
    // Typos: try every reading, the typed one first.
    for (const r of options) {
      const ws = stemmed(r);
      if (ws.length !== 1 || ws[0]!.lex.length !== 1) continue;
      const fixed = correct(vocab, ws[0]!.lex[0]!, isLast);
      if (fixed) {
        changed = true;
        clauses.push({ typed: chunk, shown: vocab.word.get(fixed) ?? fixed, alternatives: [[{ lex: fixed, prefix: isLast && !vocab.lexemes.has(fixed) }]], how: 'typo' });
        return;
      }
    }
    clauses.push({ typed: chunk, shown: fold(chunk), alternatives: [toTerms(options[0]!)], how: 'unknown' });
  });

  clauses = applySynonyms(clauses, synonyms);
  const tsquery = toTsquery(clauses, true);
  const tsqueryExact = toTsquery(clauses, false);
  const corrected = changed ? clauses.map((c) => c.shown).join(' ') : null;
  return { query, clauses, articles, articlePart, tsquery, tsqueryExact, corrected: corrected && corrected !== fold(query) ? corrected : null };
}

/** Replaces the clauses that spell a synonym phrase by one clause accepting any phrase of its group. */
function applySynonyms(clauses: Clause[], groups: { phrases: string[][] }[]): Clause[] {
  const single = (c: Clause) => (c.alternatives.length >= 1 && c.alternatives.every((a) => a.length === 1) ? c.alternatives.map((a) => a[0]!.lex) : null);
  const out: Clause[] = [];
  for (let i = 0; i < clauses.length; ) {
    let matched: { n: number; group: { phrases: string[][] } } | null = null;
    for (const group of groups)
      for (const phrase of group.phrases) {
        if (phrase.length > clauses.length - i || (matched && matched.n >= phrase.length)) continue;
        if (phrase.every((l, k) => single(clauses[i + k]!)?.includes(l))) matched = { n: phrase.length, group };
      }
    if (!matched) {
      out.push(clauses[i]!);
      i++;
      continue;
    }
    const span = clauses.slice(i, i + matched.n);
    out.push({
      typed: span.map((c) => c.typed).join(' '),
      shown: span.map((c) => c.shown).join(' '),
      alternatives: matched.group.phrases.map((p) => p.map((l) => ({ lex: l, prefix: false }))),
      how: 'synonym',
    });
    i += matched.n;
  }
  return out;
}

/** Products changed (seen in the change feed): reload the vocabulary before the next correction. */
export function vocabularyMayHaveChanged(db: Db): void {
  cacheFor(db).vocabStale = true;
}

/** Only for tests and the benchmark: forget what this process learned about a database. */
export function forgetVocabulary(db: Db): void {
  g.__searchVocab!.delete(db);
}
