/**
 * Real product photos: where their masters live and what the pages read about them.
 *
 * A master is the imported photo decoded and re-encoded once by sharp — turned upright by its
 * EXIF orientation, EXIF (GPS included) dropped, at most 1600 px on its longer side, WebP — and
 * stored as DATA_DIR/product-photos/<sha256>.webp. Several app nodes share DATA_DIR (or at least
 * this folder) the way they share the database.
 */
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { productImages } from '../db/schema';
import { config } from '../config';

/** Longer side of a stored master: the largest served width (960) on a 1.5× screen and then some. */
export const MASTER_MAX_SIDE = 1600;
/** A decoded photo larger than this many pixels is refused (a "decompression bomb"). */
export const MAX_INPUT_PIXELS = 60_000_000;

export function photosDir(): string {
  return path.resolve(config().DATA_DIR, 'product-photos');
}

export function masterPath(hash: string, dir = photosDir()): string {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('bad photo hash');
  return path.join(dir, `${hash}.webp`);
}

export type Master = { data: Buffer; width: number; height: number };

/** Decodes any photo sharp reads (JPEG, PNG, WebP, AVIF, TIFF, GIF) into a master; throws on anything else. */
export async function toMaster(input: Buffer): Promise<Master> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 88 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export type GalleryImage = { position: number; alt: string };

/** A product's imported photos in gallery order (empty: it shows its drawings). */
export async function productPhotos(db: Db, productId: number): Promise<GalleryImage[]> {
  return db
    .select({ position: productImages.position, alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
}
