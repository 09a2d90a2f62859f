/** The favourites page's address: `?sort=&page=`, read by the page and written by its island. */
import { z } from 'astro/zod';
import { zPage, zSortOf } from '../http/zod';
import { DEFAULT_FAVORITES_SORT, SORT_KEYS } from './favorites';

/** Unknown or malformed values fall back to the first page in the default order (the page is never an error). */
export const favoritesAddress = z.object({
  sort: zSortOf(SORT_KEYS, DEFAULT_FAVORITES_SORT),
  page: zPage.catch(1),
});
