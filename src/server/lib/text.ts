/** Text helpers shared by the seed, catalogue and search. */

const CYR_TO_LAT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'c', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ў: 'u',
};

/** Cyrillic → Latin, lower case (ГОСТ-like, as used in URLs: «Дрель ударная» → «drel udarnaya»). */
export function translit(input: string): string {
  let out = '';
  for (const ch of input.toLowerCase()) out += CYR_TO_LAT[ch] ?? ch;
  return out;
}

/** URL slug: Latin letters, digits and single dashes. */
export function slugify(input: string): string {
  return translit(input)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/-{2,}/g, '-');
}

/** Article as typed by people (with spaces, dashes, dots, either case) → one comparable form. */
export function normalizeArticle(article: string): string {
  return article.replace(/[\s.\-_/]+/g, '').toUpperCase();
}

export { formatPrice, plural } from '../../lib/format';
