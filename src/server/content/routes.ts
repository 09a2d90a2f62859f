/**
 * First path segments an info page (served by the catch-all /{slug}/) may not take: the store's own
 * routes (src/pages/*) and public files. Kept as a list because the built server has no src/pages to
 * look at; tests/unit/content-routes.test.ts fails when a route or a public folder is added without
 * its name here. Product codes are checked against the database (editor.ts).
 */
export const TAKEN_SEGMENTS = new Set([
  '1c_exchange.php', '404', '500', '_astro', '_image', '_server-islands', 'actions', 'api', 'basket', 'bitrix', 'brands', 'callback', 'catalog',
  'checkout', 'circles', 'compare', 'desk', 'e-order', 'error', 'favourites', 'feed', 'filial', 'guaranty-register', 'guaranty-response',
  'ie', 'img', 'index', 'login', 'logout', 'media', 'payments', 'personal', 'print-detail', 'qr', 'registration', 'request-feedback', 'restore',
  'robots.txt', 'search', 'sitemap.xml', 'subscriptions', 'web', 'where-buy', 'media-files', 'favicon.ico', 'favicon.svg', 'favicon-32.png',
  'apple-touch-icon.png',
]);

/** Info pages with a route of their own that prints the page (src/pages/{code}.astro): theirs to take. */
export const OWN_ROUTE_PAGES = new Set(['advantages', 'agreement', 'political', 'garant']);

export function segmentTaken(code: string): boolean {
  return !OWN_ROUTE_PAGES.has(code) && (TAKEN_SEGMENTS.has(code) || code.startsWith('sitemap-'));
}
