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

/** Price in BYN for display: «1 234,50 р.» (Belarusian convention: space thousands, comma decimals). */
export function formatPrice(value: number | string): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return `${n.toLocaleString('ru-BY', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\u00a0/g, ' ')} р.`;
}

/** Russian plural: plural(5, ['товар', 'товара', 'товаров']) → 'товаров'. */
export function plural(n: number, forms: [string, string, string]): string {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  if (a > 10 && a < 20) return forms[2];
  if (b > 1 && b < 5) return forms[1];
  if (b === 1) return forms[0];
  return forms[2];
}
