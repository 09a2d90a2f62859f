import type { APIRoute } from 'astro';

/**
 * GET /robots.txt. Sorted and resized listings are canonicalised to the default order, so crawlers
 * are kept off them (and off personal, service and API addresses); filter pages stay crawlable and
 * carry their own robots meta (one brand: indexed; combinations: noindex, follow).
 */
export const GET: APIRoute = ({ site }) => {
  const lines = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /web/',
    'Disallow: /personal/',
    'Disallow: /basket/',
    'Disallow: /checkout/',
    'Disallow: /compare/',
    'Disallow: /favourites/',
    'Disallow: /login/',
    'Disallow: /registration/',
    'Disallow: /restore/',
    'Disallow: /search/',
    'Disallow: /print-detail/',
    'Disallow: /qr/',
    'Disallow: /*?*sort=',
    'Disallow: /*?*page_size=',
    'Disallow: /*?*sent=',
    'Allow: /',
    '',
    `Sitemap: ${new URL('/sitemap.xml', site).href}`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
