/**
 * Export lists: the step-by-step draft (spec §4 "Export: step-by-step creation"), the finished
 * list, editing and removal. A list belongs to its owner (the viewer's company, or a retail
 * customer themself): the owner is part of every statement, so another owner's id is a 404.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { exportProfiles, products, users, type ExportSettings } from '../db/schema';
import type { Viewer } from '../http/guard';
import { ERR, HttpError } from '../http/api';
import { notFoundError, oneOr404 } from '../http/ownership';
import { cachedSectionTree } from '../catalog/sections';
import { cachedBrands } from '../catalog/reference';
import { t } from '../../i18n';
import { parseStep, requireWholeStep, type Step1, type StepData, type StepNumber } from './input';
import { describeSelection, EXTENSION, isFormat, isSchedule, knownFields, LIMITS, type Field, type Format, type Schedule, type Source } from './settings';

export type ExportRow = typeof exportProfiles.$inferSelect;

/** Who owns what a viewer makes here: their company, or themself when they have none. */
export function exportOwner(viewer: Pick<Viewer, 'id' | 'companyId'>): string {
  return viewer.companyId ? `c:${viewer.companyId}` : `u:${viewer.id}`;
}

const mine = (viewer: Viewer, id: number) => and(eq(exportProfiles.id, id), eq(exportProfiles.ownerKey, exportOwner(viewer)));

/** The spec's export list: id plus step data, with what the lists page shows. */
export type ExportDto = {
  id: number;
  status: 'draft' | 'ready';
  step: number;
  name: string;
  source: Source;
  sectionIds: number[];
  brandIds: number[];
  months: number | null;
  articles: string[];
  articleCount: number;
  /** How many of the articles are in the catalogue now (only when the articles are included). */
  articlesFound: number | null;
  inStockOnly: boolean;
  /** null until step 2 has been touched (the wizard then offers the default fields). */
  fields: Field[] | null;
  format: Format | null;
  schedule: Schedule;
  feedPath: string | null;
  summary: string;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  build: { at: string | null; size: number | null; rows: number | null };
  pull: { at: string | null; ip: string | null; count: number };
};

type Names = Parameters<typeof describeSelection>[1];

async function nameLookups(db: Db): Promise<Names> {
  const [tree, brands] = await Promise.all([cachedSectionTree(db), cachedBrands(db)]);
  return { sections: (id) => tree.byId.get(id)?.name, brands: (id) => brands.byId.get(id)?.name };
}

export function toDto(row: ExportRow, names: Names, createdBy: string | null, withArticles: boolean): ExportDto {
  const s = row.settings;
  const format = isFormat(row.format) ? row.format : null;
  return {
    id: row.id,
    status: row.status,
    step: row.step,
    name: row.name,
    source: (s.source ?? 'all') as Source,
    sectionIds: s.sectionIds ?? [],
    brandIds: s.brandIds ?? [],
    months: s.months ?? null,
    articles: withArticles ? (s.articles ?? []) : [],
    articleCount: s.articles?.length ?? 0,
    articlesFound: null,
    inStockOnly: !!s.inStockOnly,
    fields: s.fields === undefined ? null : knownFields(s.fields),
    format,
    schedule: isSchedule(row.schedule) ? row.schedule : 'daily',
    feedPath: row.status === 'ready' && format ? `/feed/${row.id}.${EXTENSION[format]}` : null,
    summary: describeSelection(s, names),
    createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    build: { at: row.lastBuiltAt?.toISOString() ?? null, size: row.lastSize ?? null, rows: row.lastRows ?? null },
    pull: { at: row.lastPulledAt?.toISOString() ?? null, ip: row.lastPulledIp ?? null, count: row.pullCount },
  };
}

/** GET web/profile/export/list/: the owner's lists, newest first, drafts included. */
export async function listExports(db: Db, viewer: Viewer): Promise<ExportDto[]> {
  const rows = await db
    .select({ row: exportProfiles, maker: users.name })
    .from(exportProfiles)
    .leftJoin(users, eq(users.id, exportProfiles.userId))
    .where(eq(exportProfiles.ownerKey, exportOwner(viewer)))
    .orderBy(desc(exportProfiles.updatedAt), desc(exportProfiles.id));
  const names = await nameLookups(db);
  return rows.map((r) => toDto(r.row, names, r.maker, false));
}

export async function loadExport(db: Db, viewer: Viewer, id: number): Promise<ExportRow> {
  return oneOr404(await db.select().from(exportProfiles).where(mine(viewer, id)).limit(1), t('EXPORT_ERR_NOT_FOUND'));
}

export async function getExport(db: Db, viewer: Viewer, id: number): Promise<ExportDto> {
  const [r] = await db.select({ row: exportProfiles, maker: users.name }).from(exportProfiles).leftJoin(users, eq(users.id, exportProfiles.userId)).where(mine(viewer, id)).limit(1);
  if (!r) throw notFoundError(t('EXPORT_ERR_NOT_FOUND'));
  const dto = toDto(r.row, await nameLookups(db), r.maker, true);
  if (dto.articles.length) {
    const [found] = await db.select({ n: count() }).from(products).where(and(eq(products.active, true), inArray(products.articleNorm, dto.articles)));
    dto.articlesFound = found?.n ?? 0;
  }
  return dto;
}

/** The viewer's own unfinished draft, to resume on /personal/unloading/new/. */
export async function latestDraft(db: Db, viewer: Viewer): Promise<ExportDto | null> {
  const [row] = await db
    .select()
    .from(exportProfiles)
    .where(and(eq(exportProfiles.ownerKey, exportOwner(viewer)), eq(exportProfiles.userId, viewer.id), eq(exportProfiles.status, 'draft')))
    .orderBy(desc(exportProfiles.updatedAt))
    .limit(1);
  return row ? getExport(db, viewer, row.id) : null;
}

const invalid = (field: string, key: string) => new HttpError(422, [{ code: ERR.VALIDATION, field, message: t(key) }]);

/** Sections and brands must exist; only what the chosen source uses is kept. */
async function cleanStep1(db: Db, d: Partial<Step1>, whole: boolean): Promise<ExportSettings> {
  const [tree, brands] = await Promise.all([cachedSectionTree(db), cachedBrands(db)]);
  if (d.sectionIds?.some((id) => !tree.byId.has(id))) throw invalid('sectionIds', 'EXPORT_ERR_UNKNOWN_SECTION');
  if (d.brandIds?.some((id) => !brands.byId.has(id))) throw invalid('brandIds', 'EXPORT_ERR_UNKNOWN_BRAND');
  const out: ExportSettings = { source: d.source ?? 'all', inStockOnly: !!d.inStockOnly, sectionIds: d.sectionIds ?? [], brandIds: d.brandIds ?? [], months: d.months, articles: d.articles ?? [] };
  if (!whole) return out;
  // A finished step keeps only what its source uses, so the list says exactly what it exports.
  if (out.source !== 'sections') out.sectionIds = [];
  if (out.source !== 'brands') out.brandIds = [];
  if (out.source !== 'purchased') delete out.months;
  if (out.source !== 'articles') out.articles = [];
  return out;
}

type Patch = Partial<Pick<ExportRow, 'settings' | 'format' | 'name' | 'schedule'>>;

async function patchFor<N extends StepNumber>(db: Db, step: N, data: Partial<StepData[N]>, current: ExportSettings, whole: boolean): Promise<Patch> {
  if (step === 1) return { settings: { ...current, ...(await cleanStep1(db, data as Partial<Step1>, whole)) } };
  if (step === 2) return { settings: { ...current, fields: (data as Partial<StepData[2]>).fields ?? [] } };
  if (step === 3) return { format: (data as Partial<StepData[3]>).format ?? null };
  const d = data as Partial<StepData[4]>;
  return { ...(d.title !== undefined ? { name: d.title } : {}), ...(d.schedule ? { schedule: d.schedule } : {}) };
}

async function assertRoom(db: Db, owner: string) {
  const [row] = await db.select({ n: count() }).from(exportProfiles).where(eq(exportProfiles.ownerKey, owner));
  if ((row?.n ?? 0) >= LIMITS.lists) throw new HttpError(409, [{ code: ERR.CONFLICT, message: t('EXPORT_ERR_TOO_MANY').replace('{n}', String(LIMITS.lists)) }]);
}

/**
 * POST api/profile/export/step/: saves one step. Without an id, step 1 starts a new draft. A draft
 * autosave (`draft`) may be incomplete and does not move the wizard on; a finished list's steps are
 * always saved whole, so a ready list never holds half a choice.
 */
export async function saveStep(db: Db, viewer: Viewer, input: { id?: number; step: number; draft: boolean }, raw: Record<string, unknown>): Promise<ExportDto> {
  const step = input.step as StepNumber;
  if (input.id === undefined) {
    if (step !== 1) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'step', message: t('EXPORT_ERR_START_WITH_STEP_1') }]);
    const owner = exportOwner(viewer);
    await assertRoom(db, owner);
    const whole = !input.draft;
    const data = parseStep(1, raw, input.draft);
    const settings = await cleanStep1(db, data, whole);
    const [row] = await db
      .insert(exportProfiles)
      .values({ ownerKey: owner, companyId: viewer.companyId, userId: viewer.id, name: '', status: 'draft', step: whole ? 1 : 0, settings })
      .returning();
    return getExport(db, viewer, row!.id);
  }
  const current = await loadExport(db, viewer, input.id);
  const draft = input.draft && current.status === 'draft';
  const data = parseStep(step, raw, draft);
  const patch = await patchFor(db, step, data, current.settings, !draft);
  const nextStep = draft ? current.step : Math.max(current.step, step);
  const updated = await db
    .update(exportProfiles)
    .set({ ...patch, step: nextStep, updatedAt: new Date() })
    .where(mine(viewer, input.id))
    .returning({ id: exportProfiles.id });
  oneOr404(updated, t('EXPORT_ERR_NOT_FOUND'));
  return getExport(db, viewer, input.id);
}

/** Every step of a list checked as whole (the data a feed is built from). */
async function wholeList(db: Db, row: Pick<ExportRow, 'settings' | 'format' | 'name' | 'schedule'>) {
  const s = row.settings as Record<string, unknown>;
  const step1 = requireWholeStep(1, s);
  await cleanStep1(db, step1, true);
  const step2 = requireWholeStep(2, { fields: knownFields(row.settings.fields) });
  const step3 = requireWholeStep(3, { format: row.format ?? undefined });
  const step4 = requireWholeStep(4, { title: row.name, schedule: row.schedule });
  return { step1, step2, step3, step4 };
}

/** POST api/profile/export/add/ with the id of a draft: the last step's data, then the list is ready. */
export async function finishExport(db: Db, viewer: Viewer, input: { id: number; title?: string; schedule?: Schedule }): Promise<ExportDto> {
  const current = await loadExport(db, viewer, input.id);
  const row = { ...current, name: input.title ?? current.name, schedule: input.schedule ?? current.schedule };
  const w = await wholeList(db, row);
  await db
    .update(exportProfiles)
    .set({ name: w.step4.title, schedule: w.step4.schedule, status: 'ready', step: 4, updatedAt: new Date() })
    .where(mine(viewer, input.id));
  return getExport(db, viewer, input.id);
}

/** POST api/profile/export/add/ with every step at once (for integrations that skip the wizard). */
export async function addExport(db: Db, viewer: Viewer, raw: Record<string, unknown>): Promise<ExportDto> {
  const step1 = parseStep(1, raw, false) as Step1;
  const fields = parseStep(2, raw, false).fields!;
  const format = parseStep(3, raw, false).format!;
  const step4 = parseStep(4, raw, false) as StepData[4];
  const owner = exportOwner(viewer);
  await assertRoom(db, owner);
  const settings = { ...(await cleanStep1(db, step1, true)), fields };
  const [row] = await db
    .insert(exportProfiles)
    .values({ ownerKey: owner, companyId: viewer.companyId, userId: viewer.id, name: step4.title, status: 'ready', step: 4, settings, format, schedule: step4.schedule })
    .returning({ id: exportProfiles.id });
  return getExport(db, viewer, row!.id);
}

/** POST api/profile/export/remove/ {id}. */
export async function removeExport(db: Db, viewer: Viewer, id: number): Promise<{ id: number }> {
  const rows = await db.delete(exportProfiles).where(mine(viewer, id)).returning({ id: exportProfiles.id });
  return oneOr404(rows, t('EXPORT_ERR_NOT_FOUND'));
}

/** After a full build: what the lists page shows, and the validator pollers compare with. */
export async function recordBuild(db: Db, id: number, build: { etag: string; changedAt: Date; size: number; rows: number }): Promise<void> {
  await db
    .update(exportProfiles)
    .set({
      lastBuiltAt: new Date(),
      lastSize: build.size,
      lastRows: build.rows,
      feedChangedAt: sql`CASE WHEN ${exportProfiles.feedEtag} IS DISTINCT FROM ${build.etag} THEN ${build.changedAt.toISOString()}::timestamptz ELSE ${exportProfiles.feedChangedAt} END`,
      feedEtag: build.etag,
    })
    .where(eq(exportProfiles.id, id));
}

/** Every pull, answered 200 or 304: when and from where. */
export async function recordPull(db: Db, id: number, ip: string): Promise<void> {
  await db
    .update(exportProfiles)
    .set({ lastPulledAt: new Date(), lastPulledIp: ip.slice(0, 64), pullCount: sql`${exportProfiles.pullCount} + 1` })
    .where(eq(exportProfiles.id, id));
}
