/**
 * A node told to stop (SIGTERM) while its background work runs — the change feed, the payment sweep, the alert sender,
 * the CRM outbox — stops that work and lets the pass under way finish before it closes the database
 * (db/client.ts `beforeClose`): nothing queries a closed pool, and the log after the signal holds no failure.
 * PostgreSQL only: there `pool.end()` refuses every later query («Cannot use a pool after calling end on the pool»),
 * which is what the nodes logged before; PGlite's `close` lets its queued queries run, and this test passed there either way.
 */
import { describe, expect, inject, it } from 'vitest';
import { startNode } from '../helpers/node';

const databaseUrl = inject('databaseUrl');

describe.skipIf(!databaseUrl)('stopping a node', () => {
  it('stops its background work before closing the database: no failure after the signal, exit code 0', async () => {
    const failures: string[] = [];
    // Several takes: each stop lands at another moment of the passes (the feed every 10 ms, the sweep every 100 ms).
    for (let take = 0; take < 3; take++) {
      const node = await startNode({ DATABASE_URL: databaseUrl, SEED_ON_START: '0', CHANGE_POLL_MS: '10', PAYMENT_SWEEP_MS: '100' });
      // The boot request starts the background work; guests' requests keep the feed's readers and the pages busy.
      const until = Date.now() + 1500 + take * 370;
      while (Date.now() < until) await (await fetch(`${node.base}/?take=${take}-${Date.now()}`)).arrayBuffer();
      const code = await node.stop('SIGTERM');
      const log = node.log();
      const after = log.slice(log.indexOf('SIGTERM: finishing requests in flight'));
      expect(after, log.slice(-3000)).toMatch(/^SIGTERM: finishing requests in flight/);
      expect(code).toBe(0);
      if (/failed|Cannot use a pool|is closed|Error/.test(after)) failures.push(after.slice(0, 2000));
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
