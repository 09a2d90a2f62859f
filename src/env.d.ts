/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, resolved once per request by the middleware (null for guests). */
    user: import('./server/auth/session').SessionUser | null;
    /** The request sent a session credential that no longer stands for a session (ended, expired, blocked, malformed). */
    staleSession: boolean;
    /** Why the server ended that session (password changed, blocked, «на всех устройствах»), when it did: the login page says so. */
    sessionEndReason?: import('./server/auth/sessions').EndReason | null;
    /** `?` for a signed-in GET page: a route that marks it cacheable gets `profile=?`, which the middleware fills in (server/page-cache/profile.ts). */
    pageProfile?: string | null;
    /** Page rendering: the page's card-actions island is on the page already (components/catalog/CardActions.astro). */
    cardActionsMounted?: boolean;
    /** Page rendering: product grids rendered so far, for unique ids (components/catalog/ProductGrid.astro). */
    cardGrids?: number;
  }
}

// js-yaml ships no types; the seed's Markdown import (content/import.ts) only calls load().
declare module 'js-yaml' {
  const yaml: { load(text: string): unknown };
  export default yaml;
}
