/**
 * The standard vocabulary of tasks added to a store whose catalogue did not come from the demo seed
 * (server/desk/search-tasks.ts `addStandardTasks`, /desk/search-tasks/): on a database of its own (PGlite in memory)
 * with a small catalogue of the kind 1C writes — one section with a standard code, one with a standard name under
 * another code — and one task the store already has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { searchTasks, sections, staffActions, users } from '../../src/server/db/schema';
import { addStandardTasks } from '../../src/server/desk/search-tasks';
import { TASK_SEED } from '../../src/server/search/task-seed';
import type { Viewer } from '../../src/server/http/guard';

let handle: DbHandle;
const editor = { id: 'std-editor' } as Viewer;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  await handle.db.insert(users).values({ id: editor.id, email: 'std-editor@example.by', name: 'Редактор Словаря', emailVerified: true });
  const [top] = await handle.db.insert(sections).values({ code: 'instrument-1c', name: 'Инструмент', depth: 1 }).returning();
  await handle.db.insert(sections).values([
    // The demo's code: taken as it is.
    { code: 'almaznye-diski', name: 'Диски алмазные 1С', depth: 2, parentId: top!.id },
    // The demo's name («Дрели-миксеры», code dreli-miksery) under 1C's own code, in another case and with «ё» the same.
    { code: 'miksery-stroitelnye', name: 'ДРЕЛИ-МИКСЕРЫ', depth: 2, parentId: top!.id },
  ]);
  await handle.db.insert(searchTasks).values({ name: 'резка керамогранита', phrases: ['пилить керамику'], sections: ['almaznye-diski'] });
}, 120_000);
afterAll(() => handle?.close());

describe('the standard vocabulary on another catalogue', () => {
  it('adds the tasks the store lacks with its own sections matched by code or name, keeps its own, and adds nothing twice', async () => {
    const first = await addStandardTasks(handle.db, editor);
    const rows = await handle.db.select().from(searchTasks).orderBy(asc(searchTasks.name));
    const byName = new Map(rows.map((r) => [r.name, r]));
    // The store's own task is left as it was.
    expect(byName.get('резка керамогранита')).toMatchObject({ phrases: ['пилить керамику'], sections: ['almaznye-diski'] });
    // By code: «резка плитки» (diamond discs and grinders) keeps only what this catalogue has.
    expect(byName.get('резка плитки')?.sections).toEqual(['almaznye-diski']);
    // By name: «штукатурка стен» names dreli-miksery first, here «ДРЕЛИ-МИКСЕРЫ» under 1C's code.
    expect(byName.get('штукатурка стен')?.sections).toEqual(['miksery-stroitelnye']);
    expect(byName.get('штукатурка стен')?.updatedBy).toBe(editor.id);
    // A task none of whose sections is here («покос травы»: mowers, trimmers) is not added.
    const mowing = TASK_SEED.find((x) => x.sections.every((c) => c.startsWith('gazonokosilki') || c.startsWith('trimmery')));
    expect(mowing).toBeDefined();
    expect(byName.has(mowing!.name)).toBe(false);
    // Every standard task is counted once: added, already here, or skipped.
    expect(first.present).toBe(1);
    expect(first.added).toBe(rows.length - 1);
    expect(first.added + first.present + first.skipped).toBe(TASK_SEED.length);
    for (const r of rows) expect(r.sections.every((c) => c === 'almaznye-diski' || c === 'miksery-stroitelnye'), r.name).toBe(true);

    const again = await addStandardTasks(handle.db, editor);
    expect(again).toEqual({ added: 0, present: first.added + 1, skipped: first.skipped });
    expect((await handle.db.select().from(searchTasks)).length).toBe(rows.length);
    const journal = await handle.db.select().from(staffActions).where(eq(staffActions.action, 'search_task.standard'));
    expect(journal.map((j) => j.details)).toEqual([expect.objectContaining({ added: first.added }), expect.objectContaining({ added: 0 })]);
  });

  it('two editors at once: each task is added once, and what one added the other counts as already here', async () => {
    const gone = ['резка плитки', 'штукатурка стен'];
    for (const name of gone) await handle.db.delete(searchTasks).where(eq(searchTasks.name, name));
    const before = (await handle.db.select().from(searchTasks)).length;
    // Both read the names before either writes: the second's insert meets the first's rows (the name is unique).
    const [a, b] = await Promise.all([addStandardTasks(handle.db, editor), addStandardTasks(handle.db, editor)]);
    expect(a.added + b.added).toBe(gone.length);
    expect(a.added + a.present).toBe(b.added + b.present);
    const rows = await handle.db.select().from(searchTasks);
    expect(rows.length).toBe(before + gone.length);
    expect(rows.filter((r) => gone.includes(r.name)).map((r) => r.name).sort()).toEqual([...gone].sort());
  });
});
