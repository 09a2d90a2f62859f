/**
 * The alert sender (issue 30, docs/decisions/0270-product-alerts.md). Each node checks the alerts of the
 * products the change log names (changes/feed.ts, within about a second of any change: a node, an import,
 * psql) and, every ALERT_LIMITS.sweepSeconds, all alerts (what a node missed while down, a price message
 * held back by the daily limit, a promotion that started without touching a product row).
 *
 * A check compares what the subscriber would see now with the state the alert last saw (`seen`): stock
 * arriving (false → true) is a message, stock 5 → 7 is nothing, out of stock re-arms the alert; a price
 * below the chosen one is a message once, until the price is back up; «any drop» moves its threshold to
 * the price told. Several nodes on one database never send twice: the alerts are claimed with
 * `FOR UPDATE SKIP LOCKED` and their state written in the same transaction as the site notification, so
 * a node that reads them later sees the new state and has nothing to say. E-mail and SMS are written to the
 * message outbox in that transaction too (notifications/outbox.ts), which sends them after the commit: a node
 * that dies in between, or a mail server that is down, delays a copy, never loses it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { getDb, getDbHandle } from '../db/client';
import { rowsOf } from '../db/rows';
import { notifications } from '../db/schema';
import { changeFeed } from '../changes/feed';
import { queueMail, queueSms } from '../notifications/outbox';
import { ALERT_LIMITS } from '../../config/constants';
import { fromKopecks, toKopecks } from '../lib/money';
import { formatPrice } from '../lib/text';
import { siteUrl } from '../config';
import { t } from '../../i18n';
import { SubscriberPrices } from './price';
import { alertMail } from './mails';

const BATCH = 200;

type Row = {
  id: number;
  kind: 'stock' | 'price';
  user_id: string | null;
  email: string | null;
  sms: boolean;
  target_price: string | null;
  threshold: string | null;
  seen: boolean;
  notified_at: Date | string | null;
  product_id: number;
  name: string;
  code: string;
  price: string;
  brand_id: number;
  section_id: number;
  in_stock: boolean;
  branch: string | null;
  company_id: number | null;
  user_email: string | null;
  phone: string | null;
};

type Message = { alertId: number; userId: string | null; email: string | null; phone: string | null; title: string; text: string; sms: string; path: string };

const fill = (code: string, vars: Record<string, string>) => Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, v), t(code));
const idArray = (ids: number[]) => `{${ids.join(',')}}`;

/**
 * Checks the confirmed alerts of `productIds` (null: all) and sends what is due. Returns the number of
 * messages sent. Safe to run on every node at once.
 */
export async function checkAlerts(db: Db, productIds: number[] | null, now = new Date()): Promise<number> {
  if (productIds && productIds.length === 0) return 0;
  let after = 0;
  let sent = 0;
  const rateCut = new Date(now.getTime() - ALERT_LIMITS.priceMessageHours * 3_600_000);
  for (;;) {
    const { messages, claimed, lastId } = await db.transaction(async (tx) => {
      // Priced inside the claim's transaction (PGlite has one connection: a second query outside it would wait for it).
      const prices = new SubscriberPrices(tx as unknown as Db);
      const rows = rowsOf<Row>(
        await tx.execute(sql`
          SELECT a.id, a.kind, a.user_id, a.email, a.sms, a.target_price::text AS target_price, a.threshold::text AS threshold, a.seen, a.notified_at,
                 p.id AS product_id, p.name, p.code, p.price::text AS price, p.brand_id, p.section_id,
                 (p.active AND p.can_buy AND (CASE WHEN a.branch_id IS NULL THEN p.stock_qty ELSE COALESCE((SELECT s.quantity FROM stocks s WHERE s.product_id = p.id AND s.branch_id = a.branch_id), 0) END) > 0) AS in_stock,
                 b.name AS branch, u.company_id, u.email AS user_email, u.phone
          FROM product_alerts a
          JOIN products p ON p.id = a.product_id
          LEFT JOIN branches b ON b.id = a.branch_id
          LEFT JOIN users u ON u.id = a.user_id
          WHERE a.confirmed_at IS NOT NULL AND a.id > ${after}
            ${productIds ? sql`AND a.product_id = ANY(${idArray(productIds)}::int[])` : sql``}
            AND (a.kind = 'price' OR (p.active AND p.can_buy AND (CASE WHEN a.branch_id IS NULL THEN p.stock_qty ELSE COALESCE((SELECT s.quantity FROM stocks s WHERE s.product_id = p.id AND s.branch_id = a.branch_id), 0) END) > 0) IS DISTINCT FROM a.seen)
          ORDER BY a.id
          LIMIT ${BATCH}
          FOR UPDATE OF a SKIP LOCKED`),
      );
      const out: Message[] = [];
      for (const r of rows) {
        const path = `/${r.code}/`;
        const base = { alertId: r.id, userId: r.user_id, email: r.email ?? r.user_email, phone: r.sms ? r.phone : null, path };
        if (r.kind === 'stock') {
          if (r.in_stock && !r.seen) {
            const price = await prices.of(r.company_id, { id: r.product_id, price: Number(r.price), brandId: r.brand_id, sectionId: r.section_id });
            const where = r.branch ? fill('ALERT_MSG_STOCK_WHERE', { branch: r.branch }) : '';
            out.push({ ...base, title: t('ALERT_MSG_STOCK_TITLE'), text: fill('ALERT_MSG_STOCK_TEXT', { name: r.name, where, price: formatPrice(fromKopecks(price)) }), sms: fill('ALERT_SMS_STOCK', { name: r.name, url: `${siteUrl()}${path}` }) });
            await tx.execute(sql`UPDATE product_alerts SET seen = true, notified_at = ${now} WHERE id = ${r.id}`);
          } else if (!r.in_stock && r.seen) {
            await tx.execute(sql`UPDATE product_alerts SET seen = false WHERE id = ${r.id}`);
          }
          continue;
        }
        if (r.threshold === null) continue;
        const price = await prices.of(r.company_id, { id: r.product_id, price: Number(r.price), brandId: r.brand_id, sectionId: r.section_id });
        const threshold = toKopecks(r.threshold);
        const below = price < threshold;
        const fixed = r.target_price !== null;
        if (below && (fixed ? !r.seen : true)) {
          // At most one price message a day per alert: a later check sends it if the price is still down.
          if (r.notified_at && new Date(r.notified_at) > rateCut) continue;
          out.push({ ...base, title: t('ALERT_MSG_PRICE_TITLE'), text: fill('ALERT_MSG_PRICE_TEXT', { name: r.name, price: formatPrice(fromKopecks(price)), threshold: formatPrice(fromKopecks(threshold)) }), sms: fill('ALERT_SMS_PRICE', { name: r.name, price: formatPrice(fromKopecks(price)), url: `${siteUrl()}${path}` }) });
          if (fixed) await tx.execute(sql`UPDATE product_alerts SET seen = true, notified_at = ${now} WHERE id = ${r.id}`);
          // «Any drop»: the next message is for a price below the one just told.
          else await tx.execute(sql`UPDATE product_alerts SET threshold = ${fromKopecks(price).toFixed(2)}::numeric, notified_at = ${now} WHERE id = ${r.id}`);
        } else if (!below && fixed && r.seen) {
          await tx.execute(sql`UPDATE product_alerts SET seen = false WHERE id = ${r.id}`);
        }
      }
      // The site notification and the e-mail and SMS (into the message outbox) are part of the claim: they exist exactly
      // when the state says «told», and the outbox sends them after the commit, again if the mail server fails.
      const forUsers = out.filter((m) => m.userId);
      if (forUsers.length) await tx.insert(notifications).values(forUsers.map((m) => ({ userId: m.userId, kind: 'alert', title: m.title, text: m.text, data: { href: m.path } })));
      for (const m of out) {
        if (m.email) await queueMail(tx, alertMail(m.email, m.alertId, m.title, m.text, m.path), 'alert');
        if (m.phone) await queueSms(tx, { to: m.phone, text: m.sms }, 'alert');
      }
      return { messages: out, claimed: rows.length, lastId: rows.length ? Number(rows[rows.length - 1]!.id) : after };
    });
    sent += messages.length;
    after = lastId;
    if (claimed < BATCH) return sent;
  }
}

// ─── This node's schedule: the change log's products at once, everything every sweepSeconds. ───

let started = false;
let pending = new Set<number>();
let everything = false;
let running: Promise<void> | null = null;
let again = false;
let stopped = false;

function kick(): void {
  if (stopped) return;
  if (running) {
    again = true;
    return;
  }
  running = (async () => {
    const db = await getDb();
    while (everything || pending.size) {
      const ids = everything ? null : [...pending];
      everything = false;
      pending = new Set();
      await checkAlerts(db, ids);
    }
  })()
    .catch((e) => console.error('[alerts] check failed', e))
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        kick();
      }
    });
}

/** Asks this node to check these products' alerts soon (null: all of them). */
export function queueAlertCheck(productIds: number[] | null): void {
  if (productIds === null) everything = true;
  else for (const id of productIds) pending.add(id);
  kick();
}

export async function startAlertSender(): Promise<void> {
  if (started) return;
  started = true;
  changeFeed(await getDb()).subscribe('catalog', (rows) => {
    if (rows.some((r) => r.productId === null)) queueAlertCheck(null);
    else queueAlertCheck(rows.map((r) => r.productId!));
  });
  queueAlertCheck(null);
  const sweep = setInterval(() => queueAlertCheck(null), ALERT_LIMITS.sweepSeconds * 1000);
  sweep.unref();
  (await getDbHandle()).beforeClose(async () => {
    stopped = true;
    clearInterval(sweep);
    // `running` ends in its own catch: it never rejects.
    await running;
  });
}
