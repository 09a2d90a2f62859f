/**
 * Pictures of editors' entries: uploaded through the desk (or imported with the demo), decoded and
 * re-encoded once by the product photos' sharp pipeline (images/photos.ts toMaster: upright, EXIF
 * dropped, at most 1600 px, WebP), the master kept in `content_images` so that every node serves it,
 * each width encoded on first request and kept in DATA_DIR/img-cache like the product pictures.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../db/client';
import { contentImages } from '../db/schema';
import { toMaster } from '../images/photos';
import { cacheDir } from '../images/product-image';
import { encodeInTurn } from '../images/encode-gate';
import { CONTENT_IMAGE_WIDTHS } from './store';

/** An upload larger than this is refused before it is decoded. */
export const MAX_CONTENT_IMAGE_BYTES = 15 * 1024 * 1024;
/**
 * Decoded size limit. Lower than the photo importer's (60 MP), because the desk takes files from a
 * browser: a 59-megapixel PNG is a few hundred kilobytes of zeros that decode into 240 MB of memory.
 */
export const MAX_CONTENT_IMAGE_PIXELS = 40_000_000;

export class ImageRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Checks, re-encodes and stores a picture; its id. Throws ImageRefused with a Russian reason (to follow «Картинка: »). */
export async function storeContentImage(db: Db, input: Buffer, alt: string, userId: string | null): Promise<{ id: number; width: number; height: number }> {
  if (input.length > MAX_CONTENT_IMAGE_BYTES) throw new ImageRefused(413, `файл больше ${MAX_CONTENT_IMAGE_BYTES / 1024 / 1024} МБ — уменьшите его перед загрузкой`);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(415, 'это не картинка — загрузите JPG, PNG, WebP, AVIF или GIF');
  }
  if (!meta.width || !meta.height || !['jpeg', 'png', 'webp', 'avif', 'gif', 'heif', 'tiff', 'svg'].includes(meta.format ?? '')) throw new ImageRefused(415, 'это не картинка — загрузите JPG, PNG, WebP, AVIF или GIF');
  const megapixels = (meta.width * meta.height) / 1_000_000;
  if (meta.width * meta.height > MAX_CONTENT_IMAGE_PIXELS) throw new ImageRefused(413, `${meta.width}×${meta.height} (${megapixels.toFixed(0)} Мп) — слишком большая, можно не больше ${MAX_CONTENT_IMAGE_PIXELS / 1_000_000} Мп`);
  let master;
  try {
    master = await toMaster(input);
  } catch {
    throw new ImageRefused(415, 'не удалось прочитать — файл повреждён или в неизвестном формате');
  }
  const hash = createHash('sha256').update(master.data).digest('hex');
  const [row] = await db.insert(contentImages).values({ hash, data: master.data, width: master.width, height: master.height, alt, createdBy: userId }).returning({ id: contentImages.id });
  return { id: row!.id, width: master.width, height: master.height };
}

const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** GET /img/c/{id}/{width}.webp: a picture of the fixed widths; anything else is a 404. */
export async function contentImageResponse(db: Db, request: Request, ip: string, idParam: string | undefined, sizeParam: string | undefined): Promise<Response> {
  const id = Number(idParam);
  const width = Number(sizeParam);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647 || !(CONTENT_IMAGE_WIDTHS as readonly number[]).includes(width)) return new Response('Не найдено', { status: 404 });
  const [meta] = await db.select({ hash: contentImages.hash }).from(contentImages).where(eq(contentImages.id, id)).limit(1);
  if (!meta) return new Response('Не найдено', { status: 404 });
  const etag = `"ci-${meta.hash.slice(0, 32)}-${width}"`;
  const headers = { 'cache-control': CACHE_CONTROL, etag };
  const inm = request.headers.get('if-none-match');
  if (inm && inm.split(',').some((v) => v.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  const file = path.join(cacheDir(), `ci-${meta.hash.slice(0, 32)}-${width}.webp`);
  let body: Buffer;
  try {
    body = await fs.readFile(file);
  } catch {
    const [row] = await db.select({ data: contentImages.data }).from(contentImages).where(eq(contentImages.id, id)).limit(1);
    if (!row) return new Response('Не найдено', { status: 404 });
    const encoded = await encodeInTurn(ip, () => sharp(row.data).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer());
    if (encoded instanceof Response) return encoded;
    body = encoded;
    await fs.mkdir(cacheDir(), { recursive: true });
    // Written under a temporary name and renamed: a parallel request never reads half a file.
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await fs
      .writeFile(tmp, body)
      .then(() => fs.rename(tmp, file))
      .catch(() => fs.rm(tmp, { force: true }));
  }
  return new Response(new Uint8Array(body), { headers: { ...headers, 'content-type': 'image/webp', 'content-length': String(body.length) } });
}
