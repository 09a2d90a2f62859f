/**
 * «Подключение 1С» on /desk/exchange/: what a manager types into 1C's exchange node and whether the exchange
 * works — the address, the login (never a configured password; the public demo pair's only outside production), whether the server accepts 1C at all, the last file
 * loaded, and the orders waiting for 1C. A seller sets 1C up from this page, without the README.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { exchangeJobs } from '../db/schema';
import { config, DEMO_EXCHANGE_LOGIN, exchangeCredentials } from '../config';
import { ordersFor1C } from './sale';

/** The path 1C's «Обмен с сайтом» calls (the shorter /1c_exchange.php answers too). */
export const EXCHANGE_PATH = '/bitrix/admin/1c_exchange.php';

export type ExchangeSetup = {
  /** The full address to type into 1C: SITE_URL's origin, else the origin the page was opened at. */
  address: string;
  /** null: the exchange refuses every request (production without EXCHANGE_LOGIN and EXCHANGE_PASSWORD, or only one set). */
  login: string | null;
  /** The demo pair is in use (outside production, both variables unset). */
  demo: boolean;
  lastLoaded: { at: Date; file: string } | null;
  orders: { waiting: number; lastTaken: Date | null };
};

export async function exchangeSetup(db: Db, openedAt: string): Promise<ExchangeSetup> {
  const credentials = exchangeCredentials();
  const origin = new URL(config().SITE_URL ?? openedAt).origin;
  const [last] = await db
    .select({ at: exchangeJobs.finishedAt, file: exchangeJobs.file })
    .from(exchangeJobs)
    .where(and(eq(exchangeJobs.status, 'done'), isNotNull(exchangeJobs.finishedAt)))
    .orderBy(desc(exchangeJobs.finishedAt))
    .limit(1);
  return {
    address: `${origin}${EXCHANGE_PATH}`,
    login: credentials?.login ?? null,
    demo: credentials?.login === DEMO_EXCHANGE_LOGIN && !config().EXCHANGE_LOGIN,
    lastLoaded: last?.at ? { at: last.at, file: last.file } : null,
    orders: await ordersFor1C(db),
  };
}
