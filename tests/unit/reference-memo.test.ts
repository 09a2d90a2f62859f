/**
 * The per-node reference memo (catalog/reference.ts) keeps what a loader resolved, not the loader's query:
 * a drizzle query is a thenable that runs again on every await, so a memo holding one read the branches on
 * every product page and checkout while it seemed to cache them.
 */
import { describe, expect, it } from 'vitest';
import { cachedBranches, forgetReference } from '../../src/server/catalog/reference';
import type { Db } from '../../src/server/db/client';

/** A db whose `select()` is a lazy, re-runnable query as drizzle's is, counting how often it runs. */
function countingDb(rows: unknown[]) {
  let runs = 0;
  const run = () => {
    runs++;
    return Promise.resolve(rows);
  };
  const query = {
    from: () => query,
    orderBy: () => query,
    then: (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => run().then(ok, fail),
    catch: (fail: (e: unknown) => unknown) => run().catch(fail),
  };
  return { db: { select: () => query } as unknown as Db, runs: () => runs };
}

describe('reference memo', () => {
  it('reads the branches once for many readers within its lifetime, and again after a catalogue change', async () => {
    forgetReference();
    const rows = [{ id: 1, name: 'Минск' }];
    const { db, runs } = countingDb(rows);
    for (let i = 0; i < 5; i++) expect(await cachedBranches(db)).toBe(rows);
    expect(runs()).toBe(1);
    forgetReference();
    expect(await cachedBranches(db)).toBe(rows);
    expect(runs()).toBe(2);
  });
});
