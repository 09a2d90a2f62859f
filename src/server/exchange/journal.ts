/** The desk's exchange journal (/desk/exchange/): every `mode=import` job of `exchange_jobs`, newest first. */
import { count, desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { exchangeJobs } from '../db/schema';
import { paginate, type PageNavigation } from '../http/paging';

export type JournalRow = typeof exchangeJobs.$inferSelect;

export async function listExchangeJobs(db: Db, opts: { page: number; pageSize?: number }): Promise<{ rows: JournalRow[]; page_navigation: PageNavigation }> {
  const size = opts.pageSize ?? 30;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(exchangeJobs);
  const { navigation, offset } = paginate(n, opts.page, size);
  const rows = await db.select().from(exchangeJobs).orderBy(desc(exchangeJobs.startedAt), desc(exchangeJobs.id)).limit(size).offset(offset);
  return { rows, page_navigation: navigation };
}
