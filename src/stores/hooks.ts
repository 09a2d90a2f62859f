/**
 * Reading a shared store in an island without a hydration mismatch. Preact's hydrate() keeps the
 * server's attributes as they are, so an island whose first client render already differs from the
 * HTML (because another island loaded the header first) would show stale labels and pressed states
 * for good. The first render therefore uses what the server rendered, the next one the store.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

export function useClientStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const value = useStore(store);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? value : serverValue;
}
