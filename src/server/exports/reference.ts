/** What the creation and edit forms offer (GET web/profile/export/create/ and update/): sections, brands, choices with labels. */
import type { Db } from '../db/client';
import { cachedSectionTree, type SectionNode } from '../catalog/sections';
import { cachedBrands } from '../catalog/reference';
import { ru, t } from '../../i18n';
import { EXTENSION, FIELDS, FORMATS, LIMITS, SCHEDULES, SOURCES, DEFAULT_FIELDS, YML_CORE_FIELDS, fieldLabel, formatLabel, scheduleLabel, sourceLabel, type Field, type Format, type Schedule, type Source } from './settings';

export type Choice<T extends string> = { code: T; label: string; hint?: string };
export type SectionChoice = { id: number; name: string; depth: number; parentId: number | null };

export type ExportForm = {
  sources: Choice<Source>[];
  fields: Choice<Field>[];
  formats: (Choice<Format> & { ext: string })[];
  schedules: Choice<Schedule>[];
  sections: SectionChoice[];
  brands: { id: number; name: string }[];
  defaultFields: Field[];
  ymlCoreFields: Field[];
  limits: typeof LIMITS;
};

export async function exportForm(db: Db, viewer: { companyId: number | null }): Promise<ExportForm> {
  const [tree, brands] = await Promise.all([cachedSectionTree(db), cachedBrands(db)]);
  const sections: SectionChoice[] = [];
  // Levels 1 and 2: a level-3 choice is rarely worth a 360 px list; a level-2 section takes its subsections with it.
  const walk = (n: SectionNode) => {
    if (n.depth > 2) return;
    sections.push({ id: n.id, name: n.name, depth: n.depth, parentId: n.parentId });
    n.children.forEach(walk);
  };
  tree.roots.forEach(walk);
  const sources = SOURCES.map((code) => ({ code, label: code === 'purchased' && !viewer.companyId ? t('EXPORT_SOURCE_PURCHASED_SELF') : sourceLabel(code) }));
  return {
    sources,
    fields: FIELDS.map((code) => ({ code, label: fieldLabel(code) })),
    formats: FORMATS.map((code) => ({ code, label: formatLabel(code), hint: t(`EXPORT_FORMAT_${code.toUpperCase()}_HINT`), ext: EXTENSION[code] })),
    schedules: SCHEDULES.map((code) => ({ code, label: scheduleLabel(code) })),
    sections,
    brands: [...brands.list].sort((a, b) => a.name.localeCompare(b.name, 'ru')).map((b) => ({ id: b.id, name: b.name })),
    defaultFields: DEFAULT_FIELDS,
    ymlCoreFields: YML_CORE_FIELDS,
    limits: LIMITS,
  };
}

/** Every text the export islands show, keyed by code (islands get them as props, like every other island). */
export function exportLabels(): Record<string, string> {
  return Object.fromEntries(Object.keys(ru).filter((k) => k.startsWith('EXPORT_')).map((k) => [k, t(k)]));
}
