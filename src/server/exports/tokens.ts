/**
 * The API token outside systems pull feeds with: one live token per owner (a company, or a retail
 * customer). Only its SHA-256 hash is stored — a token is 256 random bits, so a plain hash is as good
 * as a slow one and lets every pull find it with one indexed lookup. It is shown once when made;
 * afterwards only masked. Making a new one revokes the old in the same transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, users } from '../db/schema';
import type { Viewer } from '../http/guard';
import { mayAct } from '../auth/session';
import { userCan } from '../auth/permissions';
import { exportOwner } from './lists';

export const TOKEN_PREFIX = 'instr_';
const TOKEN_SHAPE = /^instr_[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const maskToken = (hint: string) => `${TOKEN_PREFIX}${'•'.repeat(12)}${hint}`;

export type TokenInfo = { exists: boolean; masked: string | null; createdAt: string | null; issuedBy: string | null; lastUsedAt: string | null; lastUsedIp: string | null; useCount: number };

/** GET web/profile/getapitoken/: the live token, masked, with when it was last used and from where. */
export async function tokenInfo(db: Db, viewer: Viewer): Promise<TokenInfo> {
  const [row] = await db
    .select({ token: apiTokens, issuer: users.name })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.ownerKey, exportOwner(viewer)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) return { exists: false, masked: null, createdAt: null, issuedBy: null, lastUsedAt: null, lastUsedIp: null, useCount: 0 };
  const tk = row.token;
  return { exists: true, masked: maskToken(tk.hint), createdAt: tk.createdAt.toISOString(), issuedBy: row.issuer, lastUsedAt: tk.lastUsedAt?.toISOString() ?? null, lastUsedIp: tk.lastUsedIp, useCount: tk.useCount };
}

/** GET web/profile/generateapitoken/: a new token, shown this once; the old one stops working at once. */
export async function generateToken(db: Db, viewer: Viewer): Promise<TokenInfo & { token: string }> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const owner = exportOwner(viewer);
  // Two admins pressing the button at once take turns on a per-owner lock, so the unique live-token
  // index never sees two inserts racing (retrying after a conflict loses to a burst of many).
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'api-token:' + owner}))`);
    await tx.update(apiTokens).set({ revokedAt: new Date() }).where(and(eq(apiTokens.ownerKey, owner), isNull(apiTokens.revokedAt)));
    await tx.insert(apiTokens).values({ ownerKey: owner, companyId: viewer.companyId, userId: viewer.id, tokenHash: hashToken(token), hint: token.slice(-4) });
  });
  return { ...(await tokenInfo(db, viewer)), token };
}

export type TokenOwner = { tokenId: number; ownerKey: string; companyId: number | null; userId: string };

/**
 * Who a presented token acts for, or null: unknown or revoked, or its issuer may no longer act
 * (blocked, deactivated), has left the company, or lost the right to manage exports. Checked on
 * every pull, so a block or a revocation takes effect at once.
 */
export async function authenticateToken(db: Db, token: string): Promise<TokenOwner | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ token: apiTokens, issuer: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  const { token: tk, issuer } = row;
  if (!mayAct(issuer) || (issuer.companyId ?? null) !== (tk.companyId ?? null) || exportOwner(issuer) !== tk.ownerKey) return null;
  if (!userCan({ companyId: issuer.companyId, isContragentAdmin: issuer.isContragentAdmin, permissions: issuer.permissions }, 'manage_exports')) return null;
  return { tokenId: tk.id, ownerKey: tk.ownerKey, companyId: tk.companyId, userId: tk.userId };
}

export async function recordTokenUse(db: Db, tokenId: number, ip: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date(), lastUsedIp: ip.slice(0, 64), useCount: sql`${apiTokens.useCount} + 1` })
    .where(eq(apiTokens.id, tokenId));
}

/** The token a request presents: `X-Api-Token` or `token` header, `Authorization: Bearer`, or `?token=`. Only our own token shape counts. */
export function presentedToken(request: Request, url: URL): string | null {
  const candidates = [
    request.headers.get('x-api-token'),
    request.headers.get('token'),
    request.headers.get('authorization')?.replace(/^Bearer\s+/i, ''),
    url.searchParams.get('token'),
  ];
  for (const c of candidates) if (c && c.trim().startsWith(TOKEN_PREFIX)) return c.trim();
  return null;
}
