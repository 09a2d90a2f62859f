import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Rows of a raw statement; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
