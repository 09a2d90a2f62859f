/** The favourites page's address: `?sort=&page=`, read by the page and written by its island. */
import { z } from 'astro/zod';
import { SORT_KEYS } from './favorites';

export const DEFAULT_FAVORITES_SORT = 'date_desc';

/** Unknown or malformed values fall back to the first page in the default order (the page is never an error). */
export const favoritesAddress = z.object({
  sort: z.enum(SORT_KEYS).catch(DEFAULT_FAVORITES_SORT),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
