/**
 * better-auth behind the spec's endpoints (POST /api/authentication/, /api/logout/,
 * GET /web/profile/get/). We never mount better-auth's own HTTP handler: the spec's paths are the
 * public contract, and they call `auth.api.*` in-process.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import { getDb } from '../db/client';
import * as schema from '../db/schema';
import { serverSession } from './server-session';

import { AUTH_COOKIE_PREFIX } from './credentials';
import { authSecret } from '../http/secrets';
import { withHashedSessionTokens } from './hashed-sessions';
import { secureCookies } from '../http/security-headers';
import { AUTH_COOKIE_MAX_AGE } from '../../config/constants';
import { siteUrl } from '../config';


/** The secret that signs session cookies and keys verification-code digests (http/secrets.ts). */
export { authSecret };

function createAuth(db: Awaited<ReturnType<typeof getDb>>) {
  const secret = authSecret();
  return betterAuth({
    appName: 'Инструмент.by',
    secret,
    baseURL: siteUrl(),
    // Session tokens are stored hashed (auth/hashed-sessions.ts): better-auth has no option for it.
    database: (options: Parameters<ReturnType<typeof drizzleAdapter>>[0]) => withHashedSessionTokens(drizzleAdapter(db as never, { provider: 'pg', schema, usePlural: true })(options)),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: false },
    session: { expiresIn: AUTH_COOKIE_MAX_AGE /* spec §9: one week */, updateAge: 86_400 },
    advanced: { cookiePrefix: AUTH_COOKIE_PREFIX, useSecureCookies: secureCookies() },
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, input: false },
        companyId: { type: 'number', required: false, input: false },
        isContragentAdmin: { type: 'boolean', required: false, input: false, defaultValue: false },
        active: { type: 'boolean', required: false, input: false, defaultValue: true },
        blocked: { type: 'boolean', required: false, input: false, defaultValue: false },
        // The rest of what a request needs to know of its user (auth/session.ts SessionUser): read with the
        // session's own user row, so resolving a session costs no query of ours. Never input: only the store sets them.
        isStaff: { type: 'boolean', required: false, input: false, defaultValue: false },
        permissions: { type: 'json', required: false, input: false },
        orderLimit: { type: 'string', required: false, input: false },
        orderLimitPeriod: { type: 'string', required: false, input: false },
        defaultBranchId: { type: 'number', required: false, input: false },
      },
    },
    rateLimit: { enabled: false },
    // A session is read with its user in one statement, not two (db/schema/accounts.ts names the relations): every
    // signed-in request resolves one.
    experimental: { joins: true },
    plugins: [bearer(), serverSession()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

type Global = typeof globalThis & { __storeAuth?: Promise<Auth> };
const g = globalThis as Global;

export function getAuth(): Promise<Auth> {
  g.__storeAuth ??= getDb().then(createAuth);
  return g.__storeAuth;
}
