/**
 * Real product photos: JPEGs made with sharp are imported from a folder, from a list of files and
 * URLs, and through the `images:import` command; the same /img/p/ routes then serve them in the
 * same widths and formats, with their alt texts on the product page. Products without photos keep
 * their drawings.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { asc, eq } from 'drizzle-orm';
import { startOwnServer, type OwnServer } from '../helpers/own-server';
import { openDatabase, type Db } from '../../src/server/db/client';
import { productImages, products } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/seed/seed';
import { collectSources, importPhotos, type ImportReport } from '../../src/server/images/import';

/** A photo of one flat colour with a white band: the served picture shows which photo it came from. */
const photo = (rgb: [number, number, number], w = 1200, h = 900) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .composite([{ input: { create: { width: w, height: Math.round(h / 10), channels: 3, background: '#ffffff' } }, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();

const MAGENTA: [number, number, number] = [230, 0, 200];
const GREEN: [number, number, number] = [0, 170, 60];
const ORANGE: [number, number, number] = [240, 140, 0];

let server: OwnServer;
let web: http.Server;
let folderReport: ImportReport;
let listReport: ImportReport;
const picked: { id: number; article: string; code: string; name: string }[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-in-'));

async function centre(res: Response): Promise<[number, number, number]> {
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
  const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 30);

beforeAll(async () => {
  // A URL list needs something to download from: a tiny local web server.
  const urlPhoto = await photo(ORANGE);
  web = http.createServer((req, res) => {
    if (req.url === '/p/orange.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(urlPhoto);
    else res.writeHead(404).end('нет');
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
  const webBase = `http://127.0.0.1:${(web.address() as { port: number }).port}`;

  server = await startOwnServer({
    products: 150,
    prepare: async (db: Db, dataDir: string) => {
      const rows = await db.select({ id: products.id, article: products.article, code: products.code, name: products.name }).from(products).orderBy(asc(products.id)).limit(3);
      picked.push(...rows);
      const [a, b] = rows as [(typeof rows)[0], (typeof rows)[0]];
      const folder = path.join(work, 'folder');
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, `${a.article}.jpg`), await photo(MAGENTA));
      fs.writeFileSync(path.join(folder, `${a.article}_2.jpg`), await photo(GREEN, 600, 1000));
      fs.writeFileSync(path.join(folder, 'NO-SUCH-ARTICLE.jpg'), await photo(GREEN));
      fs.writeFileSync(path.join(folder, `${b.article}_9.jpg`), Buffer.from('это не картинка'));
      folderReport = await importPhotos(db, await collectSources(folder), { dir: path.join(dataDir, 'product-photos') });

      const listDir = path.join(work, 'list');
      fs.mkdirSync(listDir);
      fs.writeFileSync(path.join(listDir, 'green.jpg'), await photo(GREEN));
      fs.writeFileSync(
        path.join(listDir, 'photos.csv'),
        `article;source;alt\n${b.article};${webBase}/p/orange.jpg;${b.name} в кейсе\n${b.article};green.jpg;${b.name} — вид сбоку\n${b.article};${webBase}/p/missing.jpg;\n`,
      );
      listReport = await importPhotos(db, await collectSources(path.join(listDir, 'photos.csv')), { dir: path.join(dataDir, 'product-photos') });
    },
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  web?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('photo import', () => {
  it('imports a folder named by article, and reports what it skipped with the reason', () => {
    expect(folderReport.products).toBe(1);
    expect(folderReport.photos).toBe(2);
    const reasons = folderReport.skipped.map((s) => `${path.basename(s.source)}: ${s.reason}`);
    expect(reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^NO-SUCH-ARTICLE\.jpg: нет товара с артикулом/), expect.stringMatching(/_9\.jpg: это не фотография/)]));
  });

  it('imports a list of files and URLs with alt texts; a URL that does not answer is skipped', () => {
    expect(listReport.photos).toBe(2);
    expect(listReport.skipped).toEqual([expect.objectContaining({ source: expect.stringContaining('/p/missing.jpg'), reason: expect.stringContaining('не удалось скачать') })]);
  });

  it('serves the photos by the same routes, in the same widths and both formats, square on white', async () => {
    const [a] = picked;
    for (const [index, colour] of [[0, MAGENTA], [1, GREEN]] as const)
      for (const format of ['webp', 'avif'])
        for (const width of [160, 480, 960]) {
          const res = await fetch(`${server.base}/img/p/${a!.id}/${index}-${width}.${format}`);
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toBe(`image/${format}`);
          const body = Buffer.from(await res.clone().arrayBuffer());
          const meta = await sharp(body).metadata();
          expect([meta.width, meta.height]).toEqual([width, width]);
          expect(near(await centre(res), colour), `${index}-${width}.${format}`).toBe(true);
        }
    // The photo set has two pictures: a third is not there.
    expect((await fetch(`${server.base}/img/p/${a!.id}/2-320.webp`)).status).toBe(404);
  });

  it('answers a repeated request with 304 by the ETag, and a changed source with a new one', async () => {
    const [a, b] = picked;
    const first = await fetch(`${server.base}/img/p/${a!.id}/0-320.webp`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"ph-/);
    expect(first.headers.get('cache-control')).toMatch(/max-age=86400/);
    expect((await fetch(`${server.base}/img/p/${a!.id}/0-320.webp`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(`${server.base}/img/p/${b!.id}/0-320.webp`)).headers.get('etag')).not.toBe(etag);
  });

  it('shows the stored alt texts in the product gallery', async () => {
    const [a, b] = picked;
    const pageB = await (await fetch(`${server.base}/${b!.code}/`)).text();
    expect(pageB).toContain(`alt="${b!.name} в кейсе"`);
    expect(pageB).toContain(`alt="${b!.name} — вид сбоку"`);
    const pageA = await (await fetch(`${server.base}/${a!.code}/`)).text();
    expect(pageA).toContain(`alt="${a!.name}"`);
    expect(pageA).toContain('/img/p/' + a!.id + '/1-');
    expect(pageA).not.toContain('/img/p/' + a!.id + '/2-');
  });

  it('keeps the drawing for a product without photos', async () => {
    const c = picked[2]!;
    const res = await fetch(`${server.base}/img/p/${c.id}/0-320.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(/^"dr\d+-/);
    const colour = await centre(res);
    for (const photoColour of [MAGENTA, GREEN, ORANGE]) expect(near(colour, photoColour)).toBe(false);
  });
});

describe('npm run images:import', () => {
  it('imports a folder into the database and DATA_DIR, and says what it did', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-cli-'));
    try {
      const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      let article = '';
      let id = 0;
      try {
        await seedDatabase(handle.db, { products: 100 });
        const [p] = await handle.db.select({ id: products.id, article: products.article }).from(products).orderBy(asc(products.id)).limit(1);
        article = p!.article;
        id = p!.id;
      } finally {
        await handle.close();
      }
      const folder = path.join(dataDir, 'in');
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, `${article}.jpg`), await photo(MAGENTA));
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/images/import-cli.ts', folder], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('images:import: 1 фото у 1 товаров');
      const again = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        const rows = await again.db.select().from(productImages).where(eq(productImages.productId, id));
        expect(rows).toHaveLength(1);
        expect(fs.existsSync(path.join(dataDir, 'product-photos', `${rows[0]!.hash}.webp`))).toBe(true);
      } finally {
        await again.close();
      }
      const none = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/images/import-cli.ts', path.join(dataDir, 'nowhere')], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
      expect(none.status).toBe(2);
      expect(none.stderr).toContain('Не найдено');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // 19 s on a quiet machine; 118 s was seen in a full run on two busy cores (two PGlite opens, a seed, two CLI starts).
  }, 300_000);
});
