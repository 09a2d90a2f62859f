import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';

/**
 * getEntry() logs a warning for every unknown id, and addresses like /{slug}/ are probed by bots
 * all day; looking the id up in the (small, in-memory) collection keeps the log for real problems.
 */
export async function findEntry<C extends CollectionKey>(collection: C, id: string): Promise<CollectionEntry<C> | undefined> {
  const all = await getCollection(collection);
  return all.find((e) => e.id === id);
}
