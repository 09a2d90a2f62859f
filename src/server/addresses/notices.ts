/**
 * Who hears that a delivery address changed state (issue 13): when an address is confirmed, or its
 * deletion is done, a notification goes to the people it belongs to — the one who added it and, for
 * a company's address, the company's admins (they decide about the company's addresses). Whoever
 * did not make the change also gets an e-mail copy, because it happened without them; the one who
 * typed the code saw it on the page and gets no copy. A change nobody confirmed (a pending address
 * withdrawn, a deletion cancelled) tells no one: nothing usable appeared or went away.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveryAddresses as A } from '../db/schema';
import { activeAdmins } from '../orders/approval';
import type { Viewer } from '../http/guard';
import { notify } from '../notifications/notify';
import { t } from '../../i18n';
import { siteUrl } from '../config';

export type AddressOwners = { text: string; userIds: string[] };

/** Read before the change (a finished deletion removes the row): the address's text and the people it belongs to. */
export async function addressOwners(db: Db, id: number): Promise<AddressOwners | null> {
  const [row] = await db.select({ userId: A.userId, companyId: A.companyId, address: A.address, flat: A.flat }).from(A).where(eq(A.id, id)).limit(1);
  if (!row) return null;
  const admins = row.companyId ? await activeAdmins(db, row.companyId) : [];
  const text = row.flat ? `${row.address}, ${t('ADDR_FLAT')} ${row.flat}` : row.address;
  return { text, userIds: [...new Set([row.userId, ...admins.map((a) => a.id)])] };
}

const site = () => siteUrl();

/** Tells the owners that the address is now confirmed (`active`) or deleted, by whom. A failure is logged: the change itself stands. */
export async function tellAddressOwners(db: Db, actor: Pick<Viewer, 'id' | 'name'>, owners: AddressOwners, outcome: 'active' | 'deleted'): Promise<void> {
  const title = t(outcome === 'active' ? 'ADDR_NOTIFY_CONFIRMED' : 'ADDR_NOTIFY_DELETED');
  const text = `${owners.text}. ${t(outcome === 'active' ? 'ADDR_NOTIFY_CONFIRMED_BY' : 'ADDR_NOTIFY_DELETED_BY')}: ${actor.name}.`;
  const href = '/personal/addresses/';
  for (const userId of owners.userIds) {
    const copy = userId !== actor.id ? { subject: `${title} — ${t('SITE_NAME')}`, text: `${t('ADDR_NOTIFY_HELLO')}\n\n${title}: ${text}\n\n${t('ADDR_NOTIFY_OPEN')}: ${site()}${href}` } : undefined;
    await notify(db, { userId, kind: 'address', title, text, href, email: copy }).catch((e) => console.error('[addresses] notice failed', e));
  }
}
