/**
 * A better-auth plugin with one server-only endpoint: start a session for a user whom our own code
 * has already authenticated (password checked by login.ts, or an e-mail code by registration and
 * restore). `createAuthEndpoint.serverOnly` keeps it off every HTTP router: only `auth.api.*`
 * reaches it. The cookie is better-auth's own (signed, prefix `instr`): a week when remembered,
 * a browser-session cookie otherwise.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'astro/zod';

const body = z.object({ userId: z.string().min(1), remember: z.boolean() });

export const serverSession = () =>
  ({
    id: 'server-session',
    endpoints: {
      startServerSession: createAuthEndpoint.serverOnly({ method: 'POST', body }, async (ctx) => {
        const { userId, remember } = ctx.body;
        const user = await ctx.context.internalAdapter.findUserById(userId);
        if (!user) throw new Error(`no user ${userId}`);
        const session = await ctx.context.internalAdapter.createSession(userId, !remember);
        await setSessionCookie(ctx, { session, user }, !remember);
        return ctx.json({ token: session.token });
      }),
    },
  }) satisfies BetterAuthPlugin;
