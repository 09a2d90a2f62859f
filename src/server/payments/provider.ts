/**
 * What an online payment provider implements (decision 0220); `payments/index.ts` picks one by
 * PAYMENT_PROVIDER, as `notifications/sms.ts` picks an SMS gateway. Amounts are integer kopecks —
 * bePaid's "minimal currency units" — computed on the server from the order, never from the client.
 */
export type PaymentMethod = 'card' | 'erip';

export type StartRequest = {
  /** The order number: bePaid's `tracking_id` (card) and `order_id` (ЕРИП), the key a notification is matched by. */
  trackingId: string;
  amountKopecks: number;
  currency: 'BYN';
  description: string;
  email: string | null;
  /** Where the provider sends its notifications (the store's /api/payments/notify/). */
  notificationUrl: string;
  /** Where the buyer comes back to (the confirmation page). */
  returnUrl: string;
  /** After this the provider itself expires the payment. */
  expiresAt: Date;
};

export type CardStart = { token: string; url: string };
export type EripStart = { uid: string; status: string; erip: { service_no: string; account_number: string; instruction: string[] } };
export type RefundResult = { uid: string; status: string };

/** A notification as bePaid sends it: `{ transaction: {...} }`, signed (Content-Signature) and with Basic auth. */
export type Notice = { headers: Headers; raw: string };

export type PaymentProvider = {
  name: 'sandbox' | 'bepaid';
  startCard(req: StartRequest): Promise<CardStart>;
  startErip(req: StartRequest): Promise<EripStart>;
  refund(p: { uid: string; method: PaymentMethod; amountKopecks: number; reason: string }): Promise<RefundResult>;
  /** Whether a notification really comes from this provider: its credentials and its RSA signature over the raw body. */
  verify(notice: Notice): boolean;
};
