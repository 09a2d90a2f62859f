import type { Db } from '../db/client';
import { translations } from '../db/schema';
import { ru } from '../../i18n/ru';

/** The built-in dictionary with editors' overrides from the database applied. */
export async function allTranslations(db: Db): Promise<Record<string, string>> {
  const rows = await db.select().from(translations);
  const merged: Record<string, string> = { ...ru };
  for (const r of rows) merged[r.code] = r.text;
  return merged;
}
