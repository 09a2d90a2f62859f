/**
 * Every page: the header state without React (decision 0300). Fetches api/header/ once the page is
 * idle, keeps the shared stores in step with other tabs, and paints what the islands would show —
 * the account link, the counters, the cards' «В корзине» and pressed marks — straight into the
 * server's HTML. No island is hydrated for it: a signed-in shopper with full lists loads no React
 * until they start using the page (src/directives/demand.ts, decision 0053).
 */
import { $basketIds, $compareIds, $favoriteIds, $headerUser, $unreadNotifications, currentView, headerPaint, loadHeader, loadNotificationCountOnce, startHeaderSync } from '../../stores/header';
import { reloadOnChunkFailure } from '../../lib/chunk-reload';
import { paintCards } from '../catalog/card-marks';
import { paintHeader } from './header-paint';

function paint(): void {
  paintCards($basketIds.get(), $compareIds.get(), $favoriteIds.get());
  // Once HeaderCounters has rendered, the counters are React's: painting them would break its tree.
  const root = document.querySelector('.usernav > astro-island');
  if (!root || headerPaint.owned) return;
  const view = currentView();
  paintHeader(root, view);
  headerPaint.painted = view;
}

export function bootHeader(): void {
  reloadOnChunkFailure();
  for (const store of [$basketIds, $compareIds, $favoriteIds, $headerUser, $unreadNotifications]) store.listen(paint);
  $headerUser.listen((user) => {
    if (user) loadNotificationCountOnce();
  });
  startHeaderSync();
  const run = () => void loadHeader();
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
