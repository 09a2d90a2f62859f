/**
 * Every page: the header state without React. Fetches api/header/ once the page is idle and keeps
 * the shared stores in step with other tabs; when there is something to show — a basket, compare or
 * favourites list, or a signed-in visitor — it asks the `client:demand` islands to hydrate
 * (src/directives/demand.ts). A first-time visitor with nothing in their lists loads no React until
 * they start using the page (decision 0053).
 */
import { $basketIds, $compareIds, $favoriteIds, $headerUser, loadHeader, startHeaderSync } from '../../stores/header';

type DemandWindow = Window & { __storeDemand?: boolean };

const hasState = () =>
  $basketIds.get().length > 0 || $compareIds.get().length > 0 || $favoriteIds.get().length > 0 || $headerUser.get() !== null;

function demand(): void {
  const w = window as DemandWindow;
  if (w.__storeDemand || !hasState()) return;
  w.__storeDemand = true;
  window.dispatchEvent(new Event('store:demand'));
}

export function bootHeader(): void {
  for (const store of [$basketIds, $compareIds, $favoriteIds, $headerUser]) store.listen(demand);
  startHeaderSync();
  const run = () => void loadHeader();
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
