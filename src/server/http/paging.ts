/**
 * The one page-navigation shape of every paged answer (catalogue listings, consumables, favourites,
 * basket, orders, users, shops, promotions…). The key it sits under follows the spec per call
 * (`page_navigation` or `pageNavigation`); the shape inside is always this.
 */
export type PageNavigation = { page: number; page_size: number; total: number; pages: number };

/**
 * The navigation of the page that was read, as asked for: for a page read together with its count
 * (a page past the end is then empty and says so: `page` > `pages`). `pages` is at least 1.
 */
export function pageNavigation(total: number, page: number, pageSize: number): PageNavigation {
  return { page, page_size: pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** Count first, then read: clamps `page` into 1…pages and gives the navigation and the offset to read at. */
export function paginate(total: number, page: number, pageSize: number): { navigation: PageNavigation; offset: number } {
  const navigation = pageNavigation(total, 1, pageSize);
  navigation.page = Math.min(Math.max(1, page), navigation.pages);
  return { navigation, offset: (navigation.page - 1) * pageSize };
}
