/** Info pages (`content_entries` of kind 'page'): the fixed ones (/advantages/, /agreement/…) and any the catch-all /{slug}/ serves. */
import { getDb } from '../db/client';
import { onePage, pageLive, type PageEntry } from './store';

export type ContentPageEntry = PageEntry & { /** Staff only, under a banner. */ unpublished: 'draft' | 'scheduled' | null };

export async function getContentPage(slug: string, opts: { staff?: boolean } = {}): Promise<ContentPageEntry | null> {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return null;
  const e = await onePage(await getDb(), slug);
  if (!e) return null;
  const live = pageLive(e);
  if (!live && !opts.staff) return null;
  return { ...e, unpublished: e.data.draft ? 'draft' : live ? null : 'scheduled' };
}
