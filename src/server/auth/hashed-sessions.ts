/**
 * Session tokens stored hashed (issue 18). better-auth 1.6 keeps `sessions.token` in plain text and
 * has no option to hash it (its `storeToken: "hashed"` exists only for the magic-link and one-time
 * token plugins), so a read of the table — a backup, a replica, an SQL injection anywhere — would
 * hand out live sessions. This wraps the database adapter better-auth is given: every session
 * token written is replaced by `h1.<SHA-256>` and every `token` condition is hashed the same way,
 * so better-auth keeps working with the raw token while the table never holds one.
 *
 * A plain SHA-256 is enough: tokens are 32 random characters (no dictionary to try), unlike
 * passwords. Rows from before this change (plain tokens) simply no longer match: those sessions end
 * and their owners sign in again once (docs/decisions/0180-security.md).
 */
import { createHash } from 'node:crypto';

const PREFIX = 'h1.';
const SESSION_MODELS = new Set(['session', 'sessions']);

export const hashSessionToken = (token: string): string => (token.startsWith(PREFIX) ? token : PREFIX + createHash('sha256').update(token).digest('base64url'));

type Where = { field: string; value: unknown; operator?: string; connector?: string; mode?: string };
type Row = Record<string, unknown> | null | undefined;
// The adapter's shape as far as this wrapper needs it: methods taking `{ model, where?, data?, update? }`.
type AnyAdapter = Record<string, unknown> & { transaction?: (cb: (trx: AnyAdapter) => Promise<unknown>) => Promise<unknown> };

function hashWhere(where: Where[] | undefined, originals: Map<string, string>): Where[] | undefined {
  if (!where) return where;
  return where.map((w) => {
    if (w.field !== 'token') return w;
    const hash = (v: unknown) => {
      if (typeof v !== 'string') return v;
      const h = hashSessionToken(v);
      if (h !== v) originals.set(h, v);
      return h;
    };
    return { ...w, value: Array.isArray(w.value) ? w.value.map(hash) : hash(w.value) };
  });
}

/** Puts the raw token back into rows found by it, so better-auth sees what it asked for. */
function restore<T>(rows: T, originals: Map<string, string>): T {
  const fix = (r: Row) => {
    if (r && typeof r.token === 'string' && originals.has(r.token)) return { ...r, token: originals.get(r.token) };
    return r;
  };
  return (Array.isArray(rows) ? rows.map(fix) : fix(rows as Row)) as T;
}

export function withHashedSessionTokens<A extends object>(adapter: A): A {
  const inner = adapter as unknown as AnyAdapter;
  const wrapped: AnyAdapter = { ...inner };
  for (const [name, fn] of Object.entries(inner)) {
    if (typeof fn !== 'function' || name === 'transaction') continue;
    wrapped[name] = async (args: { model?: string; where?: Where[]; data?: Record<string, unknown>; update?: Record<string, unknown> } & Record<string, unknown>, ...rest: unknown[]) => {
      if (!args || typeof args !== 'object' || !SESSION_MODELS.has(String(args.model))) return (fn as (...a: unknown[]) => unknown).call(inner, args, ...rest);
      const originals = new Map<string, string>();
      const next = { ...args, where: hashWhere(args.where, originals) };
      if (args.data && typeof args.data.token === 'string') {
        const h = hashSessionToken(args.data.token);
        originals.set(h, args.data.token);
        next.data = { ...args.data, token: h };
      }
      if (args.update && typeof args.update.token === 'string') next.update = { ...args.update, token: hashSessionToken(args.update.token) };
      if (!next.where) delete next.where;
      const result = await (fn as (...a: unknown[]) => Promise<unknown>).call(inner, next, ...rest);
      return restore(result, originals);
    };
  }
  if (typeof inner.transaction === 'function') {
    wrapped.transaction = (cb: (trx: AnyAdapter) => Promise<unknown>) => inner.transaction!.call(inner, (trx: AnyAdapter) => cb(withHashedSessionTokens(trx)));
  }
  return wrapped as unknown as A;
}
