/**
 * Work each app node does in the background, started once on the node's first request (the boot
 * request of scripts/server.mjs): following the catalogue change log, delivering the CRM outbox.
 * Both are safe with several nodes (the change log is read by each node; outbox rows are claimed).
 */
import { followCatalogChanges } from './changes/follow';
import { startOutboxWorker } from './company/crm-outbox';

export function startBackgroundWork(): void {
  void followCatalogChanges().catch((e) => console.error('[changes] could not follow the change log', e));
  startOutboxWorker();
}
