/**
 * The app's handle on the page cache that scripts/server.mjs runs in front of Astro (front.ts). The
 * front registers itself on globalThis; under `astro dev` there is none and these calls do nothing.
 */
import type { Front } from './front';

const KEY = '__storePageCache';
type Global = typeof globalThis & { [KEY]?: Front };

export function registerPageCache(front: Front): void {
  (globalThis as Global)[KEY] = front;
}

export function pageCache(): Front | null {
  return (globalThis as Global)[KEY] ?? null;
}
