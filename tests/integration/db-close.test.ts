/**
 * Closing the database handle (db/client.ts `beforeClose`/`close`): what registered a stop is stopped first and can
 * still query while it finishes; a stop that fails is logged; one that hangs is given SHUTDOWN_GRACE_MS and no more.
 * On a database of its own (PGlite in memory).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { reloadConfig } from '../../src/server/config';

const grace = process.env.SHUTDOWN_GRACE_MS;
afterEach(() => {
  if (grace === undefined) delete process.env.SHUTDOWN_GRACE_MS;
  else process.env.SHUTDOWN_GRACE_MS = grace;
  reloadConfig();
  vi.restoreAllMocks();
});

describe('closing the database', () => {
  it('stops background work first: a pass under way still queries; a failing stop is logged and the handle closes', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let answered: unknown = null;
    handle.beforeClose(async () => {
      await new Promise((r) => setTimeout(r, 50));
      answered = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT 41 + 1 AS n`))[0] ?? null;
    });
    handle.beforeClose(() => Promise.reject(new Error('stop failed on purpose')));
    await handle.close();
    expect(answered).toEqual({ n: 42 });
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual(['[db] stopping background work failed']);
    await expect(handle.db.execute(sql`SELECT 1`)).rejects.toThrow();
  });

  it('gives a stop that never ends SHUTDOWN_GRACE_MS, then closes anyway and says so', async () => {
    process.env.SHUTDOWN_GRACE_MS = '200';
    reloadConfig();
    const handle = await openDatabase({ dataDir: 'memory://' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    handle.beforeClose(() => new Promise<void>(() => {}));
    const started = performance.now();
    await handle.close();
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(5000);
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual(['[db] background work still running after 200 ms: closing the database anyway']);
  });
});
