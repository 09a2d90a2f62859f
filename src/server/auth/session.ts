/** Who is making this request: the signed-in user (if any) and the visitor's list owner key. */
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { getAuth, SESSION_COOKIE } from './auth';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  companyId: number | null;
  isContragentAdmin: boolean;
  blocked: boolean;
};

/** True when the request carries anything that could be a session (cheap: no database). */
export function hasAuthCredentials(request: Request, url: URL, cookieHeader = request.headers.get('cookie') ?? ''): boolean {
  return cookieHeader.includes(SESSION_COOKIE) || !!request.headers.get('token') || !!url.searchParams.get('token') || !!request.headers.get('authorization');
}

/**
 * Resolves the session. The spec's clients send the token as a `token` header or query parameter;
 * better-auth's bearer plugin reads it as `Authorization: Bearer`, so it is translated here.
 */
export async function resolveUser(request: Request, url: URL): Promise<SessionUser | null> {
  if (!hasAuthCredentials(request, url)) return null;
  const headers = new Headers(request.headers);
  const token = request.headers.get('token') ?? url.searchParams.get('token');
  if (token && !headers.get('authorization')) headers.set('authorization', `Bearer ${token}`);
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers }).catch(() => null);
  if (!session) return null;
  const db = await getDb();
  const [u] = await db.select().from(users).where(eq(users.id, session.user.id)).limit(1);
  if (!u || u.blocked) return null;
  return { id: u.id, name: u.name, email: u.email, phone: u.phone, companyId: u.companyId, isContragentAdmin: u.isContragentAdmin, blocked: u.blocked };
}
