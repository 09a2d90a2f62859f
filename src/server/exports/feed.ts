/**
 * The feed URL: GET /feed/{id}.{xml|csv|xlsx|json}. An outside system presents the owner's API
 * token (`?token=`, `X-Api-Token`, or `Authorization: Bearer`); the download button in the personal
 * area uses the session instead. Every pull is rate-limited per token (or user) and logged; the body
 * is streamed from the database with ETag/Last-Modified, and 304 for a poller that already has it.
 */
import { createHash } from 'node:crypto';
import { PassThrough, pipeline, Transform, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { APIContext } from 'astro';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Db } from '../db/client';
import { exportProfiles } from '../db/schema';
import { fail, ERR, notFound } from '../http/api';
import { requireViewer } from '../http/guard';
import { hit, requestIp } from '../http/rate-limit';
import { queryRows } from '../db/rows';
import { t } from '../../i18n';
import { buildFeed } from './build';
import { promoStamp } from '../catalog/promo-rules';
import { exportOwner, recordBuild, recordPull, type ExportRow } from './lists';
import { selectionStamp } from './selection';
import { authenticateToken, presentedToken, recordTokenUse } from './tokens';
import { CONTENT_TYPE, effectiveFields, EXTENSION, knownFields, type Format } from './settings';

const FORMAT_NAMES: Record<Format, string> = { csv: 'CSV', xlsx: 'XLSX', yml: 'YML', json: 'JSON' };
import { notModified, seconds } from './conditional';
import { currentNodeResponse, pacedBody } from './stream';
import { config } from '../config';

/** Pulls per token (or per signed-in user) an hour; failed token attempts per address in 10 minutes. */
export const FEED_LIMITS = { perToken: 120, perUser: 60, badTokenPerIp: 20 } as const;
const GZIP_LEVEL = 4;

/** `lists`: the token's scope (null: every list of the owner, and always for the session). */
type Puller = { ownerKey: string; companyId: number | null; tokenId: number | null; lists: number[] | null };

async function whoPulls(ctx: APIContext, db: Db, ip: string): Promise<Puller | Response> {
  const token = presentedToken(ctx.request, ctx.url);
  if (token) {
    const owner = await authenticateToken(db, token);
    if (!owner) {
      await hit(db, [{ key: `feed:bad:${ip}`, max: FEED_LIMITS.badTokenPerIp, windowSeconds: 600 }]);
      return fail(401, [{ code: ERR.NOT_AUTH, message: t('EXPORT_ERR_TOKEN') }]);
    }
    await hit(db, [{ key: `feed:token:${owner.tokenId}`, max: FEED_LIMITS.perToken, windowSeconds: 3600 }]);
    return { ownerKey: owner.ownerKey, companyId: owner.companyId, tokenId: owner.tokenId, lists: owner.lists };
  }
  const viewer = requireViewer(ctx, { permission: 'manage_exports' });
  await hit(db, [{ key: `feed:user:${viewer.id}`, max: FEED_LIMITS.perUser, windowSeconds: 3600 }]);
  return { ownerKey: exportOwner(viewer), companyId: viewer.companyId, tokenId: null, lists: null };
}

/** A number that changes whenever any product, stock total, section, brand or branch changes (catalogue triggers). */
async function catalogVersion(db: Db): Promise<string> {
  const [r] = await queryRows<{ v: string }>(db, sql`SELECT last_value::text || ':' || is_called::text AS v FROM change_log_id_seq`);
  return r?.v ?? '0';
}

/** The owner's price terms as text: a change of any discount changes the feed's version. */
async function pricingStamp(db: Db, companyId: number | null): Promise<string> {
  if (!companyId) return 'retail';
  const [r] = await queryRows<{ v: string }>(
    db,
    sql`SELECT c.discount_percent::text || '|' || coalesce(string_agg(concat_ws(':', d.brand_id, d.section_id, d.percent), ',' ORDER BY d.id), '') AS v
        FROM companies c LEFT JOIN company_discounts d ON d.company_id = c.id WHERE c.id = ${companyId} GROUP BY c.id`,
  );
  return r?.v ?? 'none';
}

async function versionOf(db: Db, list: ExportRow, companyId: number | null): Promise<string> {
  const parts = await Promise.all([catalogVersion(db), pricingStamp(db, companyId), selectionStamp(db, list)]);
  // A promotion's start or end changes prices with nothing written (decision 0240).
  parts.push(promoStamp(companyId ? 'contractor' : 'retail'));
  const hash = createHash('sha1').update([list.id, list.updatedAt.toISOString(), list.format, ...parts].join('\n')).digest('base64url').slice(0, 27);
  return `W/"${hash}"`;
}

function siteBase(ctx: APIContext): string {
  return (config().SITE_URL || ctx.url.origin).replace(/\/+$/, '');
}

function fileName(list: ExportRow, format: Format): string {
  const ascii = `export-${list.id}.${EXTENSION[format]}`;
  const name = `${(list.name || ascii).replace(/[\\/:*?"<>|\u0000-\u001F]+/g, ' ').trim().slice(0, 100)}.${EXTENSION[format]}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function feedResponse(ctx: APIContext, format: Format): Promise<Response> {
  const id = Number(ctx.params.id);
  if (!/^\d{1,10}$/.test(String(ctx.params.id ?? '')) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return notFound(t('EXPORT_ERR_NOT_FOUND'));
  const db = await getDb();
  const ip = requestIp(ctx);
  const puller = await whoPulls(ctx, db, ip);
  if (puller instanceof Response) return puller;

  const [list] = await db
    .select()
    .from(exportProfiles)
    .where(and(eq(exportProfiles.id, id), eq(exportProfiles.ownerKey, puller.ownerKey), eq(exportProfiles.status, 'ready')))
    .limit(1);
  if (!list) return notFound(t('EXPORT_ERR_NOT_FOUND'));
  // The owner's own list, outside this token's scope: say so (the owner knows the list exists).
  if (puller.lists && !puller.lists.includes(list.id)) return fail(403, [{ code: ERR.FORBIDDEN, message: t('EXPORT_ERR_TOKEN_SCOPE') }]);
  // The owner's own list asked for in another format: say where it is (issue 30: «не найдена» misled).
  if (list.format !== format) return notFound(t('EXPORT_ERR_OTHER_FORMAT').replace('{format}', FORMAT_NAMES[list.format as Format] ?? list.format).replace('{url}', `/feed/${list.id}.${EXTENSION[list.format as Format]}`));

  const now = Date.now();
  const etag = await versionOf(db, list, puller.companyId);
  const lastModified = new Date(seconds(list.feedEtag === etag && list.feedChangedAt ? list.feedChangedAt : new Date(now)) * 1000);
  await Promise.all([recordPull(db, list.id, ip), puller.tokenId ? recordTokenUse(db, puller.tokenId, ip) : null]);

  const headers: Record<string, string> = { 'cache-control': 'private, no-cache, no-transform', vary: 'Accept-Encoding, Authorization, X-Api-Token' };
  const unchanged = notModified(ctx.request, list, etag, lastModified, now);
  if (unchanged) return new Response(null, { status: 304, headers: { ...headers, etag: unchanged, 'last-modified': (unchanged === etag ? lastModified : list.feedChangedAt!).toUTCString() } });

  const gzip = format !== 'xlsx' && /\bgzip\b/i.test(ctx.request.headers.get('accept-encoding') ?? '');
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      cb(null, chunk);
    },
  });
  const onError = (e: Error | null) => {
    if (e && (e as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error(`[feed] ${list.id}.${EXTENSION[format]}`, e);
  };
  const body: Readable = gzip ? pipeline(out, counter, createGzip({ level: GZIP_LEVEL }), onError) : pipeline(out, counter, onError);

  const fields = effectiveFields(format, knownFields(list.settings.fields));
  const built = buildFeed(db, { list, format, fields, companyId: puller.companyId, site: siteBase(ctx), date: lastModified }, out).catch((e: Error) => {
    out.destroy(e);
    return null;
  });
  const stream = pacedBody(body, currentNodeResponse(), async (completed) => {
    const rows = await built;
    if (completed && rows !== null) await recordBuild(db, list.id, { etag, changedAt: lastModified, size: bytes, rows }).catch((e) => console.error('[feed] stats', e));
  });
  return new Response(stream, {
    status: 200,
    headers: {
      ...headers,
      'content-type': CONTENT_TYPE[format],
      'content-disposition': fileName(list, format),
      etag,
      'last-modified': lastModified.toUTCString(),
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    },
  });
}
