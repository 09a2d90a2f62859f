/** Accounts by e-mail and their passwords (better-auth's `accounts` row of provider `credential`). */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, users } from '../db/schema';

export type FoundAccount = { id: string; name: string; email: string; emailVerified: boolean; blocked: boolean; active: boolean; hasPassword: boolean };

/** The account with this e-mail, in one query whatever it has (so the answer costs the same). */
export async function findAccount(db: Db, email: string): Promise<FoundAccount | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      blocked: users.blocked,
      active: users.active,
      hasPassword: sql<boolean>`${accounts.password} IS NOT NULL`,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, email))
    .limit(1);
  return row ? { ...row, hasPassword: !!row.hasPassword } : null;
}

export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return row?.password ?? null;
}

/** Sets (or first sets) a user's password hash. */
export async function setPasswordHash(db: Db, userId: string, hash: string): Promise<void> {
  const updated = await db
    .update(accounts)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (updated.length) return;
  await db.insert(accounts).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash });
}
