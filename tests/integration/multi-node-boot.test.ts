/**
 * Issue 22: N nodes starting together on one empty PostgreSQL database all come up. Before, each
 * ran the migrations at the same time and two of three crashed on `duplicate key … pg_type_typname_nsp_index`;
 * now migrations run under an advisory lock (server/db/client.ts), and so does the start-up demo seed
 * (server/seed/cli.ts): one node seeds, the others find its rows and leave them alone.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createEmptyDatabase } from '../helpers/db';
import { startNode, type AppNode } from '../helpers/node';

const adminUrl = process.env.DATABASE_URL;
let nodes: AppNode[] = [];
let drop = async () => {};

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await drop();
});

describe('several nodes starting together on one empty database', () => {
  it.skipIf(!adminUrl)('all three come up, migrate once, seed once, and answer /api/health/ (PostgreSQL only: PGlite is one process, one node)', async () => {
    const created = await createEmptyDatabase(adminUrl!);
    drop = created.drop;
    // Default start-up: outside production the empty database is seeded (SEED_PRODUCTS=600 from startNode).
    const started = await Promise.allSettled([0, 1, 2].map(() => startNode({ DATABASE_URL: created.url, SEED_ON_START: '1' })));
    nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason).slice(0, 2000)] : []));
    expect(failures).toEqual([]);
    for (const node of nodes) {
      const res = await fetch(`${node.base}/api/health/`);
      expect(res.status, node.base).toBe(200);
      expect((await res.json()).data.database).toBe('postgres');
    }
    // Exactly one node wrote the demo catalogue; the other two said why they did not.
    const seeded = nodes.filter((n) => /seed: \d+ товаров за/.test(n.log()));
    expect(seeded).toHaveLength(1);
    for (const n of nodes.filter((x) => x !== seeded[0])) expect(n.log()).toContain('seed: демо-данные не записаны — в базе уже есть данные');
    const c = new pg.Client({ connectionString: created.url });
    await c.connect();
    try {
      expect(Number((await c.query('SELECT count(*) AS n FROM products')).rows[0].n)).toBe(600);
      const journal = await c.query('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
      const applied = Number(journal.rows[0].n);
      expect(applied).toBeGreaterThan(20);
      // Every migration recorded once, not once per node.
      expect(Number((await c.query('SELECT count(DISTINCT hash) AS n FROM drizzle.__drizzle_migrations')).rows[0].n)).toBe(applied);
    } finally {
      await c.end();
    }
  }, 300_000);
});
