/**
 * Product alerts (issue 30, docs/decisions/0270-product-alerts.md): subscribe, list, unsubscribe, confirm.
 * One alert of a kind per product and subscriber (`owner`: `u:<userId>` or `e:<guest e-mail>`); subscribing
 * again changes it. A signed-in user's alert is live at once; a guest's waits for the link in the confirmation
 * e-mail, and nothing but that e-mail is sent to the address until then. Ownership is part of every statement
 * (`user_id = viewer`): another user's or another company's id is a 404 and changes nothing. What is due and
 * when is sender.ts's.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, productAlerts, products, stocks, users } from '../db/schema';
import { ERR, HttpError } from '../http/api';
import type { Viewer } from '../http/guard';
import { oneOr404 } from '../http/ownership';
import { hit } from '../http/rate-limit';
import { normalizeEmail } from '../auth/validation';
import { ALERT_LIMITS } from '../../config/constants';
import { fromKopecks, toKopecks } from '../lib/money';
import { formatPrice } from '../lib/text';
import { t } from '../../i18n';
import { SubscriberPrices } from './price';
import { mailConfirm } from './mails';

export type AlertKind = 'stock' | 'price';
export type SubscribeInput = { product_id: number; kind: AlertKind; price?: number | undefined; branch_id?: number | undefined; email?: string | undefined; sms?: boolean | undefined };

export type AlertView = {
  id: number;
  kind: AlertKind;
  product: { id: number; name: string; url: string; price: number; in_stock: boolean };
  branch: { id: number; title: string } | null;
  /** «Ниже цены»: the price chosen, BYN; null = any drop. */
  target_price: number | null;
  /** The price a message is due under now, BYN. */
  threshold: number | null;
  sms: boolean;
  confirmed: boolean;
  created_at: string;
  notified_at: string | null;
};

const invalid = (field: string, message: string) => new HttpError(422, [{ code: ERR.VALIDATION, field, message }]);
const fill = (code: string, vars: Record<string, string | number>) => Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, String(v)), t(code));

async function productOf(db: Db, id: number) {
  const [p] = await db
    .select({ id: products.id, name: products.name, code: products.code, price: products.price, brandId: products.brandId, sectionId: products.sectionId, stockQty: products.stockQty, active: products.active, canBuy: products.canBuy })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!p || !p.active) throw new HttpError(404, [{ code: ERR.NOT_FOUND, field: 'product_id', message: t('ALERT_ERR_PRODUCT') }]);
  return { ...p, price: Number(p.price) };
}

/** Stock where the alert looks: the branch's, or the product's total. */
async function stockAt(db: Db, productId: number, branchId: number | null, total: number): Promise<number> {
  if (branchId === null) return total;
  const [s] = await db.select({ q: stocks.quantity }).from(stocks).where(and(eq(stocks.productId, productId), eq(stocks.branchId, branchId))).limit(1);
  return Number(s?.q ?? 0);
}

/**
 * POST api/product/subscribe/. A signed-in viewer's alert is live at once (answer: the alert); a guest's
 * (`email` required) waits for confirmation (answer: `{confirm: 'sent'}`, the same whether or not the address
 * already had this alert — the answer does not tell whom the store writes to).
 */
export async function subscribe(db: Db, viewer: Viewer | null, input: SubscribeInput, ip: string): Promise<{ alert: AlertView | null; confirm: 'sent' | null }> {
  const product = await productOf(db, input.product_id);
  const branchId = input.branch_id ?? null;
  if (branchId !== null) {
    const [b] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId)).limit(1);
    if (!b) throw invalid('branch_id', t('ALERT_ERR_BRANCH'));
  }
  let email: string | null = null;
  if (!viewer) {
    if (!input.email) throw invalid('email', t('ALERT_ERR_EMAIL'));
    email = normalizeEmail(input.email);
  }
  const owner = viewer ? `u:${viewer.id}` : `e:${email}`;
  // What the subscriber sees now decides what «a change» will be.
  let seen = false;
  let threshold: number | null = null;
  if (input.kind === 'stock') {
    if (product.canBuy && (await stockAt(db, product.id, branchId, product.stockQty)) > 0) throw invalid('kind', t('ALERT_ERR_IN_STOCK'));
  } else {
    const now = await new SubscriberPrices(db).of(viewer?.companyId ?? null, product);
    if (input.price !== undefined && toKopecks(input.price) >= now) throw invalid('price', fill('ALERT_ERR_PRICE_ABOVE', { price: formatPrice(fromKopecks(now)) }));
    threshold = input.price ?? fromKopecks(now);
    seen = false;
  }
  if (!viewer) {
    // Guests: a cap per address per IP, before anything is written or sent.
    await hit(db, [
      { key: `alert:ip:${ip}`, max: ALERT_LIMITS.guestPerIpPer10Min, windowSeconds: 600 },
      { key: `alert:ip-day:${ip}`, max: ALERT_LIMITS.guestPerIpPerDay, windowSeconds: 86_400 },
    ]);
  }
  const [existing] = await db.select({ id: productAlerts.id, confirmedAt: productAlerts.confirmedAt }).from(productAlerts).where(and(eq(productAlerts.owner, owner), eq(productAlerts.productId, product.id), eq(productAlerts.kind, input.kind))).limit(1);
  if (!existing) {
    const [{ n }] = (await db.select({ n: count() }).from(productAlerts).where(eq(productAlerts.owner, owner))) as [{ n: number }];
    if (Number(n) >= ALERT_LIMITS.perSubscriber) throw new HttpError(422, [{ code: ERR.VALIDATION, message: fill('ALERT_ERR_TOO_MANY', { n: ALERT_LIMITS.perSubscriber }) }]);
  }
  const settings = {
    branchId: input.kind === 'stock' ? branchId : null,
    sms: !!viewer && !!input.sms,
    targetPrice: input.kind === 'price' && input.price !== undefined ? input.price.toFixed(2) : null,
    threshold: threshold === null ? null : threshold.toFixed(2),
    seen,
  };
  if (viewer) {
    const [row] = await db
      .insert(productAlerts)
      .values({ owner, kind: input.kind, productId: product.id, userId: viewer.id, email: null, confirmedAt: new Date(), ...settings })
      .onConflictDoUpdate({ target: [productAlerts.owner, productAlerts.productId, productAlerts.kind], set: settings })
      .returning({ id: productAlerts.id });
    return { alert: oneOr404(await listAlerts(db, viewer, row!.id)), confirm: null };
  }
  // A guest: an address that already confirmed this alert keeps it as it is (no stranger can change or pause it);
  // an unconfirmed one takes the new settings and a new confirmation e-mail, within the address's daily cap.
  if (existing?.confirmedAt) return { alert: null, confirm: 'sent' };
  await hit(db, [{ key: `alert:mail:${email}`, max: ALERT_LIMITS.guestMailsPerEmailPerDay, windowSeconds: 86_400 }]);
  const [row] = await db
    .insert(productAlerts)
    .values({ owner, kind: input.kind, productId: product.id, userId: null, email, confirmedAt: null, ...settings })
    .onConflictDoUpdate({ target: [productAlerts.owner, productAlerts.productId, productAlerts.kind], set: settings })
    .returning({ id: productAlerts.id });
  await mailConfirm(email!, row!.id, input.kind, product.name);
  return { alert: null, confirm: 'sent' };
}

/** The viewer's alerts, newest first (or the one `id`, still only if it is the viewer's). */
export async function listAlerts(db: Db, viewer: Viewer, id?: number): Promise<AlertView[]> {
  const rows = await db
    .select({
      id: productAlerts.id,
      kind: productAlerts.kind,
      productId: products.id,
      name: products.name,
      code: products.code,
      price: products.price,
      brandId: products.brandId,
      sectionId: products.sectionId,
      stockQty: products.stockQty,
      active: products.active,
      canBuy: products.canBuy,
      branchId: productAlerts.branchId,
      branchCity: branches.city,
      branchName: branches.name,
      branchQty: sql<number | null>`(SELECT s.quantity FROM stocks s WHERE s.product_id = ${productAlerts.productId} AND s.branch_id = ${productAlerts.branchId})`,
      targetPrice: productAlerts.targetPrice,
      threshold: productAlerts.threshold,
      sms: productAlerts.sms,
      confirmedAt: productAlerts.confirmedAt,
      createdAt: productAlerts.createdAt,
      notifiedAt: productAlerts.notifiedAt,
    })
    .from(productAlerts)
    .innerJoin(products, eq(products.id, productAlerts.productId))
    .leftJoin(branches, eq(branches.id, productAlerts.branchId))
    .where(and(eq(productAlerts.userId, viewer.id), id === undefined ? undefined : eq(productAlerts.id, id)))
    .orderBy(desc(productAlerts.createdAt), desc(productAlerts.id));
  const prices = new SubscriberPrices(db);
  const out: AlertView[] = [];
  for (const r of rows) {
    const price = fromKopecks(await prices.of(viewer.companyId ?? null, { id: r.productId, price: Number(r.price), brandId: r.brandId, sectionId: r.sectionId }));
    const qty = r.branchId === null ? r.stockQty : Number(r.branchQty ?? 0);
    out.push({
      id: r.id,
      kind: r.kind as AlertKind,
      product: { id: r.productId, name: r.name, url: `/${r.code}/`, price, in_stock: r.active && r.canBuy && qty > 0 },
      branch: r.branchId === null ? null : { id: r.branchId, title: r.branchName ?? r.branchCity ?? '' },
      target_price: r.targetPrice === null ? null : Number(r.targetPrice),
      threshold: r.threshold === null ? null : Number(r.threshold),
      sms: r.sms,
      confirmed: r.confirmedAt !== null,
      created_at: r.createdAt.toISOString(),
      notified_at: r.notifiedAt?.toISOString() ?? null,
    });
  }
  return out;
}

/** POST api/product/unsubscribe/ {id}: removes the viewer's own alert; anyone else's id is a 404. */
export async function unsubscribe(db: Db, viewer: Viewer, id: number): Promise<{ id: number }> {
  const rows = await db.delete(productAlerts).where(and(eq(productAlerts.id, id), eq(productAlerts.userId, viewer.id))).returning({ id: productAlerts.id });
  return oneOr404(rows, t('ALERT_ERR_NOT_FOUND'));
}

/** An alert as its e-mail links show it: product name and kind, the guest's address. */
async function alertForLink(db: Db, id: number) {
  const [row] = await db
    .select({ id: productAlerts.id, kind: productAlerts.kind, productId: productAlerts.productId, name: products.name, url: sql<string>`'/' || ${products.code} || '/'`, email: sql<string | null>`COALESCE(${productAlerts.email}, ${users.email})`, confirmedAt: productAlerts.confirmedAt })
    .from(productAlerts)
    .innerJoin(products, eq(products.id, productAlerts.productId))
    .leftJoin(users, eq(users.id, productAlerts.userId))
    .where(eq(productAlerts.id, id))
    .limit(1);
  return row ?? null;
}

/** The confirmation link: the guest's alert goes live (following it again changes nothing). Null: no such alert. */
export async function confirmAlert(db: Db, id: number) {
  await db.update(productAlerts).set({ confirmedAt: new Date() }).where(and(eq(productAlerts.id, id), isNull(productAlerts.confirmedAt)));
  return alertForLink(db, id);
}

/** The unsubscribe page: what the link is about, before the visitor presses «Отписаться». */
export const alertByLink = alertForLink;

/** The unsubscribe link's button: removes the alert (no sign-in: the link's key is the permission). */
export async function unsubscribeByLink(db: Db, id: number) {
  const row = await alertForLink(db, id);
  if (!row) return null;
  await db.delete(productAlerts).where(eq(productAlerts.id, id));
  return row;
}

