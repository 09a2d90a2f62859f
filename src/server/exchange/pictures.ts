/**
 * Товар/Картинка → the product's photos through the image pipeline of `npm run images:import`
 * (src/server/images): each picture is decoded by sharp into a master (upright, EXIF dropped, ≤ 1600 px,
 * WebP) under DATA_DIR/product-photos and served by the same /img/p/ routes in every width and format.
 *
 * Runs after the catalogue transaction of import.xml committed (decoding 100,000 pictures inside it would
 * hold the transaction for an hour), one short transaction per product. A picture that was not sent, is
 * outside the session folder or is not an image is skipped with a note — never a failure of the exchange.
 * 1C names a picture file by its own Ид, so a product whose gallery already came from the same names is
 * left alone (a repeated full exchange does not decode everything again).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { productImages, products } from '../db/schema';
import { MAX_PHOTOS_PER_PRODUCT, MAX_PHOTO_BYTES, defaultAlt, removeUnused, writeMaster } from '../images/import';
import { photosDir, toMaster, type Master } from '../images/photos';

export type PictureReport = { pictures: number; skipped: number; notes: string[] };

export async function applyPictures(db: Db, sessionDir: string, list: { productId: number; name: string; files: string[] }[], onStep?: (done: number) => void | Promise<void>): Promise<PictureReport> {
  const report: PictureReport = { pictures: 0, skipped: 0, notes: [] };
  const note = (s: string) => {
    report.skipped++;
    if (report.notes.length < 20) report.notes.push(s);
  };
  const root = path.resolve(sessionDir) + path.sep;
  const dir = photosDir();
  let done = 0;
  for (const item of list) {
    const names = item.files.slice(0, MAX_PHOTOS_PER_PRODUCT).map((f) => path.relative(sessionDir, f));
    const current = await db.select({ source: productImages.source, hash: productImages.hash }).from(productImages).where(eq(productImages.productId, item.productId)).orderBy(productImages.position);
    if (current.length === names.length && current.every((c, i) => c.source === names[i])) continue;
    const ready: { hash: string; master: Master; source: string }[] = [];
    for (const file of item.files.slice(0, MAX_PHOTOS_PER_PRODUCT)) {
      const rel = path.relative(sessionDir, file);
      if (!path.resolve(file).startsWith(root)) {
        note(`товар «${item.name}», картинка ${rel}: путь выходит за пределы папки обмена — пропущена`);
        continue;
      }
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) {
        note(`товар «${item.name}», картинка ${rel}: файл не передан — пропущена`);
        continue;
      }
      if (stat.size > MAX_PHOTO_BYTES) {
        note(`товар «${item.name}», картинка ${rel}: файл больше ${MAX_PHOTO_BYTES / 1048576} МБ — пропущена`);
        continue;
      }
      const master = await toMaster(await fs.readFile(file)).catch(() => null);
      if (!master) {
        note(`товар «${item.name}», картинка ${rel}: это не изображение — пропущена`);
        continue;
      }
      ready.push({ hash: await writeMaster(dir, master), master, source: rel });
    }
    if (!ready.length) continue;
    await db.transaction(async (tx) => {
      await tx.delete(productImages).where(eq(productImages.productId, item.productId));
      await tx.insert(productImages).values(
        ready.map((r, position) => ({ productId: item.productId, position, hash: r.hash, width: r.master.width, height: r.master.height, alt: defaultAlt(item.name, position), source: r.source })),
      );
      await tx.update(products).set({ imageCount: ready.length }).where(eq(products.id, item.productId));
    });
    await removeUnused(db, dir, current.map((c) => c.hash));
    report.pictures += ready.length;
    if (++done % 50 === 0) await onStep?.(done);
  }
  return report;
}
