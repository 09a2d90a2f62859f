/**
 * Editors' entries as the readers see them (promotions.ts, media.ts, pages.ts): rows of
 * `content_entries` in the shape the Markdown collections had (`id` = code, `data` = the front
 * matter), so pages, calls and the personal area kept their code when the source moved to the
 * database (decision 0210). Read per request: a few dozen small rows, and every node is current the
 * moment a save commits.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contentEntries, contentImages, type ContentKind, type ContentStatus } from '../db/schema';
import type { ProductRefs } from './refs';

/** Widths a content picture is served in (/img/c/{id}/{width}.webp). */
export const CONTENT_IMAGE_WIDTHS = [160, 240, 360, 480, 640, 960] as const;

export type ContentImage = { id: number; src: string; width: number; height: number; alt: string; srcset: string };

export function contentImage(row: { id: number; width: number; height: number; alt: string }, widths: readonly number[] = [360, 640]): ContentImage {
  const url = (w: number) => `/img/c/${row.id}/${w}.webp`;
  const fit = widths.filter((w) => w <= Math.max(row.width, widths[0]!));
  return { id: row.id, src: url(fit[fit.length - 1] ?? widths[0]!), width: row.width, height: row.height, alt: row.alt, srcset: fit.map((w) => `${url(w)} ${w}w`).join(', ') };
}

type Base = { entryId: number; id: string; status: ContentStatus; html: string; body: string; updatedAt: Date };

export type PromotionData = { title: string; preview: string; description?: string; color: string; starts: Date; ends: Date; forContractors: boolean; image?: ContentImage; imageAlt?: string; products: ProductRefs; draft: boolean };
export type MediaKind = 'material' | 'video' | 'social';
export type MediaData = { kind: MediaKind; title: string; description?: string; url: string; fileSize?: number; format?: string; cover?: ContentImage; published: Date; products: ProductRefs; sort: number; draft: boolean; ends: Date | null };
export type PageData = { title: string; description: string; h1?: string; updated?: Date; requisites: boolean; draft: boolean; starts: Date | null; ends: Date | null };

export type PromotionEntry = Base & { data: PromotionData };
export type MediaEntry = Base & { data: MediaData };
export type PageEntry = Base & { data: PageData };

const refs = (v: unknown): ProductRefs => {
  const r = (v ?? {}) as Partial<ProductRefs>;
  return { sections: r.sections ?? [], articles: r.articles ?? [], limit: r.limit ?? 24 };
};
const opt = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

type Row = typeof contentEntries.$inferSelect & { img: { id: number; width: number; height: number; alt: string } | null };

function base(r: Row): Base {
  return { entryId: r.id, id: r.code, status: r.status, html: r.html, body: r.body, updatedAt: r.updatedAt };
}

export function toPromotion(r: Row): PromotionEntry {
  const d = r.data as Record<string, unknown>;
  const image = r.img ? contentImage({ ...r.img, alt: r.imageAlt ?? r.img.alt }) : undefined;
  return {
    ...base(r),
    data: {
      title: r.title,
      preview: r.preview,
      description: opt(d.description as string | undefined),
      color: (d.color as string) ?? '#d71920',
      starts: r.startsAt ?? r.createdAt,
      ends: r.endsAt ?? new Date(8.64e15),
      forContractors: !!d.forContractors,
      image,
      imageAlt: image?.alt,
      products: refs(d.products),
      draft: r.status !== 'published',
    },
  };
}

export function toMedia(r: Row): MediaEntry {
  const d = r.data as Record<string, unknown>;
  return {
    ...base(r),
    data: {
      kind: (d.mediaKind as MediaKind) ?? 'material',
      title: r.title,
      description: r.preview || undefined,
      url: (d.url as string) ?? '',
      fileSize: opt(d.fileSize as number | undefined),
      format: opt(d.format as string | undefined),
      cover: r.img ? contentImage({ ...r.img, alt: r.imageAlt ?? r.img.alt }, [160, 240, 480]) : undefined,
      published: r.startsAt ?? r.createdAt,
      products: refs(d.products),
      sort: typeof d.sort === 'number' ? d.sort : 500,
      draft: r.status !== 'published',
      ends: r.endsAt,
    },
  };
}

export function toPage(r: Row): PageEntry {
  const d = r.data as Record<string, unknown>;
  return {
    ...base(r),
    data: {
      title: r.title,
      description: r.preview,
      h1: opt(d.h1 as string | undefined),
      updated: typeof d.updated === 'string' ? new Date(d.updated) : undefined,
      requisites: !!d.requisites,
      draft: r.status !== 'published',
      starts: r.startsAt,
      ends: r.endsAt,
    },
  };
}

const columns = { entry: contentEntries, img: { id: contentImages.id, width: contentImages.width, height: contentImages.height, alt: contentImages.alt } };

async function rows(db: Db, kind: ContentKind, code?: string): Promise<Row[]> {
  const found = await db
    .select(columns)
    .from(contentEntries)
    .leftJoin(contentImages, eq(contentImages.id, contentEntries.imageId))
    .where(and(eq(contentEntries.kind, kind), code === undefined ? undefined : eq(contentEntries.code, code)))
    .orderBy(asc(contentEntries.code));
  return found.map((f) => ({ ...f.entry, img: f.img }));
}

/**
 * Whether guests may see an entry now: published, started, and (media and pages; an ended
 * promotion keeps its page, promotions.ts decides) not ended.
 */
export function isLive(e: { status: ContentStatus; startsAt?: Date | null; endsAt?: Date | null }, now = new Date()): boolean {
  return e.status === 'published' && (!e.startsAt || e.startsAt <= now) && (!e.endsAt || e.endsAt > now);
}

export const allPromotions = async (db: Db) => (await rows(db, 'promotion')).map(toPromotion);
export const allMedia = async (db: Db) => (await rows(db, 'media')).map(toMedia);
export const allPages = async (db: Db) => (await rows(db, 'page')).map(toPage);

export async function onePromotion(db: Db, code: string): Promise<PromotionEntry | null> {
  const [r] = await rows(db, 'promotion', code);
  return r ? toPromotion(r) : null;
}
export async function oneMedia(db: Db, code: string): Promise<MediaEntry | null> {
  const [r] = await rows(db, 'media', code);
  return r ? toMedia(r) : null;
}
export async function onePage(db: Db, code: string): Promise<PageEntry | null> {
  const [r] = await rows(db, 'page', code);
  return r ? toPage(r) : null;
}

/** Media and pages visible to guests now (not a draft, started, not ended). */
export const mediaLive = (e: MediaEntry, now = new Date()) => !e.data.draft && e.data.published <= now && (!e.data.ends || e.data.ends > now);
export const pageLive = (e: PageEntry, now = new Date()) => !e.data.draft && (!e.data.starts || e.data.starts <= now) && (!e.data.ends || e.data.ends > now);
