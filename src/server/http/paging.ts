/**
 * The one page-navigation shape of every paged answer (favourites, basket, orders, users, shops…).
 * The key it sits under follows the spec per call (`page_navigation` or `pageNavigation`); the
 * shape inside is always this.
 */
export type PageNavigation = { page: number; page_size: number; total: number; pages: number };

/** Clamps `page` into range and returns the navigation plus the SQL offset. */
export function paginate(total: number, page: number, pageSize: number): PageNavigation & { offset: number } {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return { page: current, page_size: pageSize, total, pages, offset: (current - 1) * pageSize };
}

export function pageNavigation(total: number, page: number, pageSize: number): PageNavigation {
  const { offset: _offset, ...nav } = paginate(total, page, pageSize);
  return nav;
}
