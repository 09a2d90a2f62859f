/**
 * Spec §8: a chunk-load failure reloads the page, at most once per minute. After a deploy the old
 * build's island chunks are gone; a page opened before it fails to hydrate an island («Failed to fetch
 * dynamically imported module»). Astro reports that as `astro:hydration-error` (after its own retry),
 * Vite's preloads as `vite:preloadError`. Only module-loading failures reload — an island's own bug
 * would reload for nothing — and a second failure within the minute is left to show (no reload loop).
 */
const KEY = 'chunk-reload-at';
const MINUTE = 60_000;
const MODULE_LOAD = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return MODULE_LOAD.test(message);
}

export function reloadOnChunkFailure(win: Window = window, now: () => number = Date.now): void {
  const onFailure = (event: Event) => {
    const detail = (event as CustomEvent<{ error?: unknown; payload?: unknown }>).detail;
    if (event.type === 'astro:hydration-error' && !isChunkLoadError(detail?.error)) return;
    let last = 0;
    try {
      last = Number(win.localStorage.getItem(KEY)) || 0;
    } catch {
      /* storage off: still reload, the browser's own cache stops a loop */
    }
    if (now() - last < MINUTE) return;
    try {
      win.localStorage.setItem(KEY, String(now()));
    } catch {
      /* see above */
    }
    event.preventDefault();
    win.location.reload();
  };
  win.addEventListener('astro:hydration-error', onFailure);
  win.addEventListener('vite:preloadError', onFailure);
}
