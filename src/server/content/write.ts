/**
 * The one writer of `content_entries`: the desk's save and restore (editor.ts) and the demo's first
 * import (import.ts). Every write keeps a revision with what was saved, in the same transaction; the
 * table's trigger puts a row in the change log when the write touches what guests see.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contentEntries, contentRevisions, type ContentKind, type ContentStatus } from '../db/schema';
import { renderMarkdown } from './markdown';

/** A promotion's price rule as saved (applied to prices by catalog/pricing.ts, not here). */
export type Discount = { percent?: number; price?: number; sections: string[]; brands: string[]; articles: string[]; contractors: boolean };

export type EntryFields = {
  kind: ContentKind;
  code: string;
  title: string;
  preview: string;
  body: string;
  status: ContentStatus;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Kind-specific fields (store.ts reads them). */
  data: Record<string, unknown>;
  discount: Discount | null;
  imageId: number | null;
  imageAlt: string | null;
};

/** What a revision keeps: the fields, dates as ISO strings (JSON). */
export function snapshotOf(f: EntryFields): Record<string, unknown> {
  return { ...f, startsAt: f.startsAt?.toISOString() ?? null, endsAt: f.endsAt?.toISOString() ?? null };
}

export function fieldsOf(snapshot: Record<string, unknown>): EntryFields {
  const s = snapshot as unknown as EntryFields & { startsAt: string | null; endsAt: string | null };
  return { ...s, startsAt: s.startsAt ? new Date(s.startsAt) : null, endsAt: s.endsAt ? new Date(s.endsAt) : null };
}

export async function writeEntry(db: Db, f: EntryFields, userId: string | null): Promise<{ id: number; created: boolean; wasPublished: boolean }> {
  const html = await renderMarkdown(f.body);
  return db.transaction(async (tx) => {
    const values = { title: f.title, preview: f.preview, body: f.body, html, status: f.status, startsAt: f.startsAt, endsAt: f.endsAt, data: f.data, discount: f.discount, imageId: f.imageId, imageAlt: f.imageAlt, updatedAt: new Date(), updatedBy: userId };
    // Locked, so two editors saving at once keep their revisions in the order their rows were written.
    const [old] = await tx
      .select({ id: contentEntries.id, status: contentEntries.status })
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, f.kind), eq(contentEntries.code, f.code)))
      .for('update');
    let id: number;
    if (old) {
      await tx.update(contentEntries).set(values).where(eq(contentEntries.id, old.id));
      id = old.id;
    } else {
      const [row] = await tx.insert(contentEntries).values({ kind: f.kind, code: f.code, ...values }).returning({ id: contentEntries.id });
      id = row!.id;
    }
    await tx.insert(contentRevisions).values({ entryId: id, snapshot: snapshotOf(f), userId });
    return { id, created: !old, wasPublished: old?.status === 'published' };
  });
}

/** The public address of an entry. */
export function entryUrl(kind: ContentKind, code: string): string {
  return kind === 'promotion' ? `/actions/${code}/` : kind === 'media' ? `/media/${code}/` : `/${code}/`;
}
