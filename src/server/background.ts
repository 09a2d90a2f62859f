/**
 * Work each app node does in the background, started once on the node's first request (the boot
 * request of scripts/server.mjs): following the catalogue change log, delivering the CRM outbox,
 * cancelling orders not paid by their deadline. All are safe with several nodes (the change log is
 * read by each node; outbox rows and unpaid orders are claimed).
 */
import { followCatalogChanges } from './changes/follow';
import { startOutboxWorker } from './company/crm-outbox';
import { startPaymentSweep } from './payments/service';

export function startBackgroundWork(): void {
  void followCatalogChanges().catch((e) => console.error('[changes] could not follow the change log', e));
  startOutboxWorker();
  startPaymentSweep();
}
