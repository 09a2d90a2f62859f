/** The units of each section's properties (section id → property code → unit), as units.ts reads numbers with them. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export type SectionUnits = Map<number, Map<string, string | null>>;

/** Every section's, or only those of `sectionIds`. */
export async function loadSectionUnits(db: Db, sectionIds?: number[]): Promise<SectionUnits> {
  const out: SectionUnits = new Map();
  if (sectionIds && !sectionIds.length) return out;
  const where = sectionIds ? sql` WHERE section_id = ANY(${`{${sectionIds.map((n) => Math.trunc(n)).join(',')}}`}::int[])` : sql``;
  for (const r of rowsOf<{ section_id: number; code: string; unit: string | null }>(await db.execute(sql`SELECT section_id, code, unit FROM section_properties${where}`))) {
    const m = out.get(r.section_id) ?? new Map<string, string | null>();
    m.set(r.code, r.unit);
    out.set(r.section_id, m);
  }
  return out;
}
