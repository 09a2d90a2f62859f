/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, resolved once per request by the middleware (null for guests). */
    user: import('./server/auth/session').SessionUser | null;
    /** The request sent a session credential that no longer stands for a session (ended, expired, blocked, malformed). */
    staleSession: boolean;
  }
}
