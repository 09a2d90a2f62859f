/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, resolved once per request by the middleware (null for guests). */
    user: import('./server/auth/session').SessionUser | null;
  }
}
