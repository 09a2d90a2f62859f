/**
 * The order half of the exchange with 1C ("Обмен с сайтом", CommerceML 2, `type=sale`): the
 * endpoint (server/exchange, the other half) calls
 * - `saleQuery` for `mode=query`: the orders 1C has not taken yet, as one CommerceML 2.08 document,
 *   and remembers them as «sent, awaiting success»;
 * - `saleSuccess` for `mode=success`: those orders are taken (sent again only when the store changes them);
 * - `saleFile` for `mode=file`: order changes from 1C — status, paid, shipped, document numbers (ТТН,
 *   ЭСЧФ, счёт) — applied through `changeOrderStatus`, so history and the buyer's notification
 *   happen as when staff move an order.
 * Mapping and choices: docs/decisions/0200-exchange-1c.md, «Заказы (type=sale)».
 */
import type { AddressFields } from '../geo/address';
import { and, asc, count, eq, inArray, isNotNull, isNull, max, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, companies, orderDocuments, orderExchange, orderItems, orders, orderStatuses, users } from '../db/schema';
import { changeOrderStatus, NEXT_STATUSES, isOrderStatus, type OrderStatus } from '../orders/status';
import { notify, wantsOrderStatusCopy } from '../notifications/notify';
import { orderUrl } from '../orders/read';
import { siteUrl } from '../config';
import { lineKopecks, moneyText, toKopecks, vatKopecks, fromKopecks } from '../lib/money';
import { VAT_RATE } from '../../config/seller';
import { t } from '../../i18n';
import { paymentName } from '../orders/payment-names';
import { docText, ruDate } from './sale-docs';
import { el, esc, kid, kids, kidText, leaf, parseXml, XmlRefused, type XmlElement } from './sale-xml';

export const SALE_SCHEMA_VERSION = '2.08';
const TZ = 'Europe/Minsk';
import { fill } from './sale-docs';

/** Orders 1C has not taken: never sent and still open, sent but not confirmed, or changed in the store since taken. */
const pending = () =>
  and(
    notInArray(orders.status, ['approval']),
    or(
      and(isNull(orderExchange.orderId), notInArray(orders.status, ['done', 'cancelled'])),
      and(isNotNull(orderExchange.orderId), isNull(orderExchange.takenUpdatedAt)),
      sql`${orders.updatedAt} > ${orderExchange.takenUpdatedAt}`,
    ),
  )!;

/** The desk's «Заказы для 1С»: how many orders the next `mode=query` would send (new or changed since 1C took them), and when 1C last took some. */
export async function ordersFor1C(db: Db): Promise<{ waiting: number; lastTaken: Date | null }> {
  const [w] = await db.select({ n: count() }).from(orders).leftJoin(orderExchange, eq(orderExchange.orderId, orders.id)).where(pending());
  const [taken] = await db.select({ at: max(orderExchange.takenAt) }).from(orderExchange);
  return { waiting: Number(w?.n ?? 0), lastTaken: taken?.at ?? null };
}

/** Minsk wall-clock date and time of a moment: ['2025-03-01', '14:05:09']. */
function minsk(d: Date): [string, string] {
  const s = d.toLocaleString('sv-SE', { timeZone: TZ, hour12: false });
  const [date, time] = s.split(' ');
  return [date!, time!];
}

const money = (k: number) => moneyText(fromKopecks(k));
const bool = (b: boolean) => (b ? 'true' : 'false');
const req = (name: string, value: string | number | null | undefined) => el('ЗначениеРеквизита', leaf('Наименование', name), leaf('Значение', value ?? ''));
const vatTaxes = (vat: number) => el('Налоги', el('Налог', leaf('Наименование', 'НДС'), leaf('УчтеноВСумме', 'true'), leaf('Ставка', VAT_RATE), leaf('Сумма', money(vat))));
const contact = (type: string, value: string | null | undefined) => (value ? el('Контакт', leaf('Тип', type), leaf('Значение', value)) : '');


/**
 * `mode=query`: a CommerceML 2 document with one «Документ» per order not yet taken by 1C. The orders
 * in it are remembered as sent (their `updated_at` at that moment), awaiting `saleSuccess`.
 */
export async function saleQuery(db: Db, opts: { now?: Date } = {}): Promise<string> {
  const now = opts.now ?? new Date();
  const ids = (await db.select({ id: orders.id }).from(orders).leftJoin(orderExchange, eq(orderExchange.orderId, orders.id)).where(pending()).orderBy(asc(orders.id)).limit(1000)).map((r) => r.id);
  const docs: string[] = [];
  if (ids.length) {
    const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
    // Remembered in SQL, so `sent_updated_at` is the order's exact `updated_at` (microseconds included).
    await db.execute(sql`INSERT INTO ${orderExchange} (order_id, sent_at, sent_updated_at)
      SELECT id, ${now.toISOString()}::timestamptz, updated_at FROM ${orders} WHERE id IN (${idList})
      ON CONFLICT (order_id) DO UPDATE SET sent_at = excluded.sent_at, sent_updated_at = excluded.sent_updated_at`);
    const rows = await db
      .select({ o: orders, x: orderExchange, statusName: orderStatuses.name, branchName: branches.name, userEmail: users.email, userName: users.name, c: companies })
      .from(orders)
      .innerJoin(orderStatuses, eq(orderStatuses.code, orders.status))
      .leftJoin(orderExchange, eq(orderExchange.orderId, orders.id))
      .leftJoin(branches, eq(branches.id, orders.branchId))
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(companies, eq(companies.id, sql`COALESCE(${orders.payerCompanyId}, ${orders.companyId})`))
      .where(inArray(orders.id, ids))
      .orderBy(asc(orders.id));
    const lines = await db
      .select({
        orderId: orderItems.orderId,
        name: orderItems.name,
        article: orderItems.article,
        price: orderItems.price,
        quantity: orderItems.quantity,
        // 1C's Ид of the product when the catalogue exchange has stored one (products.external_id), else the article.
        externalId: sql<string | null>`(SELECT to_jsonb(p) ->> 'external_id' FROM products p WHERE p.id = ${orderItems.productId})`,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id));
    const docRows = await db.select().from(orderDocuments).where(inArray(orderDocuments.orderId, ids));
    for (const r of rows) docs.push(documentXml(r, lines.filter((l) => l.orderId === r.o.id), docRows.filter((d) => d.orderId === r.o.id)));
  }
  const [d, tm] = minsk(now);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="${SALE_SCHEMA_VERSION}" ДатаФормирования="${d}T${tm}">\n${docs.join('\n')}${docs.length ? '\n' : ''}</КоммерческаяИнформация>\n`;
}

type OrderRow = {
  o: typeof orders.$inferSelect;
  x: typeof orderExchange.$inferSelect | null;
  statusName: string;
  branchName: string | null;
  userEmail: string | null;
  userName: string | null;
  c: typeof companies.$inferSelect | null;
};
type LineRow = { name: string; article: string; price: string; quantity: number; externalId: string | null };

/**
 * CommerceML address parts of a structured delivery address (issue 30): 1C fills its address fields
 * from them. An order placed before addresses had fields has its line (Представление) only.
 */
function addressParts(f: AddressFields | null): string[] {
  if (!f) return [];
  const part = (type: string, value: string | null) => (value ? el('АдресноеПоле', leaf('Тип', type), leaf('Значение', value)) : '');
  return [part('Страна', 'Беларусь'), part('Регион', f.region || null), part(f.region ? 'Населенный пункт' : 'Город', f.city), part('Улица', f.street), part('Дом', f.house), part('Корпус', f.building), part('Квартира', f.flat)];
}

function documentXml(r: OrderRow, lines: LineRow[], documents: (typeof orderDocuments.$inferSelect)[]): string {
  const { o, c } = r;
  const [date, time] = minsk(o.createdAt);
  const total = toKopecks(o.total);
  const self = o.deliveryTypeId === '1';
  const buyer = c
    ? el(
        'Контрагент',
        leaf('Ид', `unp-${c.unp}`),
        leaf('Наименование', c.name),
        leaf('ОфициальноеНаименование', c.name),
        leaf('ИНН', c.unp),
        leaf('КПП', ''),
        leaf('Роль', 'Покупатель'),
        c.legalAddress ? el('ЮридическийАдрес', leaf('Представление', c.legalAddress)) : '',
        c.iban ? el('РасчетныеСчета', el('РасчетныйСчет', leaf('НомерСчета', c.iban), el('Банк', leaf('Наименование', c.bankName), leaf('БИК', c.bic)))) : '',
        el('Контакты', contact('Телефон рабочий', c.phone ?? o.contactPhone), contact('Почта', c.email ?? o.contactEmail)),
        el('Представители', el('Представитель', el('Контрагент', leaf('Отношение', 'Контактное лицо'), leaf('Наименование', o.contactName)), el('Контакты', contact('Телефон мобильный', o.contactPhone), contact('Почта', o.contactEmail)))),
      )
    : el(
        'Контрагент',
        leaf('Ид', o.userId ? `user-${o.userId}` : `guest-${o.number}`),
        leaf('Наименование', o.contactName),
        leaf('ПолноеНаименование', o.contactName),
        leaf('Роль', 'Покупатель'),
        o.deliveryAddress ? el('АдресРегистрации', leaf('Представление', o.deliveryAddress), ...addressParts(o.deliveryAddressFields)) : '',
        el('Контакты', contact('Телефон мобильный', o.contactPhone), contact('Почта', o.contactEmail ?? r.userEmail)),
      );
  const goods = lines.map((l) => {
    const sum = lineKopecks(l.price, l.quantity);
    return el(
      'Товар',
      leaf('Ид', l.externalId || l.article),
      leaf('Артикул', l.article),
      leaf('Наименование', l.name),
      `<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>`,
      leaf('ЦенаЗаЕдиницу', moneyText(l.price)),
      leaf('Количество', l.quantity),
      leaf('Сумма', money(sum)),
      vatTaxes(vatKopecks(sum)),
      el('ЗначенияРеквизитов', req('ВидНоменклатуры', 'Товар'), req('ТипНоменклатуры', 'Товар')),
    );
  });
  const delivery = toKopecks(o.deliveryPrice);
  if (delivery > 0)
    goods.push(
      el(
        'Товар',
        leaf('Ид', 'ORDER_DELIVERY'),
        leaf('Наименование', 'Доставка заказа'),
        `<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>`,
        leaf('ЦенаЗаЕдиницу', money(delivery)),
        leaf('Количество', 1),
        leaf('Сумма', money(delivery)),
        vatTaxes(vatKopecks(delivery)),
        el('ЗначенияРеквизитов', req('ВидНоменклатуры', 'Услуга'), req('ТипНоменклатуры', 'Услуга')),
      ),
    );
  const x = r.x;
  const reqs = [
    req('Статус заказа', r.statusName),
    req('Статус заказа ИД', o.status),
    req('Метод оплаты', paymentName(o.paymentType)),
    req('Способ доставки', self ? t('CHECKOUT_SELF') : t('CHECKOUT_DELIVERY')),
    self ? req('Пункт самовывоза', r.branchName ?? '') : '',
    req('Адрес доставки', self ? (r.branchName ?? '') : (o.deliveryAddress ?? '')),
    o.deliveryDate ? req('Дата доставки', o.deliveryDate) : '',
    req('Комментарий', o.comment ?? ''),
    req('Заказ оплачен', bool(x?.paid ?? false)),
    x?.paidOn ? req('Дата оплаты', x.paidOn) : '',
    req('Отгружен', bool(x?.shipped ?? false)),
    req('Отменен', bool(o.status === 'cancelled')),
    req('Финальный статус', bool(o.status === 'done' || o.status === 'cancelled')),
    req('Дата изменения статуса', minsk(o.updatedAt).join(' ')),
    ...documents.map((d) => req(`Номер ${DOC_LABEL[d.kind] ?? d.kind}`, d.number)),
    req('Сайт', siteUrl()),
  ];
  return el(
    'Документ',
    leaf('Ид', o.number),
    leaf('Номер', o.number),
    leaf('Дата', date),
    leaf('Время', time),
    leaf('ХозОперация', 'Заказ товара'),
    leaf('Роль', 'Продавец'),
    leaf('Валюта', 'BYN'),
    leaf('Курс', 1),
    leaf('Сумма', money(total)),
    el('Контрагенты', buyer),
    o.comment ? leaf('Комментарий', o.comment) : '',
    vatTaxes(vatKopecks(total)),
    el('Товары', ...goods),
    el('ЗначенияРеквизитов', ...reqs),
  );
}

/** `mode=success`: the orders of the last `saleQuery` are taken by 1C (as they were when sent). */
export async function saleSuccess(db: Db): Promise<void> {
  await db
    .update(orderExchange)
    .set({ takenAt: new Date(), takenUpdatedAt: sql`${orderExchange.sentUpdatedAt}`, sentAt: null })
    .where(isNotNull(orderExchange.sentAt));
}

// ───────────────────────────── From 1C: sale/file ─────────────────────────────

export type DocKind = 'ttn' | 'esf' | 'invoice' | 'payment' | 'shipment';
const DOC_LABEL: Record<string, string> = { ttn: 'ТТН', esf: 'ЭСЧФ', invoice: 'счета', payment: 'оплаты по 1С', shipment: 'отгрузки по 1С' };
/** Requisite names 1C configurations use for each document number, and for its date. */
const DOC_REQS: { kind: DocKind; number: string[]; date: string[] }[] = [
  { kind: 'ttn', number: ['ттн', 'номер ттн', 'номер ттн по 1с', 'ттн номер'], date: ['дата ттн', 'дата ттн по 1с'] },
  { kind: 'esf', number: ['эсчф', 'номер эсчф', 'номер эсчф по 1с', 'электронный счет-фактура', 'электронный счёт-фактура'], date: ['дата эсчф', 'дата эсчф по 1с'] },
  { kind: 'invoice', number: ['счет', 'счёт', 'номер счета', 'номер счёта', 'счет на оплату', 'счёт на оплату', 'номер счета на оплату', 'номер счёта на оплату'], date: ['дата счета', 'дата счёта'] },
  { kind: 'payment', number: ['номер оплаты по 1с', 'номер оплаты'], date: [] },
  { kind: 'shipment', number: ['номер отгрузки по 1с', 'номер отгрузки'], date: [] },
];

/**
 * 1C's «Статус заказа» → the store's status. 1C-Bitrix sends «[N] Принят», «[F] Выполнен»; 1C's own
 * order states are names. The store's own codes and names (order_statuses) are accepted too.
 */
const STATUS_WORDS: [OrderStatus, string[]][] = [
  ['new', ['n', 'принят', 'новый', 'создан']],
  ['confirmed', ['подтвержден', 'подтверждён', 'согласован', 'к выполнению', 'в работе', 'принят в работу', 'к обеспечению']],
  ['picking', ['комплектуется', 'в сборке', 'собирается', 'сборка', 'к отгрузке', 'на комплектации']],
  ['ready', ['готов к выдаче', 'готов', 'собран', 'ожидает получения']],
  ['shipped', ['отгружен', 'отгружено', 'доставляется', 'передан в доставку', 'в пути', 'передан перевозчику']],
  ['done', ['f', 'выполнен', 'закрыт', 'завершен', 'завершён', 'доставлен', 'получен']],
  ['cancelled', ['отменен', 'отменён', 'аннулирован', 'отклонен', 'отклонён']],
];

const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');
const truthy = (s: string | undefined) => s !== undefined && ['true', 'истина', 'да', '1'].includes(norm(s));

function mapStatus(value: string, names: Map<string, string>): OrderStatus | null {
  const v = norm(value);
  const bracket = /^\[([^\]]+)\]\s*(.*)$/.exec(v);
  const candidates = bracket ? [bracket[2]!, bracket[1]!] : [v];
  for (const c of candidates) {
    if (!c) continue;
    if (isOrderStatus(c)) return c;
    for (const [code, name] of names) if (norm(name) === c && isOrderStatus(code)) return code;
    for (const [code, words] of STATUS_WORDS) if (words.some((w) => norm(w) === c)) return code;
  }
  return null;
}

/** A 1C date («2025-03-01», «2025-03-01T10:00:00», «01.03.2025») as YYYY-MM-DD, or null. */
function dateOf(s: string | undefined): string | null {
  if (!s) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s.trim());
  if (m) return m[1] === '0001' ? null : `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(s.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** The shortest chain of allowed moves from `from` to `to` (BFS over NEXT_STATUSES), without the start; null if none. */
function pathTo(from: OrderStatus, to: OrderStatus): OrderStatus[] | null {
  const prev = new Map<OrderStatus, OrderStatus>();
  const queue: OrderStatus[] = [from];
  while (queue.length) {
    const s = queue.shift()!;
    if (s === to) break;
    for (const n of NEXT_STATUSES[s]) {
      if (n === from || prev.has(n)) continue;
      prev.set(n, s);
      queue.push(n);
    }
  }
  if (!prev.has(to)) return null;
  const path: OrderStatus[] = [];
  for (let s: OrderStatus = to; s !== from; s = prev.get(s)!) path.unshift(s);
  return path;
}

/** Documents found in a file: Документ elements at the root and in «Контейнер» (2.08+). */
function documentsOf(root: XmlElement): XmlElement[] {
  return [...kids(root, 'Документ'), ...kids(root, 'Контейнер').flatMap((c) => kids(c, 'Документ'))];
}

function requisites(doc: XmlElement): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of kids(kid(doc, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита')) {
    const name = norm(kidText(r, 'Наименование'));
    if (name && !out.has(name)) out.set(name, kidText(r, 'Значение'));
  }
  return out;
}

/**
 * `mode=file`: order changes from 1C. Each «Документ» is matched to an order by its Ид, else its
 * Номер (the store's order number); an unknown one is an error line, the others are still applied.
 * Nothing is applied from a file that is not well-formed or carries a DOCTYPE.
 */
export async function saleFile(db: Db, xml: string): Promise<{ updated: number; errors: string[] }> {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (e) {
    if (e instanceof XmlRefused) return { updated: 0, errors: [e.kind === 'doctype' ? t('ORDER_XCHG_ERR_DOCTYPE') : fill(t('ORDER_XCHG_ERR_XML'), { reason: e.message })] };
    throw e;
  }
  if (root.name !== 'КоммерческаяИнформация') return { updated: 0, errors: [t('ORDER_XCHG_ERR_ROOT')] };
  const names = new Map((await db.select({ code: orderStatuses.code, name: orderStatuses.name }).from(orderStatuses)).map((r) => [r.code, r.name]));
  const errors: string[] = [];
  let updated = 0;
  for (const [i, doc] of documentsOf(root).entries()) {
    const keys = [kidText(doc, 'Ид'), kidText(doc, 'Номер')].filter(Boolean);
    if (!keys.length) {
      errors.push(fill(t('ORDER_XCHG_ERR_NO_NUMBER'), { i: i + 1 }));
      continue;
    }
    const [found] = await db
      .select({ o: orders, x: orderExchange })
      .from(orders)
      .leftJoin(orderExchange, eq(orderExchange.orderId, orders.id))
      .where(inArray(orders.number, keys))
      .limit(1);
    if (!found) {
      errors.push(fill(t('ORDER_XCHG_ERR_UNKNOWN'), { n: keys[0]! }));
      continue;
    }
    errors.push(...(await applyDocument(db, found.o, found.x, requisites(doc), names)));
    updated++;
  }
  return { updated, errors };
}

async function applyDocument(
  db: Db,
  o: typeof orders.$inferSelect,
  x: typeof orderExchange.$inferSelect | null,
  reqs: Map<string, string>,
  names: Map<string, string>,
): Promise<string[]> {
  const errors: string[] = [];
  const get = (...keys: string[]) => keys.map((k) => reqs.get(k)).find((v) => v !== undefined && v !== '');
  // Was 1C up to date with the order before this file? Then what 1C changes now does not send it back.
  const inSync = !!x?.takenUpdatedAt && o.updatedAt.getTime() <= x.takenUpdatedAt.getTime();

  // Documents, paid, shipped.
  const before = await db.select().from(orderDocuments).where(eq(orderDocuments.orderId, o.id));
  const fresh: { kind: DocKind; number: string; date: string | null }[] = [];
  for (const d of DOC_REQS) {
    const number = get(...d.number);
    if (!number) continue;
    const date = dateOf(get(...d.date));
    const old = before.find((b) => b.kind === d.kind);
    if (old && old.number === number && old.date === date) continue;
    fresh.push({ kind: d.kind, number, date });
  }
  const paidValue = get('заказ оплачен', 'оплачен');
  const shippedValue = get('отгружен', 'заказ отгружен');
  const paid = paidValue !== undefined ? truthy(paidValue) : (x?.paid ?? false);
  const shipped = shippedValue !== undefined ? truthy(shippedValue) : (x?.shipped ?? false);
  const paidOn = paid ? (dateOf(get('дата оплаты', 'дата оплаты по 1с')) ?? x?.paidOn ?? null) : null;
  const shippedOn = shipped ? (dateOf(get('дата отгрузки', 'дата отгрузки по 1с')) ?? x?.shippedOn ?? null) : null;
  const number1c = get('номер по 1с') ?? x?.number1c ?? null;
  const newlyPaid = paid && !(x?.paid ?? false);
  const newlyShipped = shipped && !(x?.shipped ?? false);
  await db.transaction(async (tx) => {
    for (const d of fresh)
      await tx
        .insert(orderDocuments)
        .values({ orderId: o.id, kind: d.kind, number: d.number, date: d.date })
        .onConflictDoUpdate({ target: [orderDocuments.orderId, orderDocuments.kind], set: { number: d.number, date: d.date, at: new Date() } });
    const values = { paid, paidOn, shipped, shippedOn, number1c, changedAt: new Date() };
    await tx.insert(orderExchange).values({ orderId: o.id, ...values }).onConflictDoUpdate({ target: orderExchange.orderId, set: values });
  });

  // What the buyer is told: documents, payment, shipment.
  const news = [
    ...(newlyPaid ? [`${t('ORDER_PAID')}${paidOn ? ` ${ruDate(paidOn)}` : ''}.`] : []),
    ...(newlyShipped ? [`${t('ORDER_SHIPPED')}${shippedOn ? ` ${ruDate(shippedOn)}` : ''}.`] : []),
    ...(fresh.length ? [`${t('ORDER_DOCS_TITLE')}: ${fresh.map(docText).join(', ')}.`] : []),
  ].join(' ');

  // Status.
  let target: OrderStatus | null = null;
  const statusValue = get('статус заказа', 'статус заказа ид', 'статус');
  if (statusValue) {
    target = mapStatus(statusValue, names);
    if (!target) errors.push(fill(t('ORDER_XCHG_ERR_STATUS'), { n: o.number, s: statusValue }));
  }
  if (truthy(get('отменен', 'пометкаудаления', 'пометка удаления'))) target = 'cancelled';
  if (!target && newlyShipped) target = 'shipped';
  const from = o.status as OrderStatus;
  const self = o.deliveryTypeId === '1';
  // A pickup order is not «shipped»: handed over to the buyer from the branch, it is done.
  if (target === 'shipped' && self) target = 'done';
  let told = false;
  if (target && target !== from && isOrderStatus(from)) {
    const path = pathTo(from, target);
    if (!path) errors.push(fill(t('ORDER_XCHG_ERR_MOVE'), { n: o.number, from: names.get(from) ?? from, to: names.get(target) ?? target }));
    else {
      let at = from;
      for (const [k, step] of path.entries()) {
        const last = k === path.length - 1;
        await changeOrderStatus(db, { orderId: o.id, from: at, to: step, actor: { kind: 'system', userId: null }, comment: t('ORDER_XCHG_COMMENT'), quiet: !last, note: last ? news || undefined : undefined });
        at = step;
      }
      told = true;
    }
  }
  if (!told && news && o.userId) await tellDocuments(db, o.userId, o.number, o.status, news);

  if (inSync || !x) {
    await db
      .update(orderExchange)
      .set({ takenAt: x?.takenAt ?? new Date(), takenUpdatedAt: sql`(SELECT ${orders.updatedAt} FROM ${orders} WHERE ${orders.id} = ${o.id})` })
      .where(eq(orderExchange.orderId, o.id));
  }
  return errors;
}

/** Documents, payment or shipment without a status change: a notification of its own, copies as the buyer's status settings say. */
async function tellDocuments(db: Db, userId: string, number: string, status: string, text: string): Promise<void> {
  const [settings] = await db.select({ sendStatus: users.sendStatus, notifyStatuses: users.notifyStatuses, notifySms: users.notifySms }).from(users).where(eq(users.id, userId)).limit(1);
  if (!settings) return;
  const title = `${t('ORDER')} ${number}: ${t('ORDER_DOCS_NOTIFY_TITLE')}`;
  const href = orderUrl(number);
  const copy = wantsOrderStatusCopy(settings, status);
  await notify(db, { userId, kind: 'order', title, text, href, email: copy.email ? { subject: title, text: `${text}\n\n${t('ORDER_OPEN_LINK')}: ${siteUrl()}${href}` } : undefined, orderNumber: number });
}

export { esc as escapeXml };
