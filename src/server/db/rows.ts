/** Raw statements (`db.execute`) answer `{ rows }` on both PGlite and node-postgres; these read them. */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Rows an INSERT/UPDATE/DELETE touched (with RETURNING, the rows returned). */
export function affectedRows(result: unknown): number {
  const r = result as { rows?: unknown[]; rowCount?: number | null; affectedRows?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}
