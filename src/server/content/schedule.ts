/** The next moment a published entry starts or ends (changes/follow.ts drops the content pages then). */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export async function nextContentMoment(db: Db, now = new Date()): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await db.execute(sql`SELECT min(t) AS at FROM (
      SELECT starts_at AS t FROM content_entries WHERE status = 'published' AND starts_at > ${now.toISOString()}
      UNION ALL SELECT ends_at FROM content_entries WHERE status = 'published' AND ends_at > ${now.toISOString()}) m`),
  );
  return row?.at ? new Date(row.at) : null;
}
