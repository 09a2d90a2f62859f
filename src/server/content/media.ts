/** Media materials (spec §7 web/media/*): catalogues and leaflets to download, videos, social links. */
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '../db/client';
import { allMedia, mediaLive, oneMedia, type MediaEntry } from './store';
import type { Pricing } from '../catalog/pricing';
import { products } from '../db/schema';
import { cachedSectionTree, sectionPath } from '../catalog/sections';
import { referencedProducts, refsInclude } from './refs';
import type { ProductCard } from '../catalog/cards';

type Entry = MediaEntry;
export type MediaKind = Entry['data']['kind'];

export type MediaItem = {
  code: string;
  kind: MediaKind;
  title: string;
  description: string | null;
  url: string;
  fileSize: number | null;
  format: string | null;
  cover: string | null;
  published: string;
  /** The detail page; social links have none. */
  detailUrl: string | null;
};

export function toMediaItem(e: Entry): MediaItem {
  return {
    code: e.id,
    kind: e.data.kind,
    title: e.data.title,
    description: e.data.description ?? null,
    url: e.data.url,
    fileSize: e.data.fileSize ?? null,
    format: e.data.format ?? null,
    cover: e.data.cover?.src ?? null,
    published: e.data.published.toISOString(),
    detailUrl: e.data.kind === 'social' ? null : `/media/${e.id}/`,
  };
}

export async function listMedia(kind?: MediaKind): Promise<MediaItem[]> {
  const all = (await allMedia(await getDb())).filter((e) => mediaLive(e) && (!kind || e.data.kind === kind));
  return all.sort((a, b) => a.data.sort - b.data.sort || b.data.published.getTime() - a.data.published.getTime()).map(toMediaItem);
}

export type MediaDetail = MediaItem & { html: string; products: ProductCard[]; /** Staff only, under a banner. */ unpublished: 'draft' | 'scheduled' | null; entry: Entry };

/** A material or a video by code (social links are just links and have no page). */
export async function mediaDetail(db: Db, pricing: Pricing | null, code: string, opts: { staff?: boolean } = {}): Promise<MediaDetail | null> {
  if (!/^[a-z0-9-]{1,120}$/.test(code)) return null;
  const e = await oneMedia(db, code);
  if (!e || e.data.kind === 'social' || (!mediaLive(e) && !opts.staff)) return null;
  const unpublished = e.data.draft ? 'draft' : mediaLive(e) ? null : 'scheduled';
  return { ...toMediaItem(e), html: e.html, products: await referencedProducts(db, pricing, e.data.products), unpublished, entry: e };
}

/**
 * POST /api/media/product/: the materials and videos that mention a product. Null when the product is
 * unknown. `known`: its article and section when the caller has them already (the product page).
 */
export async function mediaForProduct(db: Db, productId: number, known?: { article: string; sectionId: number }): Promise<MediaItem[] | null> {
  const [[p], tree] = await Promise.all([
    known ? [known] : db.select({ article: products.article, sectionId: products.sectionId }).from(products).where(eq(products.id, productId)).limit(1),
    cachedSectionTree(db),
  ]);
  if (!p) return null;
  const node = tree.byId.get(p.sectionId);
  const ref = { article: p.article, sectionCodes: node ? sectionPath(tree, node).map((n) => n.code) : [] };
  const all = (await allMedia(db)).filter((e) => mediaLive(e) && e.data.kind !== 'social' && refsInclude(e.data.products, ref));
  return all.sort((a, b) => a.data.sort - b.data.sort).map(toMediaItem);
}

/** «1,8 МБ», «650 КБ», «659 Б». */
export function formatSize(bytes: number | null): string | null {
  if (!bytes) return null;
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toLocaleString('ru-BY', { maximumFractionDigits: 1 })} МБ`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${bytes} Б`;
}
