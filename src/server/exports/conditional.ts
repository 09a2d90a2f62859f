/**
 * Conditional pulls (RFC 9110: If-None-Match wins over If-Modified-Since). Besides the usual "you
 * already have this version", a poller that holds the last build keeps getting 304 until the list's
 * rebuild period (step 4: hourly, daily…) since that build has passed, however the catalogue moved.
 */
import type { ExportRow } from './lists';
import { SCHEDULE_MS, isSchedule } from './settings';

const matchesEtag = (header: string, etag: string) => header.split(',').some((v) => v.trim() === '*' || v.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));
export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * 304 when the poller already has this content — or has the last build and the list's rebuild
 * period since that build has not passed yet (the "how often it is rebuilt" of step 4).
 */
export function notModified(request: Request, list: Pick<ExportRow, 'schedule' | 'feedEtag' | 'feedChangedAt'>, etag: string, lastModified: Date, now: number): string | null {
  const period = SCHEDULE_MS[isSchedule(list.schedule) ? list.schedule : 'daily'];
  const inPeriod = !!list.feedEtag && !!list.feedChangedAt && now - list.feedChangedAt.getTime() < period;
  const inm = request.headers.get('if-none-match');
  if (inm) {
    if (matchesEtag(inm, etag)) return etag;
    if (inPeriod && matchesEtag(inm, list.feedEtag!)) return list.feedEtag;
    return null;
  }
  const ims = Date.parse(request.headers.get('if-modified-since') ?? '');
  if (Number.isNaN(ims)) return null;
  if (seconds(lastModified) <= ims / 1000) return etag;
  if (inPeriod && seconds(list.feedChangedAt!) <= ims / 1000) return list.feedEtag;
  return null;
}

