/**
 * The whole data model of the store (spec §3), one file per domain. One schema for PGlite and PostgreSQL:
 * import tables from here (`../db/schema`); drizzle-kit reads this folder (drizzle.config.ts).
 *
 * Conventions:
 * - Money is numeric(12,2) in BYN, read as string by the driver and converted at the edge.
 * - Guest-owned lists (basket, favourites, compare) are keyed by `owner_key`:
 *   `u:<userId>` for a signed-in user, `g:<guestToken>` for a visitor's anonymous cookie.
 *   On login the guest's rows are merged into the user's key (see server/basket).
 * - better-auth owns users/sessions/accounts/verifications (plural table names, `usePlural`).
 * - A domain file imports the tables it references from the other domain files, never from this barrel.
 */
export * from './catalog';
export * from './branches';
export * from './accounts';
export * from './lists';
export * from './orders';
export * from './requests';
export * from './exports';
export * from './notifications';
export * from './content';
export * from './search';
export * from './company';
export * from './exchange';
export * from './alerts';
