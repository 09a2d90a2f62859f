/**
 * Imports real product photos (`npm run images:import -- <folder|list|photo>`), matched to products
 * by article:
 * - a folder: `<article>.jpg`, `<article>_2.jpg`… (the number orders the gallery), or a sub-folder
 *   per article with its photos in name order;
 * - a list (.csv, .tsv or .txt, a header row, columns `article`, `source`, optional `alt`): `source` is
 *   a file (relative to the list) or an http(s) URL;
 * - one photo named by its article.
 * A product's imported set replaces its gallery as a whole (running the same import twice changes
 * nothing); products without photos keep their drawings. Whatever cannot be used — an unknown
 * article, a file that is not a picture, a URL that does not answer — is reported and skipped.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { productImages, products } from '../db/schema';
import { normalizeArticle } from '../lib/text';
import { t } from '../../i18n';
import { masterPath, photosDir, toMaster, type Master } from './photos';

export type PhotoSource = { article: string; location: string; alt: string | null; order: number };
export type Skipped = { source: string; reason: string };
export type ImportReport = { products: number; photos: number; skipped: Skipped[] };

const IMAGE_EXT = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.tif', '.tiff', '.gif']);
const LIST_EXT = new Set(['.csv', '.tsv', '.txt']);
/** A downloaded or read photo larger than this is refused before decoding. */
export const MAX_PHOTO_BYTES = 30 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;
/** Gallery length the product page shows. */
export const MAX_PHOTOS_PER_PRODUCT = 8;

const isUrl = (s: string) => /^https?:\/\//i.test(s);
const byName = (a: string, b: string) => a.localeCompare(b, 'ru', { numeric: true });

/** `HP2661_2.jpg` → article HP2661, second in its gallery. Articles themselves may contain dashes, never `_`. */
export function parsePhotoName(file: string): { article: string; order: number } | null {
  const ext = path.extname(file).toLowerCase();
  if (!IMAGE_EXT.has(ext)) return null;
  const m = /^(.+?)(?:_(\d{1,3}))?$/.exec(path.basename(file, path.extname(file)).trim());
  return m ? { article: m[1]!, order: m[2] ? Number(m[2]) : 0 } : null;
}

const COLUMNS: Record<string, 'article' | 'source' | 'alt' | 'order'> = {
  article: 'article', артикул: 'article',
  source: 'source', file: 'source', url: 'source', path: 'source', файл: 'source', ссылка: 'source', фото: 'source',
  alt: 'alt', описание: 'alt', подпись: 'alt',
  order: 'order', position: 'order', порядок: 'order',
};

/** Rows of a photo list; relative file sources are taken from the list's folder. */
export function parsePhotoList(text: string, baseDir: string): PhotoSource[] {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = first.includes('\t') ? '\t' : first.includes(';') ? ';' : ',';
  const rows = parse(text.replace(/^\uFEFF/, ''), { delimiter, columns: (h: string[]) => h.map((c) => COLUMNS[c.trim().toLowerCase()] ?? c), skip_empty_lines: true, trim: true, relax_column_count: true }) as Record<string, string>[];
  return rows
    .filter((r) => r.article && r.source)
    .map((r, i) => ({
      article: r.article!,
      location: isUrl(r.source!) ? r.source! : path.resolve(baseDir, r.source!),
      alt: r.alt?.trim() || null,
      order: r.order && /^\d+$/.test(r.order) ? Number(r.order) : i,
    }));
}

/** Everything to import from a folder, a list or one photo. */
export async function collectSources(input: string): Promise<PhotoSource[]> {
  const stat = await fs.stat(input);
  if (stat.isFile()) {
    const ext = path.extname(input).toLowerCase();
    if (LIST_EXT.has(ext)) return parsePhotoList(await fs.readFile(input, 'utf8'), path.dirname(input));
    const named = parsePhotoName(input);
    return named ? [{ ...named, location: path.resolve(input), alt: null }] : [];
  }
  const out: PhotoSource[] = [];
  for (const entry of (await fs.readdir(input, { withFileTypes: true })).sort((a, b) => byName(a.name, b.name))) {
    const full = path.join(input, entry.name);
    if (entry.isDirectory()) {
      const files = (await fs.readdir(full)).filter((f) => IMAGE_EXT.has(path.extname(f).toLowerCase())).sort(byName);
      files.forEach((f, i) => out.push({ article: entry.name, location: path.join(full, f), alt: null, order: i }));
    } else if (entry.isFile()) {
      const named = parsePhotoName(entry.name);
      if (named) out.push({ ...named, location: full, alt: null });
    }
  }
  return out;
}

/** A reason to skip one photo, in words for the person running the import. */
export class SkipPhoto extends Error {}

/** Reads a file or downloads a URL, at most MAX_PHOTO_BYTES. */
export async function loadSource(location: string): Promise<Buffer> {
  if (!isUrl(location)) {
    const stat = await fs.stat(location).catch(() => null);
    if (!stat?.isFile()) throw new SkipPhoto(t('IMG_ERR_NO_FILE'));
    if (stat.size > MAX_PHOTO_BYTES) throw new SkipPhoto(t('IMG_ERR_TOO_BIG'));
    return fs.readFile(location);
  }
  const res = await fetch(location, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' }).catch(() => null);
  if (!res?.ok || !res.body) throw new SkipPhoto(`${t('IMG_ERR_HTTP')}${res ? ` (HTTP ${res.status})` : ''}`);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > MAX_PHOTO_BYTES) throw new SkipPhoto(t('IMG_ERR_TOO_BIG'));
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function writeMaster(dir: string, m: Master): Promise<string> {
  const hash = createHash('sha256').update(m.data).digest('hex');
  const file = masterPath(hash, dir);
  await fs.mkdir(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, m.data);
  await fs.rename(tmp, file);
  return hash;
}

type ProductRef = { id: number; article: string; name: string };

/** Exact article first; else the normalized article when it names exactly one product. */
async function findProducts(db: Db, articles: string[]): Promise<Map<string, ProductRef>> {
  const norms = articles.map(normalizeArticle);
  const rows = await db
    .select({ id: products.id, article: products.article, articleNorm: products.articleNorm, name: products.name })
    .from(products)
    .where(or(inArray(products.article, articles), inArray(products.articleNorm, norms)));
  const found = new Map<string, ProductRef>();
  for (const a of articles) {
    const exact = rows.find((r) => r.article === a);
    const loose = rows.filter((r) => r.articleNorm === normalizeArticle(a));
    const hit = exact ?? (loose.length === 1 ? loose[0] : undefined);
    if (hit) found.set(a, hit);
  }
  return found;
}

export function defaultAlt(name: string, position: number): string {
  return position === 0 ? name : `${name} — ${t('CAT_PHOTO').toLowerCase()} ${position + 1}`;
}

export async function importPhotos(db: Db, sources: PhotoSource[], opts: { dir?: string; log?: (m: string) => void } = {}): Promise<ImportReport> {
  const dir = opts.dir ?? photosDir();
  const log = opts.log ?? (() => {});
  const report: ImportReport = { products: 0, photos: 0, skipped: [] };
  const groups = new Map<string, PhotoSource[]>();
  for (const s of sources) groups.set(s.article, [...(groups.get(s.article) ?? []), s]);
  const found = await findProducts(db, [...groups.keys()]);

  for (const [article, list] of groups) {
    const product = found.get(article);
    if (!product) {
      for (const s of list) report.skipped.push({ source: s.location, reason: `${t('IMG_ERR_NO_PRODUCT')} «${article}»` });
      continue;
    }
    const ordered = [...list].sort((a, b) => a.order - b.order || byName(a.location, b.location));
    const ready: { hash: string; master: Master; source: PhotoSource }[] = [];
    for (const s of ordered) {
      if (ready.length >= MAX_PHOTOS_PER_PRODUCT) {
        report.skipped.push({ source: s.location, reason: `${t('IMG_ERR_TOO_MANY')} ${MAX_PHOTOS_PER_PRODUCT}` });
        continue;
      }
      try {
        const bytes = await loadSource(s.location);
        const master = await toMaster(bytes).catch(() => {
          throw new SkipPhoto(t('IMG_ERR_NOT_IMAGE'));
        });
        ready.push({ hash: await writeMaster(dir, master), master, source: s });
      } catch (e) {
        if (!(e instanceof SkipPhoto)) throw e;
        report.skipped.push({ source: s.location, reason: e.message });
      }
    }
    if (!ready.length) continue;

    const old = await db.select({ hash: productImages.hash }).from(productImages).where(eq(productImages.productId, product.id));
    await db.transaction(async (tx) => {
      await tx.delete(productImages).where(eq(productImages.productId, product.id));
      await tx.insert(productImages).values(
        ready.map((r, position) => ({
          productId: product.id,
          position,
          hash: r.hash,
          width: r.master.width,
          height: r.master.height,
          alt: r.source.alt ?? defaultAlt(product.name, position),
          source: isUrl(r.source.location) ? r.source.location : path.basename(r.source.location),
        })),
      );
      await tx.update(products).set({ imageCount: ready.length }).where(eq(products.id, product.id));
    });
    await removeUnused(db, dir, old.map((o) => o.hash));
    report.products++;
    report.photos += ready.length;
    log(`${article}: ${ready.length} ${t('IMG_PHOTOS')}`);
  }
  return report;
}

/** Masters no product refers to any more (replaced by a new import) are deleted. */
export async function removeUnused(db: Db, dir: string, hashes: string[]): Promise<void> {
  const candidates = [...new Set(hashes)];
  if (!candidates.length) return;
  const used = await db.select({ hash: productImages.hash }).from(productImages).where(inArray(productImages.hash, candidates));
  const keep = new Set(used.map((u) => u.hash));
  for (const h of candidates) if (!keep.has(h)) await fs.rm(masterPath(h, dir), { force: true });
}
