/** Orders, their statuses, history, items and stock reservations; delivery addresses. */
import { boolean, date, index, jsonb, integer, pgTable, pgSequence, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, money } from './columns';
import { companies, userFk, users } from './accounts';
import { branchFk, branches } from './branches';
import { productFk, products } from './catalog';
import type { AddressFields } from '../../geo/address';

// ───────────────────────────── Orders and addresses ─────────────────────────────

/** Reference rows live in a migration (they exist in production, not only in the demo): see server/orders/status.ts. */
export const orderStatuses = pgTable('order_statuses', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(500),
  /** Done or cancelled: nothing follows. */
  isFinal: boolean('is_final').notNull().default(false),
});

export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial('id').primaryKey(),
    userId: userFk(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /**
     * The display line composed of the fields below (server/geo/address.ts `composeAddress`): what
     * lists, orders, invoices and the 1C exchange show. For an unstructured (legacy) row, the line
     * the user typed before addresses had fields.
     */
    address: text('address').notNull(),
    /** Населённый пункт: a name from the built-in list (geo/localities-by.ts) and its region ('' for Minsk). */
    city: text('city'),
    region: text('region'),
    street: text('street'),
    /** Номер дома: «12», «12А», «12/1» (geo/address.ts `HOUSE_RULE`). */
    house: text('house'),
    /** Корпус. */
    building: text('building'),
    /** Квартира / офис. */
    flat: text('flat'),
    entrance: text('entrance'),
    /** Saved as one free line before addresses had fields (migration 0035): the personal area asks to complete it. */
    unstructured: boolean('unstructured').notNull().default(false),
    /** A pending address that completes an unstructured one: confirming it by code deletes that one (addresses/actions.ts). */
    replacesId: integer('replaces_id'),
    /** pending (awaiting verification) → active → deletion_requested → (deleted). */
    status: text('status').$type<'pending' | 'active' | 'deletion_requested'>().notNull().default('pending'),
    deletionRequested: boolean('deletion_requested').notNull().default(false),
    phone: text('phone'),
    email: text('email'),
    emailNotify: boolean('email_notify').notNull().default(true),
    phoneNotify: boolean('phone_notify').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_addresses_user_idx').on(t.userId), index('delivery_addresses_company_idx').on(t.companyId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    status: text('status')
      .notNull()
      .references(() => orderStatuses.code),
    /** '1' самовывоз (self), '2' доставка (delivery, the default). */
    deliveryTypeId: text('delivery_type_id').notNull().default('2'),
    branchId: integer('branch_id').references(() => branches.id),
    addressId: integer('address_id').references(() => deliveryAddresses.id, { onDelete: 'set null' }),
    /** The composed display line of the delivery address (with flat and entrance), as it was when ordered. */
    deliveryAddress: text('delivery_address'),
    /** Its fields (geo/address.ts `AddressFields`); NULL for orders placed before addresses had fields. */
    deliveryAddressFields: jsonb('delivery_address_fields').$type<AddressFields>(),
    deliveryDate: date('delivery_date'),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email'),
    comment: text('comment'),
    total: money('total').notNull(),
    /** VAT included in the total (20 %). */
    vat: money('vat').notNull().default('0'),
    /** 'cash' | 'card' on receipt, 'invoice' (business customers), 'online' (card on the provider's page), 'erip'. */
    paymentType: text('payment_type').notNull().default('cash'),
    /**
     * Online payments only (decision 0220): 'awaiting' → 'paid' | 'unpaid' (failed, expired, deadline) → 'refunded'.
     * NULL for orders paid on receipt or by invoice.
     */
    paymentStatus: text('payment_status').$type<'awaiting' | 'paid' | 'unpaid' | 'refunded'>(),
    /** A card order still awaiting payment after this moment gives its stock back (payments/deadline.ts). */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** The company that pays an invoice order. */
    payerCompanyId: integer('payer_company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** A guest's order belongs to the guest key that placed it (g:<uuid>), so only that browser sees its confirmation. */
    ownerKey: text('owner_key'),
    /** Client-chosen key of order submission: a retry or double click never makes two orders. */
    idempotencyKey: text('idempotency_key'),
    /** Delivery charge included in `total` (0 for pickup and above the free-delivery threshold). */
    deliveryPrice: money('delivery_price').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('orders_idempotency_uq').on(t.idempotencyKey),
    index('orders_payment_due_idx').on(t.paymentDueAt),
  ],
);

/** A required reference to an order, gone with the order. */
export const orderFk = (name = 'order_id') =>
  integer(name).notNull().references(() => orders.id, { onDelete: 'cascade' });

/** Every status an order passed through, who moved it and when (spec: order detail, staff desk). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: orderFk(),
    status: text('status')
      .notNull()
      .references(() => orderStatuses.code),
    /** 'customer' | 'admin' (company admin) | 'staff' | 'system'. */
    actorKind: text('actor_kind').notNull(),
    actorUserId: text('actor_user_id'),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: orderFk(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    article: text('article').notNull(),
    price: money('price').notNull(),
    quantity: integer('quantity').notNull(),
    /** Ordered without stock ("под заказ"): nothing reserved, comes from the supplier. */
    onOrder: boolean('on_order').notNull().default(false),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * Stock an order took from each branch (server/checkout/reserve.ts), so that cancelling gives back
 * exactly that (server/orders/status.ts). `released_at` is set when it went back to `stocks`.
 */
export const orderReservations = pgTable(
  'order_reservations',
  {
    orderId: orderFk(),
    productId: productFk(),
    branchId: branchFk(),
    quantity: integer('quantity').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId, t.branchId] })],
);

/** Numbers of orders placed on the site (ИН-20001…); the demo's history uses lower numbers. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 20001 });

/**
 * An order's exchange with 1C (server/exchange/sale.ts, docs/decisions/0200-exchange-1c.md «Заказы»).
 * `sent_*`: the last `sale/query` that carried the order (awaiting `success`); `taken_updated_at`: the
 * `orders.updated_at` 1C has taken — the order goes out again only when the store changes it later.
 * `paid*`, `shipped*`, `number_1c`: what 1C reported back (`sale/file`).
 */
export const orderExchange = pgTable('order_exchange', {
  orderId: integer('order_id').primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  sentUpdatedAt: timestamp('sent_updated_at', { withTimezone: true }),
  takenAt: timestamp('taken_at', { withTimezone: true }),
  takenUpdatedAt: timestamp('taken_updated_at', { withTimezone: true }),
  number1c: text('number_1c'),
  paid: boolean('paid').notNull().default(false),
  paidOn: date('paid_on'),
  shipped: boolean('shipped').notNull().default(false),
  shippedOn: date('shipped_on'),
  changedAt: timestamp('changed_at', { withTimezone: true }),
}, (t) => [index('order_exchange_sent_idx').on(t.sentAt)]);

/** Documents 1C issued for an order (ТТН, ЭСЧФ, счёт…), shown to the buyer on the order page. One per kind. */
export const orderDocuments = pgTable('order_documents', {
  orderId: orderFk(),
  /** 'ttn' | 'esf' | 'invoice' | 'payment' | 'shipment'. */
  kind: text('kind').notNull(),
  number: text('number').notNull(),
  date: date('date'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.orderId, t.kind] })]);

/**
 * One online payment of an order (decision 0220): what was asked of the provider and what it last said.
 * `uid` is the provider's transaction uid (known from the first notification for a card, at once for ЕРИП);
 * `tracking_id` (= order number) ties a notification to the order. Amount in kopecks as the provider counts.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: orderFk(),
    provider: text('provider').notNull(),
    /** 'card' (hosted payment page) | 'erip'. */
    method: text('method').notNull(),
    trackingId: text('tracking_id').notNull(),
    token: text('token'),
    uid: text('uid'),
    url: text('url'),
    amountKopecks: integer('amount_kopecks').notNull(),
    currency: text('currency').notNull().default('BYN'),
    /** The provider's last status: pending | successful | failed | incomplete | expired; 'refunded' after a refund. */
    status: text('status').notNull().default('pending'),
    /** ЕРИП: service number, account number and the instruction the buyer follows. */
    erip: jsonb('erip').$type<{ service_no: string; account_number: string; instruction: string[] }>(),
    refundUid: text('refund_uid'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payments_order_uq').on(t.orderId), uniqueIndex('payments_tracking_uq').on(t.trackingId)],
);

/** Every provider notification received, applied or refused, and why (the log an amount mismatch is found in). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    uid: text('uid'),
    status: text('status'),
    /** applied | repeated | refused_amount | refused_order | refused_state | refund. */
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId, t.at)],
);

/**
 * The sandbox provider's own state (PAYMENT_PROVIDER=sandbox): the checkouts and ЕРИП requests it was
 * asked for, as bePaid would keep them. Not used with a real provider.
 */
export const paymentSandbox = pgTable('payment_sandbox', {
  token: text('token').primaryKey(),
  /** 'card' | 'erip'. */
  kind: text('kind').notNull(),
  uid: text('uid').notNull(),
  /** The request as the store sent it (amount, currency, description, tracking_id, notification_url, return URLs). */
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  status: text('status').notNull().default('pending'),
  createdAt: createdAt(),
});
