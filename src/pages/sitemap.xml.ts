import type { APIRoute } from 'astro';
import { getDb } from '../server/db/client';
import { indexXml, sitemapNames } from '../server/catalog/sitemap';
import { cacheForGuests, TAG } from '../server/page-cache/mark';

/** GET /sitemap.xml: the index of the product, section, brand and content sitemaps. */
export const GET: APIRoute = async (ctx) => {
  const names = await sitemapNames(await getDb());
  return new Response(indexXml(names, ctx.site!), { headers: { 'content-type': 'application/xml; charset=utf-8', ...cacheForGuests(ctx, [TAG.sitemap], { kind: 'call' }) } });
};
