/**
 * Work each app node does in the background, started once on the node's first request (the boot
 * request of scripts/server.mjs): following the catalogue change log, delivering the CRM outbox and the
 * message outbox (e-mails, SMS),
 * cancelling orders not paid by their deadline, sending product alerts. All are safe with several nodes
 * (the change log is read by each node; outbox rows, unpaid orders and due alerts are claimed).
 */
import { followCatalogChanges } from './changes/follow';
import { startOutboxWorker } from './company/crm-outbox';
import { startPaymentSweep } from './payments/service';
import { startAlertSender } from './alerts/sender';
import { startMessageWorker } from './notifications/outbox';

export function startBackgroundWork(): void {
  void followCatalogChanges().catch((e) => console.error('[changes] could not follow the change log', e));
  startOutboxWorker();
  startMessageWorker();
  startPaymentSweep();
  void startAlertSender().catch((e) => console.error('[alerts] could not start the alert sender', e));
}
