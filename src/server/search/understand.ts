/**
 * Query understanding: turns what a person typed into clauses over the catalogue's own words.
 *
 *   clean → quantities («18в», «0,72 квт», «1/2"») → chunks → for each chunk: as typed | Belarusian word |
 *   other keyboard layout (Russian, Belarusian) | transliteration → stemmed by PostgreSQL (the same
 *   `russian` dictionary as the documents) → the readings whose stems are catalogue words win; otherwise
 *   a typo correction measured on the typed word → synonym phrases and section names widen a clause →
 *   roles (type, brand, article, attribute) and accessory phrases («для шуруповерта» is not required).
 *
 * Engines require every clause; when nothing has them all, the memory engine keeps the best part
 * (partial.ts). Article numbers are handled next to it (exact match first, see engine.ts).
 */
import type { Db } from '../db/client';
import { normalizeArticle } from '../lib/text';
import { articleCandidates, belarusianLayout, chunks, cleanQuery, cyrillicToLatin, fold, latinToCyrillic, lookalikes, otherLayout, words } from './text';
import { SYNONYM_GROUPS } from './synonyms';
import { fromBelarusian } from './belarusian';
import { parseQuantities, rawKey, separateSizes, type Quantity } from './units';
import { lexicon, type Lexicon, type Role } from './lexicon';
import { isCommonWord, parseIntent, type Intent } from './intent';
import { cacheFor, correct, hasPrefix, lexize, stemAll, type VocabCache, type Vocabulary } from './vocabulary';
import { isTaskFiller, joinsWords, loadedTasks, matchTasks, type TaskMatch } from './tasks';

export type Term = { lex: string; prefix: boolean };
/** One thing the visitor asked for: any alternative (an AND of terms) satisfies it, or a quantity, an article part, a section. */
export type Clause = {
  typed: string;
  shown: string;
  alternatives: Term[][];
  how: 'exact' | 'prefix' | 'layout' | 'translit' | 'belarusian' | 'typo' | 'synonym' | 'section' | 'unknown' | 'number';
  role: Role;
  /** A number with a unit: matched against the products' properties (memory engine). */
  quantity?: Quantity;
  /** Normalised article fragments («26277» of «бита 26277»): a product whose article contains one matches. */
  articleParts?: string[];
  /** Leaf sections under a section named by the query («садовая техника»). */
  sectionIds?: number[];
  /** «шуруповерта» in «аккумулятор для шуруповерта»: what the thing is for, not the thing; not required. */
  context?: boolean;
  /** «bosch или dewalt»: the clauses joined (this one accepts any of them). */
  anyOf?: Clause[];
  /** A task's sections («чем резать керамогранит», tasks.ts): `sectionIds` in the task's order, the first the most fitting. */
  task?: boolean;
};

export type Plan = {
  query: string;
  clauses: Clause[];
  /** Normalised article candidates: an exact match ranks first. */
  articles: string[];
  /** Normalised whole query, for article prefix/infix matches while typing ("GSB12"). */
  articlePart: string | null;
  /** The same with its letters as Latin and as Cyrillic look-alikes. */
  articleParts: string[];
  /** tsquery text (lexemes only, safe to cast), or null when there are no words to match. */
  tsquery: string | null;
  /** Same without the prefix on the last word: exact words rank above completions. */
  tsqueryExact: string | null;
  /** The query as understood, when it differs from what was typed (layout, typo): «Возможно, вы искали …». */
  corrected: string | null;
  /** Sections of what fits the tool named after «для» (drills for a perforator): ranked first. */
  boostSections: number[];
  /** Price and property limits, a sort, excluded words (intent.ts); absent: none. */
  intent?: Intent;
  /** What the products shown must not have («не аккумуляторный», «кроме makita»). */
  exclude?: Clause[];
  /** The task the query names (tasks.ts): only products of its sections are shown. */
  task?: { id: number; name: string; sectionIds: number[] };
};

async function synonymLexemes(db: Db, cache: VocabCache) {
  if (cache.synonyms) return cache.synonyms;
  const all = [...new Set(SYNONYM_GROUPS.flat().flatMap(words))];
  const { lex } = await lexize(db, all);
  cache.synonyms = SYNONYM_GROUPS.map((group) => ({ phrases: group.map((p) => words(p).flatMap((w) => lex.get(w) ?? [])).filter((p) => p.length) }));
  return cache.synonyms;
}
const SYNONYM_WORDS = new Set(SYNONYM_GROUPS.flat().flatMap(words));

const quote = (lex: string) => `'${lex.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The clauses as a tsquery (all required); `withPrefix`: the last word may be completed. */
/** `weights` («B»): only lexemes at those weights match (the PostgreSQL engine's test of a word in the product's section name). */
export function toTsquery(clauses: Clause[], withPrefix = false, weights = ''): string | null {
  const parts = clauses
    .filter((c) => !c.context)
    .map((c) => {
      const alts = c.alternatives
        .filter((a) => a.length)
        .map((a) => {
          const t = a.map((term) => quote(term.lex) + (withPrefix && term.prefix ? ':*' : weights ? ':' : '') + weights).join(' & ');
          return a.length > 1 ? `(${t})` : t;
        });
      const uniq = [...new Set(alts)];
      return uniq.length > 1 ? `(${uniq.join(' | ')})` : uniq[0];
    })
    .filter(Boolean);
  return parts.length ? parts.join(' & ') : null;
}

/** Loads what understanding needs (synonyms, roles, the vocabulary) before the first visitor's query. */
export async function prepareUnderstanding(db: Db): Promise<void> {
  const cache = cacheFor(db);
  await Promise.all([synonymLexemes(db, cache), lexicon(db), stemAll(db, cache, [], true)]);
}

/** Prepositions after which a tool word names what the thing is for: «для шуруповерта», «к болгарке». */
const ACCESSORY = new Set(['для', 'к', 'ко', 'под', 'на', 'от']);

export type UnderstandOptions = {
  /** The caller's engine has just read the change feed and called `vocabularyMayHaveChanged()` if needed. */
  followsChanges?: boolean;
  /** A part of a query understood on its own («bosch или dewalt», «кроме …»): no task is looked for in it. */
  noTasks?: boolean;
};

type Reading = { how: Clause['how']; words: string[] };
type Segment = { kind: 'text'; chunk: string; afterPrep: boolean } | { kind: 'qty'; text: string; quantity: Quantity };

/** Quantities and text chunks, in the order they were typed. */
function segments(query: string): Segment[] {
  const folded = separateSizes(fold(query));
  // Folding keeps positions (one letter for one letter); the original chunk is kept for layout guesses.
  const source = folded.length === query.length ? separateSizes(query) : folded;
  const out: Segment[] = [];
  let at = 0;
  let prep = false;
  const text = (s: string) => {
    for (const chunk of chunks(s)) {
      const ws = words(chunk);
      if (ws.length === 1 && ACCESSORY.has(ws[0]!)) {
        prep = true;
        continue;
      }
      out.push({ kind: 'text', chunk, afterPrep: prep });
      prep = false;
    }
  };
  for (const span of parseQuantities(folded)) {
    text(source.slice(at, span.start));
    out.push({ kind: 'qty', text: span.text.trim(), quantity: span.quantity });
    prep = false;
    at = span.end;
  }
  text(source.slice(at));
  return out.slice(0, 12);
}

function readingsOf(chunk: string): Reading[] {
  const typed = words(chunk);
  const list: Reading[] = [{ how: 'exact', words: typed }];
  const by = typed.map((w) => fromBelarusian(w) ?? w);
  if (by.some((w, i) => w !== typed[i])) list.push({ how: 'belarusian', words: by.flatMap(words) });
  // A Belarusian word may come through the wrong layout too («ihe,fdthn» → «шрубаверт»).
  const viaDictionary = (ws: string[]) => ws.flatMap((w) => words(fromBelarusian(w) ?? w));
  // A layout reading that turns keys into punctuation («бо» → «,j») is not a word.
  const layout = otherLayout(chunk)?.match(/^[\p{L}\p{N}]+$/u)?.[0];
  if (layout) list.push({ how: 'layout', words: viaDictionary(words(layout)) });
  const byLayout = belarusianLayout(chunk);
  if (byLayout && byLayout !== layout && /^[\p{L}\p{N}]+$/u.test(byLayout)) list.push({ how: 'layout', words: viaDictionary(words(byLayout)) });
  if (typed.length === 1) {
    const lat = latinToCyrillic(typed[0]!);
    if (lat) list.push({ how: 'translit', words: [lat] });
    const cyr = cyrillicToLatin(typed[0]!);
    if (cyr) list.push({ how: 'translit', words: [cyr] });
  }
  return list;
}

export async function understand(db: Db, raw: string, opts: UnderstandOptions = {}): Promise<Plan> {
  const query = cleanQuery(raw);
  const empty: Plan = { query, clauses: [], articles: [], articlePart: null, articleParts: [], tsquery: null, tsqueryExact: null, corrected: null, boostSections: [] };
  if (!query) return empty;
  const cache = cacheFor(db);
  const typingLastWord = !/\s$/.test(raw.slice(0, 10_000)) && raw.trim().length > 0;

  const articles = articleCandidates(query);
  const whole = normalizeArticle(query);
  const articlePart = whole.length >= 4 && /\d/.test(whole) && /^[\p{L}\p{N}]+$/u.test(whole) ? whole : null;
  const articleParts = articlePart ? [...new Set([articlePart, ...lookalikes(articlePart)])] : [];

  // Price, property limits, superlatives, «не», «или», English names and fillers (intent.ts) come out first.
  const parsed = parseIntent(query);
  const found = opts.noTasks ? null : await findTask(db, cache, parsed.rest, opts);
  for (const f of found?.tasks ?? []) {
    parsed.intent.phrases.push(f.phrase);
    parsed.intent.chips.push({ kind: 'task', name: f.task.name, phrase: f.phrase });
  }
  const segs = segments(found ? found.rest : parsed.rest);
  const readings = segs.map((s) => (s.kind === 'text' ? readingsOf(s.chunk) : []));
  const allWords = [...new Set(readings.flat().flatMap((r) => r.words))].filter((w) => w.length <= 60);
  const [synonyms, lexi] = await Promise.all([synonymLexemes(db, cache), lexicon(db)]);
  const vocab = await stemAll(db, cache, allWords, !!opts.followsChanges);
  const lex = cache.stems;
  const synonymLex = new Set(synonyms.flatMap((s) => s.phrases.flat()));

  let clauses: Clause[] = [];
  const afterPrep = new Set<Clause>();
  let changed = false;
  segs.forEach((seg, i) => {
    const isLast = i === segs.length - 1 && typingLastWord;
    if (seg.kind === 'qty') {
      const q = seg.quantity;
      // A bare 4-digit number may also be a part of an article («бита 7202»).
      const parts = q.dim === null && /^\d{4}$/.test(seg.text) ? [seg.text] : undefined;
      clauses.push({ typed: seg.text, shown: seg.text, alternatives: [[{ lex: rawKey(q.raw), prefix: isLast && q.dim === null && seg.text.length >= 2 }]], how: 'number', role: 'attr', quantity: q, articleParts: parts });
      return;
    }
    const clause = chunkClause(seg.chunk, readings[i]!, isLast, vocab, lex, synonymLex, cache.typos);
    if (!clause) return;
    if (clause.how !== 'exact' && clause.how !== 'prefix' && clause.how !== 'number' && clause.how !== 'unknown') changed = true;
    if (seg.afterPrep) afterPrep.add(clause);
    // One letter being typed after other words («шуруповерт 18в м») says too little to require: it waits for the next key.
    if (isLast && segs.length > 1 && /^\p{L}$/u.test(seg.chunk)) clause.context = true;
    clauses.push(clause);
  });

  // «bosch или dewalt»: each word understood on its own, one clause accepting either.
  for (const group of parsed.intent.anyOf) {
    const parts = await Promise.all(group.map((w) => understand(db, `${w} `, { ...opts, noTasks: true })));
    if (!parts.every((p) => p.clauses.length === 1)) {
      for (const p of parts) clauses.push(...p.clauses);
      continue;
    }
    const cs = parts.map((p) => p.clauses[0]!);
    const sectionIds = cs.some((c) => c.sectionIds) ? [...new Set(cs.flatMap((c) => c.sectionIds ?? []))] : undefined;
    clauses.push({ typed: group.join(' или '), shown: cs.map((c) => c.shown).join(' или '), alternatives: cs.flatMap((c) => c.alternatives), how: cs[0]!.how, role: cs[0]!.role, sectionIds, anyOf: cs });
  }
  const exclude: Clause[] = [];
  for (const w of parsed.intent.exclude) exclude.push(...(await understand(db, `${w} `, { ...opts, noTasks: true })).clauses.filter((c) => c.how !== 'unknown'));

  clauses = applySynonyms(clauses, synonyms, afterPrep);
  clauses = applySectionNames(clauses, lexi, afterPrep);
  for (const c of clauses) if (c.how !== 'number' && !c.anyOf) c.role = roleOf(c, lexi);
  // «аккумулятор для шуруповерта»: the tool after the preposition is context when another type word names the thing.
  for (const c of clauses) if (afterPrep.has(c) && c.role === 'type' && clauses.some((o) => o !== c && !afterPrep.has(o) && o.role === 'type')) c.context = true;

  // Two tasks are one clause accepting either's sections, their first sections first (a task's sections are in the order it names them).
  const task = found ? { id: found.tasks[0]!.task.id, name: found.tasks.map((f) => f.task.name).join(', '), sectionIds: interleave(found.tasks.map((f) => f.task.sectionIds)) } : undefined;
  if (task) clauses.push({ typed: found!.phrase, shown: task.name, alternatives: [], how: 'section', role: 'type', sectionIds: task.sectionIds, task: true });

  const boost = new Set<number>();
  for (const c of clauses)
    if (c.context) for (const l of lexemesOf(c)) for (const tool of lexi.sectionsOf.get(l) ?? []) for (const s of lexi.consumables.get(tool) ?? []) boost.add(s);

  const tsquery = toTsquery(clauses, true);
  const tsqueryExact = toTsquery(clauses, false);
  const corrected = changed ? clauses.map((c) => c.shown).join(' ') : null;
  return { query, clauses, articles, articlePart, articleParts, tsquery, tsqueryExact, corrected: corrected && corrected !== fold(query) ? corrected : null, boostSections: [...boost], intent: parsed.intent, exclude, task };
}

/**
 * The tasks the rest of the query names (tasks.ts: one, or two joined by «и»), and the query without their phrase and
 * the filler around it («что нужно для», «чем», «инструмент для»). `phrase` is what was taken out, as typed; each
 * task's own `phrase` is what its chip removes: all of it for one task, the words only that task holds for two.
 */
async function findTask(db: Db, cache: VocabCache, rest: string, opts: UnderstandOptions) {
  const tasks = await loadedTasks(db);
  const ws = words(rest);
  if (!tasks.length || !ws.length || ws.length > 12) return null;
  // Known words cost nothing; the PostgreSQL engine (no change feed) would otherwise pay a round trip per query.
  if (ws.some((w) => !cache.stems.has(w))) await stemAll(db, cache, ws, !!opts.followsChanges);
  const stems = ws.map((w) => cache.stems.get(w) ?? []);
  const found = matchTasks(tasks, stems, ws, joinsWords(rest));
  if (!found.length) return null;
  const used = new Set(found.flatMap((m) => m.words));
  const gone = ws.map((w, i) => used.has(i) || isTaskFiller(w) || !stems[i]!.length);
  const phrase = ws.filter((_, i) => gone[i]).join(' ');
  // Two tasks: a chip takes its task's own words and the «и» between them, so the query it leaves reads as typed
  // («чем сверлить бетон и металл» without «сверление металла» is «чем сверлить бетон»).
  const and = ws.indexOf('и');
  const chipWords = (m: TaskMatch, other: TaskMatch) => [...m.words.filter((i) => !other.words.includes(i)), ...(and >= 0 ? [and] : [])].sort((a, b) => a - b);
  const chips = found.length === 1 ? [{ task: found[0]!.task, phrase }] : found.map((m, k) => ({ task: m.task, phrase: chipWords(m, found[1 - k]!).map((i) => ws[i]).join(' ') }));
  return { tasks: chips, phrase, rest: ws.filter((_, i) => !gone[i]).join(' ') };
}

/** Lists merged by turns (a, b, a, b…), each id once. */
function interleave(lists: number[][]): number[] {
  const out = new Set<number>();
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.add(l[i]!);
  return [...out];
}

function chunkClause(chunk: string, options: Reading[], isLast: boolean, vocab: Vocabulary, lex: Map<string, string[]>, synonymLex: Set<string>, memo: Map<string, string | null>): Clause | null {
  const known = (l: string) => vocab.lexemes.has(l) || synonymLex.has(l);
  const stemmed = (r: Reading) => r.words.map((w) => ({ w, lex: lex.get(w) ?? [] }));
  const typedWords = stemmed(options[0]!);
  // Stop words only ("для", "и"): nothing to require.
  if (typedWords.every((t) => t.lex.length === 0)) return null;
  const toTerms = (r: Reading) => stemmed(r).flatMap((t, k) => t.lex.map((l) => ({ lex: l, prefix: isLast && k === r.words.length - 1 && l.length >= 2 })));
  // Letters glued to digits (an article, «М14»): matched as typed, never "corrected"; also as a part of an article.
  if (typedWords.some((t) => /\d/.test(t.w))) {
    const norm = normalizeArticle(chunk);
    const parts = norm.length >= 4 && /\d/.test(norm) ? [...new Set([norm, ...lookalikes(norm)])] : undefined;
    return { typed: chunk, shown: fold(chunk), alternatives: [toTerms(options[0]!)], how: 'number', role: 'article', articleParts: parts };
  }
  const fits = (r: Reading, prefixOk: boolean) =>
    stemmed(r).every((t, k) => t.lex.length === 0 || t.lex.every((l) => known(l) || (prefixOk && k === r.words.length - 1 && l.length >= 2 && hasPrefix(vocab, l))));

  const exact = options.filter((r) => r.words.length && fits(r, false));
  const chosen = exact.length ? exact : options.filter((r) => r.words.length && fits(r, isLast)).slice(0, 1);
  if (chosen.length) {
    const first = chosen[0]!;
    const how = first.how === 'exact' && !exact.length ? 'prefix' : first.how;
    // A layout fix is a real word already ("дрель"); a transliteration is a spelling guess ("дрел"), so show the catalogue's word.
    const shown = first.how === 'translit' ? stemmed(first).map((t) => (t.lex.length === 1 ? vocab.word.get(t.lex[0]!) : undefined) ?? t.w).join(' ') : first.words.join(' ');
    const alternatives = chosen.map(toTerms);
    // A stem that only a synonym knows, typed short of any synonym's spelling («бетонк»): it may as well be a
    // typo of a catalogue word («бетону»), so that reading is offered too and the other words decide.
    const t0 = typedWords[0];
    if (how === 'exact' && typedWords.length === 1 && t0 && !SYNONYM_WORDS.has(t0.w) && t0.lex.every((l) => !vocab.lexemes.has(l))) {
      const fixed = correct(vocab, t0.w, t0.lex[0]!, false, 1, memo);
      if (fixed) alternatives.push([{ lex: fixed, prefix: false }]);
    }
    return { typed: chunk, shown, alternatives, how, role: 'attr' };
  }
  // An ordinary word («ремонт», «цена») or an English tool word is not a typo of a brand or another word.
  if (typedWords.length === 1 && isCommonWord(typedWords[0]!.w)) return { typed: chunk, shown: fold(chunk), alternatives: [toTerms(options[0]!)], how: 'unknown', role: 'attr' };
  // Typos: try every reading, the typed one first.
  for (const r of options) {
    const ws = stemmed(r);
    if (ws.length !== 1 || ws[0]!.lex.length !== 1) continue;
    const fixed = correct(vocab, ws[0]!.w, ws[0]!.lex[0]!, isLast, undefined, memo);
    if (fixed) return { typed: chunk, shown: vocab.word.get(fixed) ?? fixed, alternatives: [[{ lex: fixed, prefix: isLast && !vocab.lexemes.has(fixed) }]], how: 'typo', role: 'attr' };
  }
  // A word derived from a catalogue word («кожаные» from «кожа», «металлический» from «металл»): the same root.
  const t0 = typedWords[0]!;
  if (typedWords.length === 1 && t0.lex.length === 1) {
    const root = rootOf(vocab, t0.lex[0]!);
    if (root) return { typed: chunk, shown: vocab.word.get(root) ?? root, alternatives: [[{ lex: root, prefix: false }]], how: 'typo', role: 'attr' };
  }
  return { typed: chunk, shown: fold(chunk), alternatives: [toTerms(options[0]!)], how: 'unknown', role: 'attr' };
}

/** The longest catalogue lexeme that starts an unknown stem and makes up at least half of it (≥ 3 letters). */
function rootOf(vocab: Vocabulary, stem: string): string | null {
  if (stem.length < 5 || !/^[а-я]+$/.test(stem)) return null;
  for (let n = stem.length - 1; n >= Math.max(3, Math.ceil(stem.length * 0.5)); n--) if (vocab.lexemes.has(stem.slice(0, n))) return stem.slice(0, n);
  return null;
}

const lexemesOf = (c: Clause) => c.alternatives.flat().map((t) => t.lex);

function roleOf(c: Clause, lexi: Lexicon): Role {
  if (c.how === 'synonym' || c.how === 'section') return lexemesOf(c).some((l) => lexi.brands.has(l)) ? 'brand' : 'type';
  if (c.role === 'article') return 'article';
  const ls = lexemesOf(c);
  if (ls.some((l) => lexi.brands.has(l))) return 'brand';
  if (ls.some((l) => lexi.types.has(l))) return 'type';
  return 'attr';
}

const single = (c: Clause) => (c.how !== 'number' && c.alternatives.length >= 1 && c.alternatives.every((a) => a.length === 1) ? c.alternatives.map((a) => a[0]!.lex) : null);

/** Replaces the clauses that spell a synonym phrase by one clause accepting any phrase of its group. */
function applySynonyms(clauses: Clause[], groups: { phrases: string[][] }[], afterPrep: Set<Clause>): Clause[] {
  const out: Clause[] = [];
  for (let i = 0; i < clauses.length; ) {
    let matched: { n: number; group: { phrases: string[][] } } | null = null;
    for (const group of groups)
      for (const phrase of group.phrases) {
        if (phrase.length > clauses.length - i || (matched && matched.n >= phrase.length)) continue;
        // Two words in either order: «пила дисковая» = «дисковая пила».
        const order = phrase.length === 2 ? [phrase, [phrase[1]!, phrase[0]!]] : [phrase];
        if (order.some((p) => p.every((l, k) => single(clauses[i + k]!)?.includes(l)))) matched = { n: phrase.length, group };
      }
    if (!matched) {
      out.push(clauses[i]!);
      i++;
      continue;
    }
    const span = clauses.slice(i, i + matched.n);
    const alternatives = matched.group.phrases.map((p) => p.map((l) => ({ lex: l, prefix: false })));
    // One word read two ways («бетонк»: the synonym, or a typo of «бетону»): the other reading stays.
    if (span.length === 1) for (const a of span[0]!.alternatives) if (!matched.group.phrases.some((p) => p.length === 1 && p[0] === a[0]?.lex)) alternatives.push(a);
    const merged: Clause = { typed: span.map((c) => c.typed).join(' '), shown: span.map((c) => c.shown).join(' '), alternatives, how: 'synonym', role: 'type' };
    if (afterPrep.has(span[0]!)) afterPrep.add(merged);
    out.push(merged);
    i += matched.n;
  }
  return out;
}

/** Words naming a section above the leaves («садовая техника», «пилы цепные») become one clause matched by section. */
function applySectionNames(clauses: Clause[], lexi: Lexicon, afterPrep: Set<Clause>): Clause[] {
  let list = clauses;
  for (const phrase of lexi.phrases) {
    const used: number[] = [];
    for (const l of phrase.lexemes) {
      const k = list.findIndex((c, idx) => !used.includes(idx) && single(c)?.includes(l));
      if (k < 0) break;
      used.push(k);
    }
    if (used.length !== phrase.lexemes.length) continue;
    used.sort((a, b) => a - b);
    const span = used.map((k) => list[k]!);
    const merged: Clause = {
      typed: span.map((c) => c.typed).join(' '),
      shown: span.map((c) => c.shown).join(' '),
      alternatives: [phrase.lexemes.map((l) => ({ lex: l, prefix: false }))],
      how: 'section',
      role: 'type',
      sectionIds: phrase.sectionIds,
    };
    if (afterPrep.has(span[0]!)) afterPrep.add(merged);
    list = list.flatMap((c, idx) => (idx === used[0] ? [merged] : used.includes(idx) ? [] : [c]));
  }
  return list;
}
