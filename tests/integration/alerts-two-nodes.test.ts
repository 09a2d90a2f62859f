/**
 * Issue 30: two app nodes on one PostgreSQL database send each alert message once, not twice. Both nodes
 * follow the change log (a fast poll, so they check at the same moment) and sweep; the alerts are claimed
 * with FOR UPDATE SKIP LOCKED and their state written with the site notification (alerts/sender.ts). One
 * subscriber signs up through node A's API; forty more guests' alerts (confirmed) are written by SQL so the
 * two nodes have plenty to race over; one SQL UPDATE brings all products into stock. Each subscriber gets
 * exactly one e-mail (the nodes share one DATA_DIR, so one outbox), the user exactly one notification.
 * The same two nodes also drain the message outbox (notifications/outbox.ts): sixty e-mails written by one
 * statement wake both senders at once (the table's NOTIFY), and each goes out once.
 * PostgreSQL only: PGlite is one process, there is no second node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createEmptyDatabase } from '../helpers/db';
import { startNode, type AppNode } from '../helpers/node';
import { Visitor } from '../helpers/http';
import { openDatabase } from '../../src/server/db/client';
import { fixture, PASSWORD, writeFixture } from '../helpers/fixtures';

const acc = fixture('alerts-two-nodes');
const adminUrl = process.env.DATABASE_URL ?? '';
const onPostgres = !!adminUrl;
const GUESTS = 40;

let a: AppNode;
let b: AppNode;
let dbUrl = '';
let drop = async () => {};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-two-'));
let productIds: number[] = [];

async function q<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

type Mail = { to: string; subject: string };
function outbox(): Mail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).flatMap((f) => {
    try {
      const raw = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
      return [{ to: Array.isArray(raw.to) ? raw.to.map((x: { address: string }) => x.address).join(',') : String(raw.to ?? ''), subject: String(raw.subject ?? '') }];
    } catch {
      return [];
    }
  });
}
const arrivals = () => outbox().filter((m) => m.subject.startsWith('Товар поступил'));

beforeAll(async () => {
  if (!onPostgres) return;
  const created = await createEmptyDatabase(adminUrl);
  dbUrl = created.url;
  drop = created.drop;
  // The outbox's poll is a minute: a message sent within seconds was woken by the NOTIFY.
  const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, CHANGE_POLL_MS: '100', OUTBOX_POLL_MS: '60000' };
  a = await startNode({ ...env, SEED_PRODUCTS: '120' });
  const handle = await openDatabase({ databaseUrl: dbUrl });
  try {
    await writeFixture(handle.db, acc);
  } finally {
    await handle.close();
  }
  b = await startNode({ ...env, SEED_ON_START: '0' });
  // Five products made out of stock (no stock rows at all).
  productIds = (await q<{ id: number }>('SELECT id FROM products WHERE active AND can_buy ORDER BY id DESC LIMIT 5')).map((r) => r.id);
  await q('DELETE FROM stocks WHERE product_id = ANY($1::int[])', [productIds]);
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('alerts on two nodes', () => {
  it('stock arriving is told once per subscriber, not once per node', { timeout: 120_000 }, async () => {
    const user = new Visitor(a.base);
    expect((await user.post('/api/authentication/', { login: acc.retail.email, password: PASSWORD })).body.status).toBe('success');
    const sub = await user.post('/api/product/subscribe/', { product_id: productIds[0], kind: 'stock' });
    expect(sub.res.status, JSON.stringify(sub.body.errors)).toBe(200);
    for (let i = 0; i < GUESTS; i++) {
      const email = `guest${i}@two-nodes.test`;
      await q("INSERT INTO product_alerts (owner, kind, product_id, email, confirmed_at) VALUES ($1, 'stock', $2, $3, now())", [`e:${email}`, productIds[i % productIds.length], email]);
    }
    // One statement: every product arrives in Minsk; both nodes read it from the change log within 100 ms of each other.
    await q("INSERT INTO stocks (product_id, branch_id, quantity) SELECT p, (SELECT id FROM branches WHERE city = 'Минск' LIMIT 1), 3 FROM unnest($1::int[]) AS p", [productIds]);
    const end = Date.now() + 30_000;
    while (arrivals().length < GUESTS + 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    // Both nodes have had time to do whatever they would do.
    await new Promise((r) => setTimeout(r, 3_000));
    const mails = arrivals();
    const perRecipient = new Map<string, number>();
    for (const m of mails) perRecipient.set(m.to, (perRecipient.get(m.to) ?? 0) + 1);
    expect(perRecipient.size).toBe(GUESTS + 1);
    expect([...perRecipient.values()].every((n) => n === 1), JSON.stringify([...perRecipient].filter(([, n]) => n > 1))).toBe(true);
    expect(mails).toHaveLength(GUESTS + 1);
    const [notes] = await q<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE kind = 'alert' AND user_id = $1", [acc.retail.id]);
    expect(notes!.n).toBe(1);
    // Both nodes ran the sender (each logs nothing per message, so look at the state instead): every alert is «seen».
    const [unseen] = await q<{ n: number }>('SELECT count(*)::int AS n FROM product_alerts WHERE NOT seen');
    expect(unseen!.n).toBe(0);
  });

  it('the message outbox: e-mails queued at once are each sent once by the two nodes, promptly', { timeout: 60_000 }, async () => {
    const N = 60;
    const sentOf = () => outbox().filter((m) => m.subject.startsWith('Два узла, письмо '));
    const started = Date.now();
    await q(
      "INSERT INTO message_outbox (channel, tag, message) SELECT 'email', 'notify-order', jsonb_build_object('to', 'node' || i || '@two-nodes.test', 'subject', 'Два узла, письмо ' || i, 'text', 'Текст') FROM generate_series(1, $1::int) AS i",
      [N],
    );
    const end = Date.now() + 30_000;
    while ((await q<{ n: number }>('SELECT count(*)::int AS n FROM message_outbox WHERE sent_at IS NULL'))[0]!.n > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    // Woken by the NOTIFY, not by the minute's poll.
    expect(Date.now() - started).toBeLessThan(20_000);
    await new Promise((r) => setTimeout(r, 1_000));
    const perRecipient = new Map<string, number>();
    for (const m of sentOf()) perRecipient.set(m.to, (perRecipient.get(m.to) ?? 0) + 1);
    expect(perRecipient.size).toBe(N);
    expect([...perRecipient].filter(([, n]) => n !== 1)).toEqual([]);
    const [rows] = await q<{ sent: number; attempts: number }>("SELECT count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent, max(attempts)::int AS attempts FROM message_outbox WHERE message->>'subject' LIKE 'Два узла, письмо %'");
    expect(rows).toEqual({ sent: N, attempts: 1 });
  });
});
