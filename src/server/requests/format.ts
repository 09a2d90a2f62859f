/** Dates and waiting times as the requests, notifications and desk pages show them (Minsk time). */
import { plural } from '../../lib/format';
import { t } from '../../i18n';

const dateTime = new Intl.DateTimeFormat('ru-BY', { timeZone: 'Europe/Minsk', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('ru-BY', { timeZone: 'Europe/Minsk', day: '2-digit', month: '2-digit', year: 'numeric' });

export const formatDateTime = (iso: string | Date) => dateTime.format(new Date(iso)).replace(',', '');
export const formatDate = (iso: string | Date) => dateOnly.format(new Date(iso));

/** «2 дня 3 ч», «4 ч 15 мин», «7 мин», «меньше минуты». */
export function formatAge(ms: number): string {
  const min = Math.floor(ms / 60_000);
  if (min < 1) return t('AGE_UNDER_MINUTE');
  const d = Math.floor(min / 1440);
  const h = Math.floor((min % 1440) / 60);
  const m = min % 60;
  const hours = t('AGE_HOURS');
  const minutes = t('AGE_MINUTES');
  if (d) return `${d} ${plural(d, [t('AGE_DAY_1'), t('AGE_DAY_2'), t('AGE_DAY_5')])}${h ? ` ${h} ${hours}` : ''}`;
  if (h) return `${h} ${hours}${m ? ` ${m} ${minutes}` : ''}`;
  return `${m} ${minutes}`;
}

export const formatSize = (bytes: number) => (bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1).replace('.', ',')} ${t('SIZE_MB')}` : `${Math.max(1, Math.round(bytes / 1024))} ${t('SIZE_KB')}`);
