/** The sample file of the quick order: real articles of the catalogue, so uploading it as is works. */
import { and, asc, eq } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import type { Db } from '../db/client';
import { products } from '../db/schema';

async function sampleRows(db: Db): Promise<{ article: string; name: string; quantity: number }[]> {
  const rows = await db
    .select({ article: products.article, name: products.name })
    .from(products)
    .where(and(eq(products.canBuy, true), eq(products.active, true), eq(products.isHit, true)))
    .orderBy(asc(products.id))
    .limit(3);
  return rows.map((r, i) => ({ ...r, quantity: [2, 1, 5][i] ?? 1 }));
}

export async function sampleXlsx(db: Db): Promise<Buffer> {
  const rows = await sampleRows(db);
  const head = ['Артикул', 'Количество', 'Наименование (необязательно)'].map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = [head, ...rows.map((r) => [{ value: r.article }, { value: r.quantity, type: Number }, { value: r.name }])];
  return writeXlsxFile(data, { columns: [{ width: 18 }, { width: 12 }, { width: 60 }] }).toBuffer();
}

export async function sampleCsv(db: Db): Promise<string> {
  const rows = await sampleRows(db);
  const esc = (s: string) => (/[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  // BOM + semicolons: Excel in Russian opens it in columns without an import dialog.
  return `\uFEFFАртикул;Количество;Наименование\r\n${rows.map((r) => `${esc(r.article)};${r.quantity};${esc(r.name)}`).join('\r\n')}\r\n`;
}
