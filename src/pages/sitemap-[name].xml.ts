import type { APIRoute } from 'astro';
import sourceDates from 'virtual:source-dates';
import { getDb } from '../server/db/client';
import { runningPromotions } from '../server/content/promotions';
import { allMedia, allPages, mediaLive, pageLive } from '../server/content/store';
import { brandUrls, contentUrls, productUrls, sectionUrls, sitemapNames, urlsetXml, type SitemapUrl } from '../server/catalog/sitemap';
import { cacheForGuests, TAG } from '../server/page-cache/mark';

/** GET /sitemap-{sections|brands|content|products-N}.xml */
export const GET: APIRoute = async (ctx) => {
  const db = await getDb();
  const name = ctx.params.name ?? '';
  let urls: SitemapUrl[] | null = null;
  if (name === 'sections') urls = await sectionUrls(db);
  else if (name === 'brands') urls = await brandUrls(db);
  else if (name === 'content') {
    const [promotions, pages, media] = await Promise.all([runningPromotions(), allPages(db).then((all) => all.filter((e) => pageLive(e))), allMedia(db).then((all) => all.filter((e) => mediaLive(e)))]);
    urls = await contentUrls(db, {
      promotions: promotions.map((e) => ({ id: e.id, updated: e.updatedAt })),
      pages: pages.map((e) => ({ id: e.id, updated: e.data.updated ?? e.updatedAt })),
      // Only media with a page of their own (a social post links out).
      media: media.map((e) => ({ id: e.id, updated: e.data.published, page: e.data.kind !== 'social' })),
      files: sourceDates,
    });
  } else if (/^products-[1-9]\d{0,3}$/.test(name) && (await sitemapNames(db)).includes(name)) urls = await productUrls(db, Number(name.slice(9)));
  if (!urls) return new Response('Не найдено', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(urlsetXml(urls, ctx.site!), { headers: { 'content-type': 'application/xml; charset=utf-8', ...cacheForGuests(ctx, [TAG.sitemap], { kind: 'call' }) } });
};
