/**
 * The vocabulary of tasks as staff edit it (/desk/search-tasks/, issue 27): a task's name, the phrases
 * shoppers type and the catalogue sections that do the job. Saving writes the table, whose trigger logs a
 * `tasks` row in the change log: every node's search drops its copy (search/tasks.ts). Journaled.
 */
import { asc, eq, ne, and } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Viewer } from '../http/guard';
import { ERR, HttpError } from '../http/api';
import { searchTasks } from '../db/schema';
import { loadSectionTree, type SectionTree } from '../catalog/sections';
import { forgetTasks } from '../search/tasks';
import { fold } from '../search/text';
import { TASK_SEED } from '../search/task-seed';
import { CATALOG } from '../seed/catalog-data';
import { logStaff } from './log';
import { t } from '../../i18n';

export type TaskInput = { id?: number; name: string; phrases: string[]; sections: string[] };
export type DeskTask = { id: number; name: string; phrases: string[]; sections: { code: string; name: string | null }[]; usable: boolean; updated_at: string };

const bad = (field: string, message: string) => new HttpError(422, [{ code: ERR.VALIDATION, field, message }]);

function shown(tree: SectionTree, r: typeof searchTasks.$inferSelect): DeskTask {
  const sections = r.sections.map((code) => ({ code, name: tree.byCode.get(code)?.name ?? null }));
  return { id: r.id, name: r.name, phrases: r.phrases, sections, usable: sections.some((s) => s.name !== null), updated_at: r.updatedAt.toISOString() };
}

/** Every task (a few hundred at most), optionally those whose name or phrases contain `q`. */
export async function listTasks(db: Db, q = ''): Promise<DeskTask[]> {
  const [rows, tree] = await Promise.all([db.select().from(searchTasks).orderBy(asc(searchTasks.name)), loadSectionTree(db)]);
  const needle = fold(q.trim());
  return rows.filter((r) => !needle || fold(`${r.name} ${r.phrases.join(' ')}`).includes(needle)).map((r) => shown(tree, r));
}

export async function saveTask(db: Db, staff: Viewer, input: TaskInput): Promise<DeskTask> {
  const tree = await loadSectionTree(db);
  const missing = input.sections.filter((c) => !tree.byCode.has(c));
  if (missing.length) throw bad('sections', `${t('STASK_SECTIONS')}: ${t('STASK_ERR_NO_SECTION')} ${missing.join(', ')}`);
  const name = input.name.trim();
  const clash = await db
    .select({ id: searchTasks.id })
    .from(searchTasks)
    .where(input.id ? and(eq(searchTasks.name, name), ne(searchTasks.id, input.id)) : eq(searchTasks.name, name));
  if (clash.length) throw bad('name', `${t('STASK_NAME')}: ${t('STASK_ERR_NAME_TAKEN')}`);
  const values = { name, phrases: input.phrases, sections: input.sections, updatedAt: new Date(), updatedBy: staff.id };
  const [row] = input.id
    ? await db.update(searchTasks).set(values).where(eq(searchTasks.id, input.id)).returning()
    : await db.insert(searchTasks).values(values).returning();
  if (!row) throw new HttpError(404, [{ code: ERR.NOT_FOUND, message: t('STASK_ERR_NOT_FOUND') }]);
  // This node at once; the others through the change log.
  forgetTasks(db);
  await logStaff(db, staff.id, input.id ? 'search_task.save' : 'search_task.add', { kind: 'search_task', id: row.id }, { name });
  return shown(tree, row);
}

/** The names the standard vocabulary's section codes stand for (the demo catalogue, seed/catalog-data.ts). */
function standardSectionNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const top of CATALOG) {
    names.set(top.code, top.name);
    for (const mid of top.mids) {
      names.set(mid.code, mid.name);
      for (const leaf of mid.leaves) names.set(leaf.code, leaf.name);
    }
  }
  return names;
}

export type StandardTasksResult = { added: number; present: number; skipped: number };

/**
 * The standard vocabulary (search/task-seed.ts) added to this store's, for a catalogue that did not come from the demo
 * seed (1C's, a price list's): every task whose name is not here yet, with the sections of this catalogue that match a
 * standard one by code or else by name (a 1C group «Алмазные диски» gets its code from its name, but «Диски алмазные»
 * would not). A task with none of its sections here is skipped; tasks already here are never changed.
 */
export async function addStandardTasks(db: Db, staff: Viewer): Promise<StandardTasksResult> {
  const tree = await loadSectionTree(db);
  const byName = new Map<string, string>();
  for (const [code, node] of tree.byCode) if (!byName.has(fold(node.name))) byName.set(fold(node.name), code);
  const standard = standardSectionNames();
  const here = (code: string) => (tree.byCode.has(code) ? code : byName.get(fold(standard.get(code) ?? '')));
  const have = new Set((await db.select({ name: searchTasks.name }).from(searchTasks)).map((r) => r.name));
  const rows: (typeof searchTasks.$inferInsert)[] = [];
  let present = 0;
  let skipped = 0;
  for (const seed of TASK_SEED) {
    if (have.has(seed.name)) {
      present++;
      continue;
    }
    const sections = [...new Set(seed.sections.map(here).filter((c): c is string => !!c))];
    if (!sections.length) {
      skipped++;
      continue;
    }
    rows.push({ name: seed.name, phrases: seed.phrases, sections, updatedAt: new Date(), updatedBy: staff.id });
  }
  // Two editors at once: the second adds what the first did not (the name is unique).
  const added = rows.length ? (await db.insert(searchTasks).values(rows).onConflictDoNothing().returning({ id: searchTasks.id })).length : 0;
  forgetTasks(db);
  await logStaff(db, staff.id, 'search_task.standard', { kind: 'search_task', id: 0 }, { name: t('STASK_STANDARD_LOG'), added });
  return { added, present: present + rows.length - added, skipped };
}

export async function removeTask(db: Db, staff: Viewer, id: number): Promise<{ id: number }> {
  const [row] = await db.delete(searchTasks).where(eq(searchTasks.id, id)).returning({ id: searchTasks.id, name: searchTasks.name });
  if (!row) throw new HttpError(404, [{ code: ERR.NOT_FOUND, message: t('STASK_ERR_NOT_FOUND') }]);
  forgetTasks(db);
  await logStaff(db, staff.id, 'search_task.remove', { kind: 'search_task', id }, { name: row.name });
  return { id };
}
