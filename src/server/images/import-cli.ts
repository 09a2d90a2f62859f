/**
 * `npm run images:import -- <folder|list.csv|photo.jpg>`: imports real product photos (import.ts has
 * the naming rules) into the database (DATABASE_URL, else PGlite in DATA_DIR — the server must not
 * be running on that PGlite folder) and DATA_DIR/product-photos. Prints what was imported and
 * every photo it skipped, with the reason; exits 1 when nothing could be imported.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { collectSources, importPhotos } from './import';
import { config } from '../config';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1) {
  console.error('Укажите одну папку с фото, список (.csv) или файл: npm run images:import -- ./photos');
  process.exit(2);
}
const sources = await collectSources(positionals[0]!).catch(() => null);
if (!sources) {
  console.error(`Не найдено: ${positionals[0]}`);
  process.exit(2);
}
if (!sources.length) {
  console.error('Фотографий не найдено: имена файлов — артикулы товаров (HP2661.jpg, HP2661_2.jpg), или список с колонками article, source, alt.');
  process.exit(1);
}
const handle = await openDatabase({ databaseUrl: config().DATABASE_URL });
try {
  const report = await importPhotos(handle.db, sources, { log: (m) => console.log(`  ${m}`) });
  for (const s of report.skipped) console.log(`пропущено: ${s.source} — ${s.reason}`);
  console.log(`images:import: ${report.photos} фото у ${report.products} товаров, пропущено ${report.skipped.length}`);
  if (handle.kind === 'pglite') await handle.db.execute('CHECKPOINT' as never);
  process.exitCode = report.photos > 0 ? 0 : 1;
} finally {
  await handle.close();
}
