/** Staff announcements: a notification for every user, optionally shown only until a date. Logged. */
import type { Db } from '../db/client';
import type { Viewer } from '../http/guard';
import { ERR, HttpError } from '../http/api';
import { broadcast, endBroadcast } from '../notifications/broadcasts';
import { logStaff } from './log';
import { t } from '../../i18n';

/** The form's date (YYYY-MM-DD) means "through the end of that day in Minsk" (UTC+3, no DST). */
export function endOfDayMinsk(date: string): Date {
  return new Date(`${date}T23:59:59.999+03:00`);
}

export async function addAnnouncement(db: Db, staff: Viewer, input: { title: string; text: string; href?: string; date_end?: string }): Promise<{ id: number }> {
  const dateEnd = input.date_end ? endOfDayMinsk(input.date_end) : undefined;
  if (dateEnd && (Number.isNaN(dateEnd.getTime()) || dateEnd.getTime() <= Date.now()))
    throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'date_end', message: `${t('DESK_DATE_END')}: ${t('DESK_ERR_DATE_PAST')}` }]);
  const { id } = await broadcast(db, { title: input.title, text: input.text, href: input.href, dateEnd });
  await logStaff(db, staff.id, 'announcement.add', { kind: 'notification', id }, { title: input.title, date_end: dateEnd?.toISOString() ?? null });
  return { id };
}

export async function endAnnouncement(db: Db, staff: Viewer, id: number): Promise<{ id: number; date_end: string }> {
  const done = await endBroadcast(db, id);
  await logStaff(db, staff.id, 'announcement.end', { kind: 'notification', id });
  return done;
}
