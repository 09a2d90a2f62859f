/**
 * Product pictures in a fixed set of widths, AVIF or WebP, each variant encoded once by sharp and
 * then kept on disk (DATA_DIR/img-cache). The source is the product's imported photo
 * (photos.ts) when it has one, else the drawing of its kind (drawings/): an SVG rasterised here,
 * so the demo needs no downloads.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DRAWINGS_REVISION, drawingSvg, type DrawingSpec } from './drawings';
import { masterPath } from './photos';
import { config } from '../config';

export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 960] as const;
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** What one gallery image is made from: an imported photo, or a drawing. */
export type ImageSource = { kind: 'photo'; hash: string } | ({ kind: 'drawing' } & DrawingSpec);

export function cacheDir(): string {
  return path.resolve(config().DATA_DIR, 'img-cache');
}

/** The variant's cache file name: it changes whenever what it is made from changes. */
export function variantKey(source: ImageSource, width: number, format: ImageFormat): string {
  if (source.kind === 'photo') return `ph-${source.hash.slice(0, 32)}-${width}.${format}`;
  return `dr${DRAWINGS_REVISION}-${source.drawing}-${source.index}-${source.color.slice(1)}-${width}.${format}`;
}

function encode(img: ReturnType<typeof sharp>, format: ImageFormat): Promise<Buffer> {
  return format === 'avif' ? img.avif({ quality: 50, effort: 2 }).toBuffer() : img.webp({ quality: 74 }).toBuffer();
}

async function render(source: ImageSource, width: number, format: ImageFormat): Promise<Buffer> {
  if (source.kind === 'photo') {
    // A square frame on white, the whole photo inside it: cards and the gallery are square.
    const img = sharp(await fs.readFile(masterPath(source.hash)))
      .resize(width, width, { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' });
    return encode(img, format);
  }
  return encode(sharp(Buffer.from(drawingSvg(source))).resize(width, width), format);
}

/**
 * Reads one variant from the disk cache, or encodes it — through `inTurn` when given (the request's
 * bound, images/encode-gate.ts), which may answer a refusal instead.
 */
export async function renderProductImage(source: ImageSource, width: number, format: ImageFormat, inTurn?: (encode: () => Promise<Buffer>) => Promise<Buffer | Response>): Promise<Buffer | Response> {
  const file = path.join(cacheDir(), variantKey(source, width, format));
  try {
    return await fs.readFile(file);
  } catch {
    /* not cached yet */
  }
  const encode = () => render(source, width, format);
  const buf = inTurn ? await inTurn(encode) : await encode();
  if (buf instanceof Response) return buf;
  await fs.mkdir(cacheDir(), { recursive: true });
  // Written under a temporary name and renamed: a parallel request never reads half a file.
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await fs
    .writeFile(tmp, buf)
    .then(() => fs.rename(tmp, file))
    .catch(() => fs.rm(tmp, { force: true }));
  return buf;
}
