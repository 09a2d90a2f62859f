/**
 * What the request's author hears when the store acts: a notification for a staff reply (with an
 * e-mail copy carrying the answer — the customer asked, so the answer is delivered, see
 * docs/decisions/0150) and for the store closing the request (notification only).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appeals } from '../db/schema';
import { notify } from '../notifications/notify';
import { t } from '../../i18n';
import { siteUrl } from '../config';

const site = () => siteUrl();

export async function tellAuthor(db: Db, appealId: number, event: { kind: 'reply'; text: string } | { kind: 'closed' }): Promise<void> {
  const [a] = await db.select({ userId: appeals.userId, subject: appeals.subject }).from(appeals).where(eq(appeals.id, appealId)).limit(1);
  if (!a) return;
  const href = `/personal/requests/${appealId}/`;
  if (event.kind === 'reply') {
    const title = `${t('REQ_NOTIFY_REPLY')} №${appealId}`;
    const excerpt = event.text.length > 200 ? `${event.text.slice(0, 197)}…` : event.text;
    await notify(db, {
      userId: a.userId,
      kind: 'appeal',
      title,
      text: `«${a.subject}»: ${excerpt}`,
      href,
      email: {
        subject: `${title}: ${a.subject}`,
        text: `${t('REQ_MAIL_HELLO')}\n\n${t('REQ_MAIL_REPLY_INTRO')} «${a.subject}»:\n\n${event.text}\n\n${t('REQ_MAIL_OPEN')}: ${site()}${href}`,
      },
    });
  } else {
    await notify(db, { userId: a.userId, kind: 'appeal', title: `${t('REQ_NOTIFY_CLOSED')} №${appealId}`, text: `«${a.subject}». ${t('REQ_NOTIFY_CLOSED_TEXT')}`, href });
  }
}
