/**
 * Pure text helpers of the search pipeline: cleaning, tokens, keyboard layout, transliteration,
 * article candidates, edit distance. No database here, so all of it is unit-tested directly.
 */
import ru from 'convert-layout/ru';
import by from 'convert-layout/by';
import { normalizeArticle, translit } from '../lib/text';

/** The header field's maxlength; longer input is cut, never rejected, on the results page. */
export const MAX_QUERY_LENGTH = 200;

/** Control and format characters (NUL, zero-width spaces, bidi marks…) become spaces. */
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

export function cleanQuery(raw: string): string {
  return raw.normalize('NFKC').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/** Latin letters that look like Cyrillic ones: typed inside a Cyrillic word («пiла», «дрeль»). */
const LOOKALIKE_TO_CYR: Record<string, string> = { a: 'а', b: 'в', c: 'с', e: 'е', h: 'н', i: 'и', k: 'к', m: 'м', o: 'о', p: 'р', t: 'т', x: 'х', y: 'у' };
const MIXED_WORD = /[\p{L}]*[а-яё][\p{L}]*/gu;

/**
 * Lower case, ё = е (as the database folds documents, search_fold), Belarusian і = и and ў = у,
 * and Latin look-alike letters inside a Cyrillic word made Cyrillic.
 */
export function fold(s: string): string {
  return s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/і/g, 'и')
    .replace(/ў/g, 'у')
    .replace(MIXED_WORD, (w) => (/[a-z]/.test(w) ? w.replace(/[a-z]/g, (c) => LOOKALIKE_TO_CYR[c] ?? c) : w));
}

/** Query chunks: whitespace and punctuation that no keyboard layout maps to a letter split them. */
export function chunks(q: string): string[] {
  return q.split(/[\s\-/\\|!?()"«»+*&:_=@#$%^{}<>№–—]+/u).filter(Boolean);
}

export const words = (s: string): string[] => fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];

const LATIN_KEYS = /^[a-z[\];',.`~]+$/i;
const CYR_KEYS = /^[а-яёіў.,;'[\]]+$/i;

/**
 * The same keys typed in the other layout. Only whole chunks made of letter keys are converted,
 * because convert-layout also maps `.,;[]'` to letters (б ю ж х ъ э): "GSB 1234." stays as typed.
 */
export function otherLayout(chunk: string): string | null {
  if (LATIN_KEYS.test(chunk) && /[a-z]/i.test(chunk)) return fold(ru.fromEn(chunk.toLowerCase()));
  // Belarusian keys: і (s), ў (o) and the apostrophe (]) sit where Russian has ы… и, щ and ъ.
  if (CYR_KEYS.test(chunk) && /[іў]/i.test(chunk)) return by.toEn(chunk.toLowerCase()).toLowerCase();
  if (CYR_KEYS.test(chunk) && /[а-яё]/i.test(chunk)) return ru.toEn(fold(chunk)).toLowerCase();
  return null;
}

/** The Belarusian layout reading of a Latin chunk, when it differs from the Russian one (the «o» key is ў). */
export function belarusianLayout(chunk: string): string | null {
  if (!LATIN_KEYS.test(chunk) || !/[o\]]/i.test(chunk)) return null;
  return fold(by.fromEn(chunk.toLowerCase())).replace(/'/g, '');
}

/** Latin spelling of Russian words → Cyrillic ("drel" → "дрел", "shurupovert" → "шуруповерт"). */
const LAT_MULTI: [string, string][] = [
  ['shch', 'щ'], ['sch', 'щ'], ['zh', 'ж'], ['kh', 'х'], ['ch', 'ч'], ['sh', 'ш'], ['ts', 'ц'], ['yu', 'ю'], ['ya', 'я'],
  ['yo', 'е'], ['ye', 'е'], ['ju', 'ю'], ['ja', 'я'], ['iy', 'ий'], ['yy', 'ый'], ['ck', 'к'], ['ph', 'ф'], ['th', 'т'],
];
const LAT_ONE: Record<string, string> = {
  a: 'а', b: 'б', c: 'к', d: 'д', e: 'е', f: 'ф', g: 'г', h: 'х', i: 'и', j: 'й', k: 'к', l: 'л', m: 'м', n: 'н', o: 'о',
  p: 'п', q: 'к', r: 'р', s: 'с', t: 'т', u: 'у', v: 'в', w: 'в', x: 'кс', y: 'ы', z: 'з',
};

export function latinToCyrillic(word: string): string | null {
  if (!/^[a-z]+$/.test(word)) return null;
  let out = '';
  for (let i = 0; i < word.length; ) {
    const multi = LAT_MULTI.find(([l]) => word.startsWith(l, i));
    if (multi) {
      out += multi[1];
      i += multi[0].length;
    } else {
      const ch = word[i]!;
      // "y" after a vowel is "й" (makita → макита, but "kley" → "клей").
      out += ch === 'y' && i > 0 && /[aeiou]/.test(word[i - 1]!) ? 'й' : LAT_ONE[ch]!;
      i++;
    }
  }
  return out;
}

export function cyrillicToLatin(word: string): string | null {
  if (!/^[а-яёіў]+$/.test(word)) return null;
  return translit(word);
}

const CYR_LOOKALIKE: Record<string, string> = { А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y' };
const LAT_LOOKALIKE: Record<string, string> = Object.fromEntries(Object.entries(CYR_LOOKALIKE).map(([c, l]) => [l, c]));

/** The article's letters as Latin look-alikes («МХ18477» → «MX18477») and as Cyrillic ones. */
export function lookalikes(article: string): string[] {
  const up = article.toUpperCase();
  return [up.replace(/[А-Я]/g, (c) => CYR_LOOKALIKE[c] ?? c), up.replace(/[A-Z]/g, (c) => LAT_LOOKALIKE[c] ?? c)];
}

/** A letter prefix typed in transliteration: «ZD7202X» for «ЗД7202X», «ХП» for «HP». */
function translitPrefix(head: string): string[] {
  const out: string[] = [];
  const lower = head.toLowerCase();
  const cyr = latinToCyrillic(lower);
  if (cyr) out.push(cyr);
  const lat = cyrillicToLatin(lower);
  if (lat) out.push(lat);
  return out;
}

/**
 * Article numbers as people paste them: "GSB 1234 K", "gsb-1234-k", "ПЫИ1234Л" (wrong layout),
 * "МХ18477" (Cyrillic look-alikes of a Latin prefix), "zd7202x" (a Cyrillic prefix transliterated).
 * Every run of up to four neighbouring chunks that contains a digit is a candidate.
 */
export function articleCandidates(q: string): string[] {
  const parts = q.split(/\s+/).filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i < parts.length; i++)
    for (let j = i; j < Math.min(parts.length, i + 4); j++) {
      const joined = parts.slice(i, j + 1).join('');
      // Letter prefixes are typed in the wrong layout while the rest may be Latin already ("PL7202X" for "ЗД7202X").
      const head = joined.match(/^\p{L}+/u)?.[0] ?? '';
      const tail = joined.slice(head.length);
      const variants = [joined, ru.toEn(joined), ru.fromEn(joined), ru.toEn(head) + tail, ru.fromEn(head) + tail, ...lookalikes(joined), ...translitPrefix(head).map((h) => h + tail)];
      for (const variant of variants) {
        const norm = normalizeArticle(variant);
        if (norm.length >= 3 && /\d/.test(norm) && /^[\p{L}\p{N}]+$/u.test(norm)) for (const v of [norm, ...lookalikes(norm)]) out.add(v);
      }
    }
  return [...out].slice(0, 60);
}

/** Damerau–Levenshtein (optimal string alignment) distance, stopping early above `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2: number[] = new Array(b.length + 1).fill(0);
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  let cur: number[] = new Array(b.length + 1).fill(0);
  const p2 = prev2;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, p2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    for (let j = 0; j <= b.length; j++) p2[j] = prev[j]!;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/**
 * How many typos a typed word of this length may carry: none under 3 letters, one for 3–5 (3–4 letters
 * only under the stricter rule of `shortTypoOk`), two from 6 letters.
 */
export function allowedEdits(length: number): number {
  if (length < 3) return 0;
  if (length < 6) return 1;
  return 2;
}

/** Keys next to each other on the ЙЦУКЕН keyboard (a slipped finger). */
const ROWS = ['йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбю'];
const NEIGHBOURS = new Map<string, Set<string>>();
ROWS.forEach((row, r) =>
  [...row].forEach((ch, i) => {
    const set = new Set<string>([row[i - 1], row[i + 1], ROWS[r - 1]?.[i], ROWS[r - 1]?.[i + 1], ROWS[r + 1]?.[i], ROWS[r + 1]?.[i - 1]].filter((c): c is string => !!c));
    NEIGHBOURS.set(ch, set);
  }),
);

/**
 * The stricter rule for 3–4 letter words: same length, same first letter, and the one difference is two
 * swapped neighbours or a slipped finger onto a neighbouring key («дтск» → «диск» is not, «дмск» is).
 */
export function shortTypoOk(typed: string, cand: string): boolean {
  if (typed[0] !== cand[0]) return false;
  // A key pressed twice: «бурр» → «бур».
  if (typed.length === cand.length + 1) return [...typed].some((c, i) => i > 0 && c === typed[i - 1] && typed.slice(0, i) + typed.slice(i + 1) === cand);
  // A letter missing inside the word: «крг» → «круг», «бта» → «бита»; a missing last letter is a different word («зуб», «зубр»).
  if (typed.length === cand.length - 1) return [...cand].some((_, i) => i > 0 && i < cand.length - 1 && cand.slice(0, i) + cand.slice(i + 1) === typed);
  if (typed.length !== cand.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < typed.length; i++) if (typed[i] !== cand[i]) diff.push(i);
  if (diff.length === 1) return NEIGHBOURS.get(cand[diff[0]!]!)?.has(typed[diff[0]!]!) ?? false;
  return diff.length === 2 && diff[1] === diff[0]! + 1 && typed[diff[0]!] === cand[diff[1]!] && typed[diff[1]!] === cand[diff[0]!];
}
