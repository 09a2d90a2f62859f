/**
 * The desk's content editor (issue 25): save, remove, list, revisions and restore of promotions, media
 * materials and info pages. Every input is checked here with zod and in plain Russian; a refused
 * save writes nothing. Who may call is the one guard's business (`staff: 'content'`); every save,
 * publish, unpublish, removal and restore goes to the desk's journal with who and when.
 */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client';
import { brands, contentEntries, contentImages, contentRevisions, products, sections, users, type ContentKind } from '../db/schema';
import { forgetPromoRules } from '../catalog/promo-rules';
import { ERR, HttpError } from '../http/api';
import { paginate, type PageNavigation } from '../http/paging';
import { t } from '../../i18n';
import { logStaff } from '../desk/log';
import { imagesWithoutAlt, renderMarkdown } from './markdown';
import { segmentTaken } from './routes';
import { entryUrl, fieldsOf, writeEntry, type EntryFields } from './write';

export const CONTENT_KINDS = ['promotion', 'media', 'page'] as const;
export type ContentState = 'draft' | 'scheduled' | 'published' | 'ended';

/** Minsk has kept UTC+3 all year since 2011. */
export const MINSK_OFFSET = '+03:00';

const invalid = (field: string, message: string) => new HttpError(422, [{ code: ERR.VALIDATION, field, message }]);

/** '2026-12-01', '2026-12-01T09:00' (Minsk time, as a datetime-local field sends it) or a full ISO time with its offset. */
const zWhen = z
  .union([z.string().trim().max(40), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const local = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?$/.test(v);
    const iso = local ? (v.length === 10 ? `${v}T00:00:00${MINSK_OFFSET}` : `${v}${MINSK_OFFSET}`) : v;
    const d = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(iso) ? new Date(iso) : new Date(NaN);
    if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100) {
      ctx.addIssue({ code: 'custom', message: 'дата и время в формате ГГГГ-ММ-ДД ЧЧ:ММ (минское время)' });
      return z.NEVER;
    }
    return d;
  });

const zBool = z.union([z.boolean(), z.enum(['on', 'true', '1', 'false', '0', 'Y', 'N', ''])]).transform((v) => v === true || v === 'on' || v === 'true' || v === '1' || v === 'Y');
/** A list as JSON sends it, or as a form field: codes separated by commas, spaces or new lines. */
const zList = (re: RegExp, what: string) =>
  z
    .union([z.array(z.string().trim().max(100)).max(200), z.string().max(5000)])
    .default([])
    .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,;]+/)).map((s) => s.trim()).filter(Boolean))
    .refine((list) => list.every((s) => re.test(s)), { message: what });
const zCodeList = zList(/^[a-z0-9-]{1,100}$/, 'коды разделов и брендов: латинские буквы, цифры и дефис');
const zArticleList = zList(/^[\p{L}\p{N}._/-]{1,60}$/u, 'артикулы через запятую');

/** A promotion's price rule as the editor saves it; the demo's Markdown front matter is read with it too (content/import.ts). */
export const zDiscount = z
  .object({
    percent: z.coerce.number().gt(0).max(90).transform((v) => Math.round(v * 100) / 100).optional(),
    price: z.coerce.number().gt(0).max(1_000_000).optional(),
    sections: zCodeList,
    brands: zCodeList,
    articles: zArticleList,
    contractors: zBool.default(false),
  })
  .refine((d) => (d.percent === undefined) !== (d.price === undefined), { message: t('DCONT_ERR_DISCOUNT') });

export const saveInput = z.object({
  kind: z.enum(CONTENT_KINDS, { message: 'выберите: акция, медиаматериал или страница' }),
  code: z.string().trim().min(1, { message: 'обязательное поле' }).max(100).regex(/^[a-z0-9][a-z0-9-]*$/, { message: 'латинские буквы в нижнем регистре, цифры и дефис' }),
  title: z.string().trim().min(2, { message: 'не короче 2 символов' }).max(120),
  preview: z.string().trim().max(300).default(''),
  body: z.string().max(100_000).default(''),
  starts: zWhen,
  ends: zWhen,
  status: z.enum(['draft', 'published'], { message: 'черновик или опубликовано' }).default('draft'),
  discount: zDiscount.nullish(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'цвет в формате #RRGGBB' }).optional(),
  forContractors: zBool.optional(),
  products: z.object({ sections: zCodeList, articles: zArticleList, limit: z.coerce.number().int().min(1).max(200).default(24) }).optional(),
  imageId: z.union([z.coerce.number().int().positive(), z.literal(''), z.null()]).optional().transform((v) => (v ? v : null)),
  imageAlt: z.string().trim().max(300).optional(),
  mediaKind: z.enum(['material', 'video', 'social']).optional(),
  url: z.string().trim().max(500).optional(),
  fileSize: z.union([z.coerce.number().int().positive(), z.literal('')]).optional().transform((v) => (v ? v : undefined)),
  format: z.string().trim().max(30).optional(),
  sort: z.union([z.coerce.number().int().min(0).max(100_000), z.literal('')]).optional().transform((v) => (v === '' ? undefined : v)),
  h1: z.string().trim().max(120).optional(),
  requisites: zBool.optional(),
});
export type SaveInput = z.output<typeof saveInput>;

/** The field names of the save call's messages, as the edit form labels them. */
export const SAVE_LABELS: Record<string, string> = {
  kind: 'Тип', code: 'Адрес', title: 'Заголовок', preview: 'Анонс', body: 'Текст', starts: 'Начало', ends: 'Окончание', status: 'Статус', discount: 'Скидка',
  'discount.percent': 'Скидка, %', 'discount.price': 'Цена по акции', 'discount.sections': 'Разделы скидки', 'discount.brands': 'Бренды скидки', 'discount.articles': 'Артикулы скидки', color: 'Цвет', imageId: 'Картинка', imageAlt: 'Описание картинки', mediaKind: 'Вид материала',
  url: 'Файл или ссылка', fileSize: 'Размер файла', format: 'Формат', sort: 'Порядок', h1: 'Заголовок на странице', 'products.sections': 'Разделы', 'products.articles': 'Артикулы',
};

/** Rules a single field cannot say: dates, alt text, an address nobody else has, kind-specific fields. */
async function checkAndShape(db: Db, q: SaveInput): Promise<EntryFields> {
  if (q.kind === 'promotion' && (!q.starts || !q.ends)) throw invalid(q.starts ? 'ends' : 'starts', `${SAVE_LABELS[q.starts ? 'ends' : 'starts']}: ${t('DCONT_ERR_DATES')}`);
  if (q.starts && q.ends && q.ends <= q.starts) throw invalid('ends', `${SAVE_LABELS.ends}: ${t('DCONT_ERR_ENDS')}`);
  if (q.kind === 'promotion' && q.preview.length < 3) throw invalid('preview', `${SAVE_LABELS.preview}: одна фраза для карточки, от 3 до 200 символов`);
  if (q.kind === 'page' && q.preview.length < 20) throw invalid('preview', `Описание для поисковиков: от 20 до 300 символов`);
  if (imagesWithoutAlt(q.body)) throw invalid('body', `${SAVE_LABELS.body}: ${t('DCONT_ERR_BODY_ALT')}`);
  let imageAlt: string | null = null;
  if (q.imageId) {
    if (!q.imageAlt) throw invalid('imageAlt', `${SAVE_LABELS.imageAlt}: ${t('DCONT_ERR_ALT')}`);
    const [img] = await db.select({ id: contentImages.id }).from(contentImages).where(eq(contentImages.id, q.imageId)).limit(1);
    if (!img) throw invalid('imageId', `${SAVE_LABELS.imageId}: такой картинки нет — загрузите её ещё раз`);
    imageAlt = q.imageAlt;
  }
  if (q.kind === 'page') {
    const [product] = segmentTaken(q.code) ? [{ id: 0 }] : await db.select({ id: products.id }).from(products).where(eq(products.code, q.code)).limit(1);
    if (product) throw new HttpError(409, [{ code: ERR.CONFLICT, field: 'code', message: `${SAVE_LABELS.code}: ${t('DCONT_ERR_TAKEN')} — /${q.code}/ ведёт на ${product.id ? 'товар каталога' : 'раздел сайта'}; выберите другой` }]);
  }
  if (q.kind === 'promotion' && q.discount) await checkDiscountTargets(db, q.discount);
  let data: Record<string, unknown>;
  if (q.kind === 'promotion') {
    data = { color: q.color ?? '#d71920', forContractors: q.forContractors ?? false, products: q.products ?? { sections: [], articles: [], limit: 24 } };
  } else if (q.kind === 'media') {
    const mediaKind = q.mediaKind ?? 'material';
    const url = q.url ?? '';
    if (mediaKind === 'material' && !/^\/(?!\/)\S+$/.test(url)) throw invalid('url', `${SAVE_LABELS.url}: ${t('DCONT_ERR_URL_FILE')}`);
    if (mediaKind !== 'material' && !/^https?:\/\/\S+$/.test(url)) throw invalid('url', `${SAVE_LABELS.url}: ${t('DCONT_ERR_URL_LINK')}`);
    data = { mediaKind, url, fileSize: q.fileSize, format: q.format || undefined, sort: q.sort ?? 500, products: q.products ?? { sections: [], articles: [], limit: 8 } };
  } else {
    data = { h1: q.h1 || undefined, requisites: q.requisites ?? false, updated: new Date().toISOString().slice(0, 10) };
  }
  return {
    kind: q.kind, code: q.code, title: q.title, preview: q.preview, body: q.body, status: q.status,
    startsAt: q.starts, endsAt: q.ends, data, discount: q.kind === 'promotion' ? (q.discount ?? null) : null, imageId: q.imageId, imageAlt,
  };
}

/**
 * A price rule must name what it covers, and only what the catalogue has: a mistyped brand code
 * would otherwise publish «−15 %» on products whose prices never change.
 */
async function checkDiscountTargets(db: Db, d: NonNullable<SaveInput['discount']>): Promise<void> {
  if (!d.sections.length && !d.brands.length && !d.articles.length) throw invalid('discount.sections', `${SAVE_LABELS['discount.sections']}: ${t('DCONT_ERR_DISCOUNT_TARGET')}`);
  const missing = async (field: 'sections' | 'brands' | 'articles', list: string[], column: typeof sections.code | typeof brands.code | typeof products.article) => {
    if (!list.length) return;
    const found = new Set((await db.select({ v: column }).from(column.table).where(inArray(column, list))).map((r) => r.v));
    const absent = list.filter((c) => !found.has(c));
    if (absent.length) throw invalid(`discount.${field}`, `${SAVE_LABELS[`discount.${field}`]}: ${t('DCONT_ERR_DISCOUNT_UNKNOWN')} — ${absent.slice(0, 5).join(', ')}`);
  };
  await missing('sections', d.sections, sections.code);
  await missing('brands', d.brands, brands.code);
  await missing('articles', d.articles, products.article);
}

/** POST api/desk/content/save/: creates or updates by (kind, code). */
export async function saveContent(db: Db, staffId: string, q: SaveInput): Promise<{ id: number; url: string; state: ContentState }> {
  const fields = await checkAndShape(db, q);
  const { id, wasPublished } = await writeEntry(db, fields, staffId);
  // This node prices by the new rule at once; the others when the change log reaches them.
  forgetPromoRules();
  const action = fields.status === 'published' ? 'content.publish' : wasPublished ? 'content.unpublish' : 'content.save';
  await logStaff(db, staffId, action, { kind: 'content', id }, { kind: fields.kind, code: fields.code, title: fields.title });
  return { id, url: entryUrl(fields.kind, fields.code), state: stateOf(fields) };
}

export const removeInput = z.object({ kind: z.enum(CONTENT_KINDS, { message: 'выберите: акция, медиаматериал или страница' }), code: z.string().trim().min(1).max(100) });

/** POST api/desk/content/remove/: the entry and its revisions go; the journal keeps who removed what. */
export async function removeContent(db: Db, staffId: string, q: z.output<typeof removeInput>): Promise<{ removed: boolean }> {
  const [gone] = await db.delete(contentEntries).where(and(eq(contentEntries.kind, q.kind), eq(contentEntries.code, q.code))).returning({ id: contentEntries.id, title: contentEntries.title });
  if (!gone) throw new HttpError(404, [{ code: ERR.NOT_FOUND, message: t('DCONT_ERR_NOT_FOUND') }]);
  forgetPromoRules();
  await logStaff(db, staffId, 'content.remove', { kind: 'content', id: gone.id }, { kind: q.kind, code: q.code, title: gone.title });
  return { removed: true };
}

export function stateOf(e: { status: string; startsAt: Date | null; endsAt: Date | null }, now = new Date()): ContentState {
  if (e.status !== 'published') return 'draft';
  if (e.startsAt && e.startsAt > now) return 'scheduled';
  if (e.endsAt && e.endsAt <= now) return 'ended';
  return 'published';
}

const STATES = ['draft', 'scheduled', 'published', 'ended'] as const;

export const listInput = z.object({
  q: z.string().trim().max(100).optional(),
  kind: z.enum(CONTENT_KINDS).optional().catch(undefined),
  state: z.enum(STATES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export type ContentListItem = { id: number; kind: ContentKind; code: string; title: string; state: ContentState; starts: string | null; ends: string | null; url: string; updatedAt: string; updatedBy: string | null };

/** GET api/desk/content/list/: newest changes first; search in title and address; the spec's page navigation. */
export async function listContent(db: Db, q: z.output<typeof listInput>, now = new Date()): Promise<{ items: ContentListItem[]; page_navigation: PageNavigation }> {
  const conds: SQL[] = [];
  if (q.kind) conds.push(eq(contentEntries.kind, q.kind));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(contentEntries.title, like), ilike(contentEntries.code, like))!);
  }
  const at = now.toISOString();
  if (q.state === 'draft') conds.push(sql`${contentEntries.status} <> 'published'`);
  if (q.state === 'scheduled') conds.push(sql`${contentEntries.status} = 'published' AND ${contentEntries.startsAt} > ${at}`);
  if (q.state === 'ended') conds.push(sql`${contentEntries.status} = 'published' AND ${contentEntries.endsAt} <= ${at}`);
  if (q.state === 'published') conds.push(sql`${contentEntries.status} = 'published' AND (${contentEntries.startsAt} IS NULL OR ${contentEntries.startsAt} <= ${at}) AND (${contentEntries.endsAt} IS NULL OR ${contentEntries.endsAt} > ${at})`);
  const where = conds.length ? and(...conds) : undefined;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(contentEntries).where(where);
  const { navigation, offset } = paginate(n, q.page, q.page_size);
  const rows = await db
    .select({ e: { id: contentEntries.id, kind: contentEntries.kind, code: contentEntries.code, title: contentEntries.title, status: contentEntries.status, startsAt: contentEntries.startsAt, endsAt: contentEntries.endsAt, updatedAt: contentEntries.updatedAt }, by: users.name })
    .from(contentEntries)
    .leftJoin(users, eq(users.id, contentEntries.updatedBy))
    .where(where)
    .orderBy(desc(contentEntries.updatedAt), desc(contentEntries.id))
    .limit(q.page_size)
    .offset(offset);
  return {
    items: rows.map(({ e, by }) => ({ id: e.id, kind: e.kind, code: e.code, title: e.title, state: stateOf(e, now), starts: e.startsAt?.toISOString() ?? null, ends: e.endsAt?.toISOString() ?? null, url: entryUrl(e.kind, e.code), updatedAt: e.updatedAt.toISOString(), updatedBy: by })),
    page_navigation: navigation,
  };
}

export type EditedEntry = { id: number; fields: EntryFields; state: ContentState; url: string; image: { id: number; alt: string } | null };

export async function loadForEdit(db: Db, kind: ContentKind, code: string): Promise<EditedEntry | null> {
  const [e] = await db.select().from(contentEntries).where(and(eq(contentEntries.kind, kind), eq(contentEntries.code, code))).limit(1);
  if (!e) return null;
  const fields: EntryFields = { kind: e.kind, code: e.code, title: e.title, preview: e.preview, body: e.body, status: e.status, startsAt: e.startsAt, endsAt: e.endsAt, data: e.data, discount: (e.discount as EntryFields['discount']) ?? null, imageId: e.imageId, imageAlt: e.imageAlt };
  return { id: e.id, fields, state: stateOf(e), url: entryUrl(e.kind, e.code), image: e.imageId ? { id: e.imageId, alt: e.imageAlt ?? '' } : null };
}

export type RevisionItem = { id: number; at: string; by: string | null; title: string; status: string };

export async function revisionsOf(db: Db, entryId: number, limit = 30): Promise<RevisionItem[]> {
  const rows = await db
    .select({ id: contentRevisions.id, at: contentRevisions.createdAt, by: users.name, snapshot: contentRevisions.snapshot })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.userId))
    .where(eq(contentRevisions.entryId, entryId))
    .orderBy(desc(contentRevisions.createdAt), desc(contentRevisions.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, at: r.at.toISOString(), by: r.by, title: String(r.snapshot.title ?? ''), status: String(r.snapshot.status ?? '') }));
}

export const restoreInput = z.object({ kind: z.enum(CONTENT_KINDS), code: z.string().trim().min(1).max(100), revision: z.coerce.number().int().positive() });

/**
 * POST api/desk/content/restore/: the entry becomes what that revision saved (a new revision, so the
 * restore can itself be undone). The revision must be this entry's: the id alone proves nothing.
 */
export async function restoreContent(db: Db, staffId: string, q: z.output<typeof restoreInput>): Promise<{ id: number; url: string; state: ContentState }> {
  const [rev] = await db
    .select({ snapshot: contentRevisions.snapshot, entryId: contentEntries.id })
    .from(contentRevisions)
    .innerJoin(contentEntries, eq(contentEntries.id, contentRevisions.entryId))
    .where(and(eq(contentRevisions.id, q.revision), eq(contentEntries.kind, q.kind), eq(contentEntries.code, q.code)))
    .limit(1);
  if (!rev) throw new HttpError(404, [{ code: ERR.NOT_FOUND, message: t('DCONT_ERR_REVISION') }]);
  const fields = { ...fieldsOf(rev.snapshot), kind: q.kind, code: q.code };
  // The picture of that revision may have been replaced since; the entry keeps no dangling reference.
  if (fields.imageId) {
    const [img] = await db.select({ id: contentImages.id }).from(contentImages).where(eq(contentImages.id, fields.imageId)).limit(1);
    if (!img) Object.assign(fields, { imageId: null, imageAlt: null });
  }
  const { id } = await writeEntry(db, fields, staffId);
  forgetPromoRules();
  await logStaff(db, staffId, 'content.restore', { kind: 'content', id }, { kind: q.kind, code: q.code, title: fields.title, revision: q.revision });
  return { id, url: entryUrl(q.kind, q.code), state: stateOf(fields) };
}

/** POST api/desk/content/preview/: the HTML a body will have, sanitised exactly as a save does. */
export const previewInput = z.object({ body: z.string().max(100_000).default('') });
export const previewHtml = (body: string) => renderMarkdown(body);
