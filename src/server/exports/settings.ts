/**
 * What an export list can be made of: sources (step 1), fields (step 2), formats (step 3) and
 * rebuild frequencies (step 4), with their Russian labels and limits. Pure data, shared by the
 * service, the feed writers and the pages.
 */
import type { ExportSettings } from '../db/schema';
import { t } from '../../i18n';

export const SOURCES = ['all', 'sections', 'brands', 'favorites', 'purchased', 'articles'] as const;
export type Source = (typeof SOURCES)[number];

export const FIELDS = ['article', 'name', 'brand', 'section', 'my_price', 'retail_price', 'vat', 'stock', 'stock_branches', 'unit', 'images', 'description', 'properties', 'url'] as const;
export type Field = (typeof FIELDS)[number];

export const FORMATS = ['yml', 'csv', 'xlsx', 'json'] as const;
export type Format = (typeof FORMATS)[number];

export const SCHEDULES = ['always', 'hourly', 'daily', 'weekly'] as const;
export type Schedule = (typeof SCHEDULES)[number];

/** The file extension of each format in the feed URL (/feed/{id}.{ext}). */
export const EXTENSION: Record<Format, string> = { yml: 'xml', csv: 'csv', xlsx: 'xlsx', json: 'json' };
export const CONTENT_TYPE: Record<Format, string> = {
  yml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
};

/** How long one build stays the feed's content for pollers that send If-None-Match / If-Modified-Since. */
export const SCHEDULE_MS: Record<Schedule, number> = { always: 0, hourly: 3_600_000, daily: 86_400_000, weekly: 7 * 86_400_000 };

/** The fields a new list starts with. */
export const DEFAULT_FIELDS: Field[] = ['article', 'name', 'brand', 'section', 'my_price', 'retail_price', 'stock', 'url'];
/** A YML offer always carries these (Yandex Market requires them); the other fields are added on top. */
export const YML_CORE_FIELDS: Field[] = ['article', 'name', 'brand', 'section', 'my_price', 'images', 'url'];

export const LIMITS = {
  /** Lists per owner (drafts included). */
  lists: 50,
  articles: 5000,
  articleLength: 100,
  months: 36,
  name: 120,
  /** Live API tokens per owner: one per integration is plenty; more is usually forgotten ones. */
  tokens: 10,
  tokenName: 60,
} as const;

/** VAT is included in every price (20 %), as on the site. */
export { VAT_RATE } from '../../config/seller';
export const UNIT = 'шт.';

export const sourceLabel = (s: Source) => t(`EXPORT_SOURCE_${s.toUpperCase()}`);
export const fieldLabel = (f: Field) => t(`EXPORT_FIELD_${f.toUpperCase()}`);
export const formatLabel = (f: Format) => t(`EXPORT_FORMAT_${f.toUpperCase()}`);
export const scheduleLabel = (s: Schedule) => t(`EXPORT_SCHEDULE_${s.toUpperCase()}`);

const FIELD_ALIASES: Record<string, Field> = { price: 'my_price' };

/** Known fields in the canonical order (lists saved by older versions may hold other codes). */
export function knownFields(codes: readonly string[] | undefined): Field[] {
  const wanted = new Set((codes ?? []).map((c) => FIELD_ALIASES[c] ?? c));
  return FIELDS.filter((f) => wanted.has(f));
}

export const isFormat = (v: unknown): v is Format => typeof v === 'string' && (FORMATS as readonly string[]).includes(v);
export const isSchedule = (v: unknown): v is Schedule => typeof v === 'string' && (SCHEDULES as readonly string[]).includes(v);

/** The fields a file of this format really has: YML always has its core set. */
export function effectiveFields(format: Format, fields: readonly Field[]): Field[] {
  if (format !== 'yml') return [...fields];
  const set = new Set<Field>([...YML_CORE_FIELDS, ...fields]);
  return FIELDS.filter((f) => set.has(f));
}

/** A short Russian description of step 1 for the lists page ("Разделы: 3 · только в наличии"). */
export function describeSelection(s: ExportSettings, names: { sections: (id: number) => string | undefined; brands: (id: number) => string | undefined }): string {
  const source = (s.source ?? 'all') as Source;
  let text = sourceLabel(source);
  const list = (ids: number[] | undefined, name: (id: number) => string | undefined) => {
    const named = (ids ?? []).map(name).filter(Boolean) as string[];
    return named.length > 3 ? `${named.slice(0, 3).join(', ')} и ещё ${named.length - 3}` : named.join(', ');
  };
  if (source === 'sections') text += `: ${list(s.sectionIds, names.sections)}`;
  if (source === 'brands') text += `: ${list(s.brandIds, names.brands)}`;
  if (source === 'purchased') text += ` (${s.months ?? 0} ${t('EXPORT_MONTHS_SHORT')})`;
  if (source === 'articles') text += `: ${s.articles?.length ?? 0}`;
  if (s.inStockOnly) text += ` · ${t('EXPORT_IN_STOCK_ONLY_SHORT')}`;
  return text;
}
