/**
 * Business constants of spec §9, named once and imported everywhere. Not here, on purpose
 * (docs/decisions/0190-one-of-each.md): the large breakpoint 1640 px lives in the CSS media queries, and the loading
 * bar and minimum fetch delay belong to a single-page app's navigation, which full page loads do not have.
 */
export const SUPPORT_PHONE = '+375 17 388-10-10';
export const SUPPORT_PHONE_HREF = 'tel:+375173881010';
export const SUPPORT_EMAIL = 'info@instrument.by';

export const BASKET_PAGE_SIZE = 50;
export const ORDERS_PAGE_SIZE = 9;
export const USERS_PAGE_SIZE = 20;
export const EXPENDABLES_PAGE_SIZE = 7;

export const SEARCH_HISTORY_LIMIT = 10;
export const SEARCH_HISTORY_SHOWN = 3;
export const SEARCH_LIMITS = { categories: 4, brands: 4, products: 4, sts: 6 } as const;
export const SEARCH_DELAY_MS = 500;

export const AUTH_COOKIE_MAX_AGE = 604_800;
export const CACHED_CALL_MAX_AGE = 3600;

export const BREAKPOINT_DESKTOP = 1280;

export const TOAST_DURATION_MS = 5000;

export const DEFAULT_DELIVERY_TYPE = '2';
export const BRAND_RED = '#d71920';

/**
 * Product alerts (issue 30, docs/decisions/0270-product-alerts.md): alerts one subscriber (a user, or a
 * guest's e-mail) may keep; at most one price message per alert in `priceMessageHours`; guests' confirmation
 * e-mails per address a day and subscriptions per IP; how often every node re-checks all alerts (the change
 * log makes the usual check immediate; the sweep catches what a node missed while it was down).
 */
export const ALERT_LIMITS = { perSubscriber: 50, priceMessageHours: 24, guestMailsPerEmailPerDay: 3, guestPerIpPer10Min: 10, guestPerIpPerDay: 40, sweepSeconds: 60 } as const;
