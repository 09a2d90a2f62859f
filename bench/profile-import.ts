// Temporary profiling of importCatalogFile (not committed).
import fs from 'node:fs';
import { openDatabase } from '../src/server/db/client';
import { seedDatabase } from '../src/server/seed/seed';
import { importCatalogFile } from '../src/server/exchange/catalog';
// @ts-ignore
import { importXml, offersXml, groupTree } from './commerceml-gen.mjs';
import pg from 'pg';

const N = Number(process.argv[2] ?? 10000);
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/wt_import' });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS prof_xchg WITH (FORCE)');
await admin.query('CREATE DATABASE prof_xchg');
const h = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/prof_xchg', statementTimeoutMs: 0 });
await seedDatabase(h.db, { products: 500 });
const tree = groupTree('bx', 8, 5);
fs.writeFileSync('/tmp/wtprof/import.xml', [...importXml({ prefix: 'bx', products: N, tree })].join(''));
fs.writeFileSync('/tmp/wtprof/offers.xml', [...offersXml({ prefix: 'bx', products: N })].join(''));
fs.writeFileSync('/tmp/wtprof/offers2.xml', [...offersXml({ prefix: 'bx', products: N, priceOf: (i: number, t: number) => 50 + i % 300 + t, qtyOf: (i: number) => (i + 3) % 11 })].join(''));
for (const f of ['import.xml', 'offers.xml']) {
  const t = performance.now();
  const s = await importCatalogFile(h.db, `/tmp/wtprof/${f}`, f);
  console.log(JSON.stringify((globalThis as any).PROF)); (globalThis as any).PROF = {}; console.log(f, ((performance.now() - t) / 1000).toFixed(1), 's', JSON.stringify({ ...s, pictures: s.pictures.length, notes: s.notes.length }));
}
await h.close();
await admin.end();
