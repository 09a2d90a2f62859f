/**
 * Writes the demo data: the generated catalogue plus demo accounts, orders, addresses, appeals,
 * promotions, media and notifications. Runs on a demo's first start when the database holds nothing
 * but what migrations write (`rowsNotFromMigrations`), and from `npm run seed -- --reset` (which wipes
 * first). Never under NODE_ENV=production (cli.ts).
 */
import { storedAddress } from '../geo/address';
import { SEED_ADDRESSES, seedOrderAddress } from './addresses';
import { count, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import * as t from '../db/schema';
import { generateCatalog, rng } from './generate';
import { seedDemoBasket } from '../basket/demo';
import { importContent } from '../content/import';
import { fromKopecks, lineKopecks, moneyText, vatIncluded } from '../lib/money';
import { TASK_SEED } from '../search/task-seed';

import { DEMO_PASSWORD } from './demo-password';

export { DEMO_PASSWORD };

/** The demo accounts the README lists. */
export const DEMO_USERS = [
  { id: 'demo-retail', email: 'client@demo.by', name: 'Иван Петров', phone: '+375 29 111-22-33', company: false, admin: false, blocked: false, staff: false, position: null, permissions: [] },
  { id: 'demo-admin', email: 'admin@stroymontazh.by', name: 'Ольга Ковалёва', phone: '+375 29 222-33-44', company: true, admin: true, blocked: false, staff: false, position: 'Директор', permissions: [] },
  { id: 'demo-foreman', email: 'prorab@stroymontazh.by', name: 'Сергей Данилович', phone: '+375 33 333-44-55', company: true, admin: false, blocked: false, staff: false, position: 'Прораб', permissions: ['place_orders', 'manage_exports'] },
  { id: 'demo-blocked', email: 'snab@stroymontazh.by', name: 'Андрей Литвинчук', phone: '+375 44 444-55-66', company: true, admin: false, blocked: true, staff: false, position: 'Снабженец', permissions: ['place_orders'] },
  // Checkout and orders (issue 12): an employee whose orders above 500 BYN wait for the admin and who pays by invoice only, and one who may see the company's orders but not place any.
  { id: 'demo-supply', email: 'zakup@stroymontazh.by', name: 'Марина Ясюкевич', phone: '+375 29 571-20-30', company: true, admin: false, blocked: false, staff: false, position: 'Менеджер по закупкам', permissions: ['place_orders', 'invoice_only'], orderLimit: '500.00' },
  { id: 'demo-storekeeper', email: 'sklad@stroymontazh.by', name: 'Павел Сидорович', phone: '+375 29 666-77-88', company: true, admin: false, blocked: false, staff: false, position: 'Кладовщик', permissions: ['company_orders'] },
  { id: 'demo-staff', email: 'manager@instrument.by', name: 'Наталья Жук', phone: '+375 17 388-10-11', company: false, admin: false, blocked: false, staff: true, position: 'Менеджер по работе с клиентами', permissions: ['orders', 'requests', 'prices'] },
  { id: 'demo-editor', email: 'editor@instrument.by', name: 'Алина Ковальчук', phone: '+375 17 388-10-12', company: false, admin: false, blocked: false, staff: true, position: 'Редактор сайта', permissions: ['content'] },
  // The store's administrator (issue 25): sets every employee's desk permissions at /desk/staff/, and may do all of it himself.
  { id: 'demo-director', email: 'director@instrument.by', name: 'Виктор Мельник', phone: '+375 17 388-10-13', company: false, admin: false, blocked: false, staff: true, position: 'Администратор магазина', permissions: ['staff', 'orders', 'requests', 'prices', 'content'] },
] as const;

/**
 * An employee the company admin added who has not signed in yet: no password, so the login answers
 * `user_not_auth` and the first-authorization dialog sets one (issue 11).
 */
export const DEMO_INVITED = { id: 'demo-invited', email: 'novichok@stroymontazh.by', name: 'Павел Гринкевич', phone: '+375 25 555-66-77', position: 'Кладовщик', permissions: ['place_orders'] } as const;

/** Order statuses of the demo orders: every status appears (server/orders/status.ts has their meaning). */
const RECENT_STATUSES = ['new', 'confirmed', 'picking', 'ready', 'shipped', 'approval'] as const;

export type SeedOptions = { products?: number; log?: (msg: string) => void };

async function insertChunked<T extends Record<string, unknown>>(db: Db, table: Parameters<Db['insert']>[0], rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size) as never);
}

/** Tables in an order that TRUNCATE … CASCADE can clear in one statement. */
const ALL_TABLES = [
  'form_submissions', 'translations', 'rate_limits', 'message_outbox',
  'notification_states', 'notifications', 'api_tokens', 'export_profiles', 'appeal_messages', 'appeals',
  'payment_sandbox', 'payment_events', 'payments', 'order_status_history', 'order_items', 'orders', 'delivery_addresses', 'compare_items', 'favorites',
  'basket_items', 'baskets', 'company_join_requests', 'verify_codes', 'verifications', 'accounts', 'sessions', 'users', 'company_discounts',
  'companies', 'shops', 'stocks', 'branches', 'price_requests', 'product_questions', 'product_expendables',
  'products', 'brands', 'section_properties', 'sections', 'content_revisions', 'content_entries', 'content_images', 'search_tasks',
];

export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE ${ALL_TABLES.map((n) => `"${n}"`).join(', ')} RESTART IDENTITY CASCADE`));
}

/**
 * Tables whose rows never make a database "someone's data": reference rows every migrated database
 * has (0007_reference_rows), what triggers derive from other tables (search index, change log), and
 * short-lived rate-limit counters any visit writes.
 */
const NOT_DATA = new Set(['order_statuses', 'appeal_types', 'change_log', 'search_documents', 'search_vocabulary', 'rate_limits']);

/**
 * The tables of the public schema that hold rows a migration did not write — users, orders,
 * baskets, companies, the catalogue… Empty means a freshly migrated database: the only kind the
 * start-up seed may fill (and wipe). Every table is checked, so a table added later is guarded too.
 */
export async function rowsNotFromMigrations(db: Db): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(db, sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`);
  const names = tables.map((r) => r.name).filter((n) => !NOT_DATA.has(n));
  if (!names.length) return [];
  const probe = names.map((n) => `SELECT '${n.replaceAll("'", "''")}' AS name WHERE EXISTS (SELECT 1 FROM "${n.replaceAll('"', '""')}")`).join(' UNION ALL ');
  return (await queryRows<{ name: string }>(db, sql.raw(probe))).map((r) => r.name);
}

/** No catalogue yet (sections empty). Not enough to seed on: see rowsNotFromMigrations. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.sections);
  return (row?.n ?? 0) === 0;
}

async function syncSequence(db: Db, table: string) {
  await db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), GREATEST((SELECT MAX(id) FROM "${table}"), 1))`));
}

export async function seedDatabase(db: Db, opts: SeedOptions = {}): Promise<void> {
  const log = opts.log ?? (() => {});
  const n = opts.products ?? 2000;
  const started = Date.now();
  const cat = generateCatalog({ products: n });
  log(`сгенерировано: ${cat.products.length} товаров, ${cat.sections.length} разделов за ${Date.now() - started} мс`);

  await db.transaction(async (tx) => {
    const d = tx as unknown as Db;
    await insertChunked(d, t.sections, cat.sections, 500);
    await insertChunked(d, t.sectionProperties, cat.sectionProps, 500);
    await insertChunked(d, t.brands, cat.brands, 500);
    await insertChunked(d, t.branches, cat.branches, 500);
    await insertChunked(d, t.shops, cat.shops, 500);
    await insertChunked(d, t.products, cat.products, 1000);
    await insertChunked(d, t.stocks, cat.stocks, 5000);
    await insertChunked(d, t.productExpendables, cat.expendables, 5000);
    for (const table of ['sections', 'section_properties', 'brands', 'branches', 'shops', 'products']) await syncSequence(d, table);
    // Section counts include their whole subtree (a level-1 section counts every product below it).
    await d.execute(sql`
      WITH RECURSIVE tree AS (
        SELECT id AS root, id FROM sections
        UNION ALL SELECT tree.root, s.id FROM sections s JOIN tree ON s.parent_id = tree.id
      )
      UPDATE sections SET product_count = c.n
      FROM (SELECT tree.root, COUNT(p.id)::int AS n FROM tree LEFT JOIN products p ON p.section_id = tree.id AND p.active GROUP BY tree.root) c
      WHERE sections.id = c.root`);
  });
  log(`каталог записан за ${Date.now() - started} мс`);
  // The vocabulary of tasks names sections by code: only the demo catalogue's, so every task is usable here.
  await db.insert(t.searchTasks).values(TASK_SEED.map((x) => ({ name: x.name, phrases: x.phrases, sections: x.sections })));

  await seedAccountsAndHistory(db, cat.productsBySection, cat.products.length);
  await seedDemoBasket(db);
  // After the catalogue: the demo's promotions and media name its sections and articles.
  log(`контент: ${await importContent(db)} записей из src/content`);
  log(`готово за ${Date.now() - started} мс`);
}

async function seedAccountsAndHistory(db: Db, bySection: Map<string, number[]>, productCount: number) {
  const r = rng(777);
  const now = Date.now();
  const day = 86_400_000;
  const password = await hashPassword(DEMO_PASSWORD);


  const [company] = await db
    .insert(t.companies)
    .values({
      name: 'ООО «СтройМонтажСервис»',
      // A valid УНП (check digit 3); 191234567 failed the check-digit rule of server/accounts/unp.ts.
      unp: '191234563',
      legalAddress: 'г. Минск, ул. Платонова, 20, пом. 4',
      discountPercent: '7.00',
      iban: 'BY20ALFA30122345670010270000',
      bankName: 'ЗАО «Альфа-Банк»',
      bic: 'ALFABY2X',
      phone: '+375 17 222-33-44',
      email: 'office@stroymontazh.by',
      managerName: 'Дмитрий Козлов',
      managerPhone: '+375 29 600-10-20',
      managerEmail: 'd.kozlov@instrument.by',
    })
    .returning();
  const companyId = company!.id;
  await db.insert(t.companyDiscounts).values([
    { companyId, brandId: 1, percent: '12.00' },
    { companyId, brandId: 2, percent: '10.00' },
    { companyId, sectionId: 1, percent: '8.00' },
  ]);

  for (const u of DEMO_USERS) {
    await db.insert(t.users).values({
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: true,
      phone: u.phone,
      companyId: u.company ? companyId : null,
      isContragentAdmin: u.admin,
      blocked: u.blocked,
      active: true,
      isStaff: u.staff,
      position: u.position,
      permissions: [...u.permissions],
      orderLimit: 'orderLimit' in u ? u.orderLimit : null,
      notifyStatuses: ['confirmed', 'ready', 'shipped', 'done', 'cancelled'],
      defaultBranchId: 1,
    });
    await db.insert(t.accounts).values({ id: `acc-${u.id}`, accountId: u.id, providerId: 'credential', userId: u.id, password });
  }
  await db.insert(t.users).values({ ...DEMO_INVITED, permissions: [...DEMO_INVITED.permissions], emailVerified: false, companyId, notifyStatuses: ['confirmed', 'ready', 'shipped', 'done', 'cancelled'] });

  await seedSecondCompany(db, password);

  const [addr1, addr2] = await db
    .insert(t.deliveryAddresses)
    .values([
      { userId: 'demo-admin', companyId, ...storedAddress(SEED_ADDRESSES.office), status: 'active', phone: '+375 29 222-33-44', email: 'admin@stroymontazh.by' },
      { userId: 'demo-admin', companyId, ...storedAddress(SEED_ADDRESSES.site), status: 'active', phone: '+375 33 333-44-55', email: 'prorab@stroymontazh.by', phoneNotify: true },
      { userId: 'demo-retail', ...storedAddress(SEED_ADDRESSES.home), status: 'active', phone: '+375 29 111-22-33', email: 'client@demo.by' },
    ])
    .returning();

  // Orders: enough for the contractor's list to page (page size 9).
  const allIds = [...bySection.values()].flat();
  const productRows = await db.select({ id: t.products.id, name: t.products.name, article: t.products.article, price: t.products.price }).from(t.products).where(sql`${t.products.id} = ANY(${sql.raw(`ARRAY[${[...new Set(Array.from({ length: 120 }, () => r.pick(allIds)))].join(',')}]`)})`);
  const plan: { userId: string; n: number }[] = [
    { userId: 'demo-admin', n: 23 },
    { userId: 'demo-foreman', n: 6 },
    { userId: 'demo-retail', n: 4 },
  ];
  let orderNo = 10_480;
  for (const { userId, n } of plan) {
    for (let i = 0; i < n; i++) {
      const items = Array.from({ length: r.int(1, 7) }, () => r.pick(productRows));
      const uniq = [...new Map(items.map((p) => [p.id, p])).values()];
      const lines = uniq.map((p) => ({ p, q: r.int(1, userId === 'demo-retail' ? 2 : 12) }));
      const total = fromKopecks(lines.reduce((s, l) => s + lineKopecks(l.p.price, l.q), 0));
      // The newest orders of each account run through the open statuses, so every status is on show.
      const ageDays = i < RECENT_STATUSES.length ? i + 1 : r.int(8, 200);
      const recent = i < RECENT_STATUSES.length ? RECENT_STATUSES[i]! : null;
      const status = recent === 'approval' && userId !== 'demo-foreman' ? 'new' : (recent ?? r.pick(['done', 'done', 'done', 'cancelled']));
      const isCompany = userId !== 'demo-retail';
      const self = r.chance(0.4);
      const user = DEMO_USERS.find((u) => u.id === userId)!;
      // A company order goes to one of its two addresses; the order keeps that address's line and fields.
      const which = self || !isCompany ? null : r.pick([0, 1]);
      const [order] = await db
        .insert(t.orders)
        .values({
          number: `ИН-${orderNo++}`,
          userId,
          companyId: isCompany ? companyId : null,
          status,
          deliveryTypeId: self ? '1' : '2',
          branchId: self ? r.int(1, 3) : null,
          addressId: which === null ? null : [addr1!.id, addr2!.id][which]!,
          ...seedOrderAddress(self ? null : which === null ? SEED_ADDRESSES.home : [SEED_ADDRESSES.office, SEED_ADDRESSES.site][which]!),
          deliveryDate: new Date(now - (ageDays - 2) * day).toISOString().slice(0, 10),
          contactName: user.name,
          contactPhone: user.phone,
          contactEmail: user.email,
          comment: r.chance(0.3) ? 'Позвонить за час до доставки' : null,
          total: moneyText(total),
          vat: moneyText(vatIncluded(total)),
          paymentType: isCompany ? 'invoice' : r.pick(['cash', 'card']),
          payerCompanyId: isCompany ? companyId : null,
          createdAt: new Date(now - ageDays * day),
          updatedAt: new Date(now - ageDays * day),
        })
        .returning({ id: t.orders.id });
      await db.insert(t.orderItems).values(lines.map((l) => ({ orderId: order!.id, productId: l.p.id, name: l.p.name, article: l.p.article, price: l.p.price, quantity: l.q })));
      await db.insert(t.orderStatusHistory).values(statusTrail(status, self).map((code, k) => ({ orderId: order!.id, status: code, actorKind: k === 0 ? 'customer' : 'staff', actorUserId: k === 0 ? userId : 'demo-staff', at: new Date(now - ageDays * day + k * 3_600_000) })));
    }
  }

  const [appeal] = await db
    .insert(t.appeals)
    .values({ userId: 'demo-admin', companyId, typeCode: 'documents', subject: 'Акт сверки за III квартал', status: 'in_progress', createdAt: new Date(now - 5 * day) })
    .returning();
  await db.insert(t.appealMessages).values([
    { appealId: appeal!.id, authorUserId: 'demo-admin', text: 'Добрый день! Пришлите, пожалуйста, акт сверки за июль–сентябрь.', createdAt: new Date(now - 5 * day) },
    { appealId: appeal!.id, fromStaff: true, text: 'Здравствуйте! Акт подготовлен, отправим на почту до конца недели.', createdAt: new Date(now - 4 * day) },
  ]);
  await db.insert(t.appeals).values({ userId: 'demo-retail', typeCode: 'warranty', subject: 'Не включается шуруповёрт после 2 месяцев', status: 'closed', rating: 5, createdAt: new Date(now - 40 * day) });

  await db.insert(t.exportProfiles).values(demoExportProfile(companyId, 'demo-admin'));

  await db.insert(t.notifications).values([
    { title: 'Заказ передан в доставку', text: 'Ваш заказ будет доставлен в ближайшие два дня.', kind: 'order', userId: 'demo-admin', createdAt: new Date(now - day) },
    { title: 'Изменение графика работы', text: 'Филиал в Минске работает в субботу до 14:00.', kind: 'info', createdAt: new Date(now - 3 * day) },
    { title: 'Скидка 10% на расходные материалы', text: 'Для контрагентов до конца месяца.', kind: 'moscow', data: { date_end: new Date(now + 10 * day).toISOString() }, createdAt: new Date(now - 2 * day) },
  ]);

  await db
    .insert(t.productQuestions)
    .values(
      allIds.slice(0, Math.min(productCount, 40)).map((productId, i) => ({
        productId,
        question: i % 2 ? 'Подходит ли для работы с бетоном?' : 'Есть ли в наличии в Гомеле?',
        answer: i % 2 ? 'Да, с подходящей оснасткой из раздела «Расходные материалы».' : 'Наличие по филиалам показано на странице товара и обновляется каждый час.',
        published: true,
      })),
    );
}

/**
 * A second contractor with its own admin and one order, so that one company never seeing another's
 * orders can be shown and tested (issue 12).
 */
async function seedSecondCompany(db: Db, password: string) {
  const [company] = await db
    .insert(t.companies)
    .values({ name: 'ЧУП «ЭлектроМонтажПроект»', unp: '291876543', legalAddress: 'г. Брест, ул. Пушкинская, 12', discountPercent: '5.00', iban: 'BY13BPSB30121234560109330000', bankName: 'ОАО «Сбер Банк»', bic: 'BPSBBY2X', phone: '+375 162 21-22-23', email: 'office@elektromontazh.by' })
    .returning({ id: t.companies.id });
  await db.insert(t.users).values({ id: 'demo-other-admin', name: 'Виктор Лукашик', email: 'admin@elektromontazh.by', emailVerified: true, phone: '+375 29 777-88-99', companyId: company!.id, isContragentAdmin: true, active: true, position: 'Директор', notifyStatuses: ['confirmed', 'done', 'cancelled'], defaultBranchId: 3 });
  await db.insert(t.accounts).values({ id: 'acc-demo-other-admin', accountId: 'demo-other-admin', providerId: 'credential', userId: 'demo-other-admin', password });
  const [p] = await db.select({ id: t.products.id, name: t.products.name, article: t.products.article, price: t.products.price }).from(t.products).orderBy(t.products.id).limit(1);
  const [order] = await db
    .insert(t.orders)
    .values({ number: 'ИН-10900', userId: 'demo-other-admin', companyId: company!.id, status: 'new', deliveryTypeId: '1', branchId: 3, contactName: 'Виктор Лукашик', contactPhone: '+375 29 777-88-99', contactEmail: 'admin@elektromontazh.by', total: p!.price, vat: moneyText(vatIncluded(p!.price)), paymentType: 'invoice', payerCompanyId: company!.id, deliveryDate: new Date().toISOString().slice(0, 10) })
    .returning({ id: t.orders.id });
  await db.insert(t.orderItems).values({ orderId: order!.id, productId: p!.id, name: p!.name, article: p!.article, price: p!.price, quantity: 1 });
  await db.insert(t.orderStatusHistory).values({ orderId: order!.id, status: 'new', actorKind: 'customer', actorUserId: 'demo-other-admin' });
}

/** The statuses an order in `status` passed through, in order (for the demo's history rows; ./fixtures.ts too). */
export function statusTrail(status: string, self: boolean): string[] {
  const path = ['new', 'confirmed', 'picking', self ? 'ready' : 'shipped', 'done'];
  if (status === 'approval') return ['approval'];
  if (status === 'cancelled') return ['new', 'cancelled'];
  const at = path.indexOf(status);
  return at >= 0 ? path.slice(0, at + 1) : [...path.slice(0, 3), status];
}

/** The demo company admin's ready export list (also each e2e data set's). */
export function demoExportProfile(companyId: number, userId: string): typeof t.exportProfiles.$inferInsert {
  return {
    ownerKey: `c:${companyId}`,
    companyId,
    userId,
    name: 'Электроинструмент для сайта партнёра',
    status: 'ready',
    step: 4,
    settings: { source: 'sections', sectionIds: [1], inStockOnly: true, fields: ['article', 'name', 'brand', 'my_price', 'retail_price', 'stock', 'url'] },
    format: 'csv',
    schedule: 'daily',
  };
}
