/** Info pages (src/content/pages/*.md): the fixed ones (/advantages/, /agreement/…) and any the catch-all /{slug}/ serves. */
import { type CollectionEntry } from 'astro:content';
import { findEntry } from './entries';

export type ContentPageEntry = CollectionEntry<'pages'>;

export async function getContentPage(slug: string): Promise<ContentPageEntry | null> {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return null;
  const e = await findEntry('pages', slug);
  return e && !e.data.draft ? e : null;
}
