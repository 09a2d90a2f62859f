/**
 * The API tokens outside systems pull feeds with: several live, named tokens per owner (a company, or
 * a retail customer), one per integration, each with its scope (the owner's lists it opens, or all)
 * and revocable one by one, so one employee's new token never cuts off the admin's integration
 * (issue 28 #8). Only a token's SHA-256 hash is stored — a token is 256 random bits, so a plain hash
 * is as good as a slow one and lets every pull find it with one indexed lookup. It is shown once when
 * made; afterwards only masked.
 *
 * Who may revoke: the employee who issued a token, and the company's admin any of the company's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, exportProfiles, users } from '../db/schema';
import type { Viewer } from '../http/guard';
import { ERR, HttpError } from '../http/api';
import { mayAct } from '../auth/session';
import { userCan } from '../auth/permissions';
import { t } from '../../i18n';
import { MINSK_OFFSET_MS } from '../../lib/format';
import { exportOwner } from './lists';
import { LIMITS } from './settings';

export const TOKEN_PREFIX = 'instr_';
const TOKEN_SHAPE = /^instr_[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const maskToken = (hint: string) => `${TOKEN_PREFIX}${'•'.repeat(12)}${hint}`;

export type TokenInfo = {
  id: number;
  name: string;
  masked: string;
  /** The lists it opens (id and name), or null: every list of the owner. */
  lists: { id: number; name: string }[] | null;
  createdAt: string;
  issuedBy: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  useCount: number;
  /** Whether the viewer may revoke it (its issuer, or the company's admin). */
  canRevoke: boolean;
};
export type TokenList = { items: TokenInfo[]; max: number };

const mayRevoke = (viewer: Viewer, issuerId: string) => viewer.id === issuerId || viewer.isAdmin || !viewer.companyId;

/** GET web/profile/getapitoken/: the owner's live tokens, masked, newest first, with their scope and last use. */
export async function tokenInfo(db: Db, viewer: Viewer): Promise<TokenList> {
  const owner = exportOwner(viewer);
  const rows = await db
    .select({ token: apiTokens, issuer: users.name })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.ownerKey, owner), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  const scoped = [...new Set(rows.flatMap((r) => r.token.listIds ?? []))];
  const names = scoped.length
    ? new Map((await db.select({ id: exportProfiles.id, name: exportProfiles.name }).from(exportProfiles).where(and(eq(exportProfiles.ownerKey, owner), inArray(exportProfiles.id, scoped)))).map((l) => [l.id, l.name]))
    : new Map<number, string>();
  const items = rows.map(({ token: tk, issuer }) => ({
    id: tk.id,
    name: tk.name,
    masked: maskToken(tk.hint),
    // A list removed since keeps no name: it is left out (the token no longer opens anything there).
    lists: tk.listIds ? tk.listIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id) || t('EXPORT_UNTITLED') })) : null,
    createdAt: tk.createdAt.toISOString(),
    issuedBy: issuer,
    lastUsedAt: tk.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: tk.lastUsedIp,
    useCount: tk.useCount,
    canRevoke: mayRevoke(viewer, tk.userId),
  }));
  return { items, max: LIMITS.tokens };
}

/**
 * POST web/profile/generateapitoken/: a new named token, shown this once; the owner's other tokens keep
 * working. `lists` must all be the owner's own (else 422, nothing made); empty means every list.
 */
export async function generateToken(db: Db, viewer: Viewer, input: { name: string; lists: number[] }): Promise<{ token: string; item: TokenInfo }> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const owner = exportOwner(viewer);
  const name = input.name || t('EXPORT_TOKEN_DEFAULT_NAME').replace('{date}', new Date(Date.now() + MINSK_OFFSET_MS).toISOString().slice(0, 10).split('-').reverse().join('.'));
  const id = await db.transaction(async (tx) => {
    // Two presses at once take turns on a per-owner lock, so the limit is counted once for each.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'api-token:' + owner}))`);
    const [live] = await tx.select({ n: count() }).from(apiTokens).where(and(eq(apiTokens.ownerKey, owner), isNull(apiTokens.revokedAt)));
    if ((live?.n ?? 0) >= LIMITS.tokens) throw new HttpError(422, [{ code: ERR.VALIDATION, message: t('EXPORT_ERR_TOKEN_LIMIT').replace('{max}', String(LIMITS.tokens)) }]);
    if (input.lists.length) {
      const own = await tx.select({ id: exportProfiles.id }).from(exportProfiles).where(and(eq(exportProfiles.ownerKey, owner), inArray(exportProfiles.id, input.lists)));
      if (own.length !== input.lists.length) throw new HttpError(422, [{ code: ERR.VALIDATION, field: 'lists', message: t('EXPORT_ERR_TOKEN_LISTS') }]);
    }
    const [row] = await tx
      .insert(apiTokens)
      .values({ ownerKey: owner, companyId: viewer.companyId, userId: viewer.id, name, listIds: input.lists.length ? input.lists : null, tokenHash: hashToken(token), hint: token.slice(-4) })
      .returning({ id: apiTokens.id });
    return row!.id;
  });
  const item = (await tokenInfo(db, viewer)).items.find((i) => i.id === id)!;
  return { token, item };
}

/**
 * POST web/profile/revokeapitoken/ {id}: the token stops working at once. Another owner's token is 404
 * (nothing said of it); a colleague's token, for an employee who is not the admin, 403.
 */
export async function revokeToken(db: Db, viewer: Viewer, id: number): Promise<{ id: number }> {
  const [row] = await db
    .select({ userId: apiTokens.userId })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.ownerKey, exportOwner(viewer)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) throw new HttpError(404, [{ code: ERR.NOT_FOUND, message: t('EXPORT_ERR_TOKEN_NOT_FOUND') }]);
  if (!mayRevoke(viewer, row.userId)) throw new HttpError(403, [{ code: ERR.FORBIDDEN, message: t('EXPORT_ERR_TOKEN_NOT_YOURS') }]);
  const done = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.ownerKey, exportOwner(viewer)), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!done.length) throw new HttpError(404, [{ code: ERR.NOT_FOUND, message: t('EXPORT_ERR_TOKEN_NOT_FOUND') }]);
  return { id };
}

export type TokenOwner = { tokenId: number; ownerKey: string; companyId: number | null; userId: string; lists: number[] | null };

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
  return { tokenId: tk.id, ownerKey: tk.ownerKey, companyId: tk.companyId, userId: tk.userId, lists: tk.listIds ?? null };
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
