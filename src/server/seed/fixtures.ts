/**
 * Writes the tests' data sets (./fixture-sets.ts) after the demo seed, before a server starts on the
 * database: the e2e sets (scripts/e2e-server.mjs), the HTTP integration files' sets (the vitest global
 * setup, tests/helpers/server.ts, through ./fixtures-cli.ts --integration), or one file's set into its
 * own server's database (tests/helpers/fixtures.ts writeFixture). PGlite is one process, so tests cannot
 * write rows while the server runs. Each set
 * mirrors what the specs used to take from the demo accounts: a contractor company with an admin,
 * employees (ordering, with a spending limit, blocked, invited without a password, a storekeeper
 * without the order right), a retail customer, a staff member, delivery addresses, an order history
 * in every status, a request, an export list, a notification, and the admin's basket with one item
 * gone out of sale. Passwords are hashed by better-auth's hasher, as the demo seed does.
 *
 * Never under NODE_ENV=production (the password is published); the CLI is ./fixtures-cli.ts.
 */
import { storedAddress } from '../geo/address';
import { SEED_ADDRESSES, seedOrderAddress } from './addresses';
import { desc, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { DEMO_PASSWORD, demoExportProfile, statusTrail } from './seed';
import { FIXTURE_SETS, REPEAT_ORDER_SETS, fixtureOrderPlan, fixtureSet, repeatOrderNumber, type FixturePerson, type FixtureSet } from './fixture-sets';
import { queryRows } from '../db/rows';
import { fromKopecks, lineKopecks, moneyText, toKopecks } from '../lib/money';
import { config } from '../config';
import { seedDemoBasket } from '../basket/demo';

const NOTIFY = ['confirmed', 'ready', 'shipped', 'done', 'cancelled'];
const DAY = 86_400_000;

/** Writes `sets` (default: every e2e set; integration files pass theirs, see tests/helpers/fixtures.ts) in one transaction. */
export async function seedFixtures(db: Db, sets: readonly FixtureSet[] = FIXTURE_SETS.map(fixtureSet)): Promise<void> {
  if (config().NODE_ENV === 'production') throw new Error('e2e fixtures are never written under NODE_ENV=production');
  const password = await hashPassword(DEMO_PASSWORD);
  // Products for the order histories: the catalogue's last 60 (the lines are copies; stock is not touched).
  const products = await db.select({ id: t.products.id, name: t.products.name, article: t.products.article, price: t.products.price }).from(t.products).orderBy(desc(t.products.id)).limit(60);
  if (products.length < 20) throw new Error('e2e fixtures: the demo catalogue must be seeded first');
  await db.transaction(async (tx) => {
    for (const set of sets) await seedSet(tx as unknown as Db, set, password, products);
    for (const set of sets) if (REPEAT_ORDER_SETS.includes(set.name)) await seedRepeatOrder(tx as unknown as Db, set);
  });
}

type ProductRow = { id: number; name: string; article: string; price: string };

async function seedSet(db: Db, set: FixtureSet, password: string, products: ProductRow[]) {
  const index = set.index;
  const now = Date.now();
  const [company] = await db
    .insert(t.companies)
    .values({
      name: set.company.name,
      unp: set.company.unp,
      legalAddress: set.company.legalAddress,
      discountPercent: set.company.discountPercent.toFixed(2),
      iban: set.company.iban,
      bankName: 'ЗАО «Альфа-Банк»',
      bic: 'ALFABY2X',
      phone: '+375 17 222-33-44',
      email: `office@${set.domain}`,
      managerName: set.company.managerName,
      managerPhone: set.company.managerPhone,
      managerEmail: set.company.managerEmail,
    })
    .returning({ id: t.companies.id });
  const companyId = company!.id;
  await db.insert(t.companyDiscounts).values([
    { companyId, brandId: 1, percent: '12.00' },
    { companyId, brandId: 2, percent: '10.00' },
    { companyId, sectionId: 1, percent: '8.00' },
  ]);

  const user = async (p: FixturePerson, over: Partial<typeof t.users.$inferInsert>, withPassword = true) => {
    await db.insert(t.users).values({ id: p.id, name: p.name, email: p.email, emailVerified: withPassword, phone: p.phone, active: true, notifyStatuses: NOTIFY, defaultBranchId: 1, ...over });
    if (withPassword) await db.insert(t.accounts).values({ id: `acc-${p.id}`, accountId: p.id, providerId: 'credential', userId: p.id, password });
  };
  await user(set.admin, { companyId, isContragentAdmin: true, position: 'Директор' });
  await user(set.employee, { companyId, position: 'Прораб', permissions: ['place_orders', 'manage_exports'] });
  await user(set.blocked, { companyId, blocked: true, position: 'Снабженец', permissions: ['place_orders'] });
  await user(set.supply, { companyId, position: 'Менеджер по закупкам', permissions: ['place_orders', 'invoice_only'], orderLimit: set.supply.orderLimit });
  await user(set.storekeeper, { companyId, position: 'Кладовщик', permissions: ['company_orders'] });
  await user(set.invited, { companyId, position: 'Кладовщик', permissions: ['place_orders'], defaultBranchId: null }, false);
  await user(set.retail, {});
  await user(set.staff, { isStaff: true, position: 'Менеджер по работе с клиентами', permissions: ['orders', 'requests', 'prices'] });
  await user(set.editor, { isStaff: true, position: 'Редактор сайта', permissions: ['content'] });
  await user(set.director, { isStaff: true, position: 'Администратор магазина', permissions: ['staff'] });

  const [addr1, addr2] = await db
    .insert(t.deliveryAddresses)
    .values([
      { userId: set.admin.id, companyId, ...storedAddress(SEED_ADDRESSES.office), status: 'active', phone: set.admin.phone, email: set.admin.email },
      { userId: set.admin.id, companyId, ...storedAddress(SEED_ADDRESSES.site), status: 'active', phone: set.employee.phone, email: set.employee.email, phoneNotify: true },
      { userId: set.retail.id, ...storedAddress(SEED_ADDRESSES.home), status: 'active', phone: set.retail.phone, email: set.retail.email },
    ])
    .returning({ id: t.deliveryAddresses.id, address: t.deliveryAddresses.address });

  // The order history: every status, numbered as fixture-sets.ts says (its named orders are found there).
  const plan = fixtureOrderPlan(set).map((o) => ({ ...o, who: set[o.who] }));
  for (const [k, o] of plan.entries()) {
    const lines = [0, 1, 2].slice(0, 1 + (k % 3)).map((j) => ({ p: products[(k * 3 + j + index * 7) % products.length]!, q: 1 + ((k + j) % 3) }));
    const total = lines.reduce((s, l) => s + Number(l.p.price) * l.q, 0);
    // Pickup for the retail customer's order in picking (staff move it to «ready»), otherwise alternating.
    const self = o.status === 'picking' ? !o.company : k % 2 === 0;
    const ageDays = 1 + k;
    const at = new Date(now - ageDays * DAY);
    const [order] = await db
      .insert(t.orders)
      .values({
        number: o.number,
        userId: o.who.id,
        companyId: o.company ? companyId : null,
        status: o.status,
        deliveryTypeId: self ? '1' : '2',
        branchId: self ? 2 : null,
        addressId: self ? null : o.company ? (k % 4 === 1 ? addr2!.id : addr1!.id) : null,
        ...seedOrderAddress(self ? null : o.company ? (k % 4 === 1 ? SEED_ADDRESSES.site : SEED_ADDRESSES.office) : SEED_ADDRESSES.home),
        deliveryDate: new Date(now - (ageDays - 2) * DAY).toISOString().slice(0, 10),
        contactName: o.who.name,
        contactPhone: o.who.phone,
        contactEmail: o.who.email,
        total: total.toFixed(2),
        vat: (total / 6).toFixed(2),
        paymentType: o.company ? 'invoice' : 'cash',
        payerCompanyId: o.company ? companyId : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: t.orders.id });
    await db.insert(t.orderItems).values(lines.map((l) => ({ orderId: order!.id, productId: l.p.id, name: l.p.name, article: l.p.article, price: l.p.price, quantity: l.q })));
    await db.insert(t.orderStatusHistory).values(statusTrail(o.status, self).map((code, j) => ({ orderId: order!.id, status: code, actorKind: j === 0 ? 'customer' : 'staff', actorUserId: j === 0 ? o.who.id : set.staff.id, at: new Date(at.getTime() + j * 3_600_000) })));
  }

  const [appeal] = await db
    .insert(t.appeals)
    .values({ userId: set.admin.id, companyId, typeCode: 'documents', subject: 'Акт сверки за III квартал', status: 'in_progress', createdAt: new Date(now - 5 * DAY) })
    .returning({ id: t.appeals.id });
  await db.insert(t.appealMessages).values([
    { appealId: appeal!.id, authorUserId: set.admin.id, text: 'Добрый день! Пришлите, пожалуйста, акт сверки за июль–сентябрь.', createdAt: new Date(now - 5 * DAY) },
    { appealId: appeal!.id, fromStaff: true, text: 'Здравствуйте! Акт подготовлен, отправим на почту до конца недели.', createdAt: new Date(now - 4 * DAY) },
  ]);
  await db.insert(t.exportProfiles).values(demoExportProfile(companyId, set.admin.id));
  await db.insert(t.notifications).values({ title: 'Заказ передан в доставку', text: 'Ваш заказ будет доставлен в ближайшие два дня.', kind: 'order', userId: set.admin.id, createdAt: new Date(now - DAY) });

  // The admin's basket: positions from different sections, and one product gone out of sale.
  await seedDemoBasket(db, `u:${set.admin.id}`);
}

export type FixtureLine = { productId: number; name: string; article: string; price: string; quantity: number };

/** One done pickup order with these lines (its total, VAT and history as the set's history writes them). */
export async function insertFixtureOrder(db: Db, o: { number: string; user: FixturePerson; companyId: number | null; lines: FixtureLine[]; ageDays?: number }): Promise<number> {
  const at = new Date(Date.now() - (o.ageDays ?? 30) * DAY);
  const total = fromKopecks(o.lines.reduce((s, l) => s + lineKopecks(l.price, l.quantity), 0));
  const [order] = await db
    .insert(t.orders)
    .values({
      number: o.number,
      userId: o.user.id,
      companyId: o.companyId,
      status: 'done',
      deliveryTypeId: '1',
      branchId: 2,
      deliveryDate: at.toISOString().slice(0, 10),
      contactName: o.user.name,
      contactPhone: o.user.phone,
      contactEmail: o.user.email,
      total: moneyText(total),
      vat: moneyText(fromKopecks(Math.round(toKopecks(total) / 6))),
      paymentType: o.companyId ? 'invoice' : 'cash',
      payerCompanyId: o.companyId,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: t.orders.id });
  await db.insert(t.orderItems).values(o.lines.map((l) => ({ orderId: order!.id, ...l })));
  await db.insert(t.orderStatusHistory).values(statusTrail('done', true).map((code, j) => ({ orderId: order!.id, status: code, actorKind: j === 0 ? 'customer' : 'staff', at: new Date(at.getTime() + j * 3_600_000) })));
  return order!.id;
}

/**
 * The retail customer's order to repeat (issue 30): a line bought at half today's price (dearer now),
 * one at twice it (cheaper now), and a product no longer sold whose section still has one in stock
 * (the preview offers it as the substitute). Products are read, never changed: other specs share them.
 */
export async function seedRepeatOrder(db: Db, set: FixtureSet): Promise<void> {
  const rows = await queryRows<{ id: number; name: string; article: string; price: string; gone: boolean }>(
    db,
    sql`(SELECT id, name, article, price::text AS price, false AS gone FROM products p
          WHERE p.active AND p.can_buy AND p.stock_qty >= 5 ORDER BY p.id LIMIT 2)
        UNION ALL
        (SELECT id, name, article, price::text, true FROM products p
          WHERE NOT p.can_buy AND EXISTS (SELECT 1 FROM products q WHERE q.section_id = p.section_id AND q.active AND q.can_buy AND q.stock_qty > 0)
          ORDER BY p.id LIMIT 1)`,
  );
  const buy = rows.filter((r) => !r.gone);
  const gone = rows.find((r) => r.gone);
  if (buy.length < 2 || !gone) throw new Error('fixtures: the demo catalogue has no products for the repeat order');
  const at = (r: (typeof rows)[number], num: number, den: number) => moneyText(fromKopecks(Math.round((toKopecks(r.price) * num) / den)));
  const line = (r: (typeof rows)[number], price: string, quantity: number): FixtureLine => ({ productId: r.id, name: r.name, article: r.article, price, quantity });
  await insertFixtureOrder(db, { number: repeatOrderNumber(set), user: set.retail, companyId: null, lines: [line(buy[0]!, at(buy[0]!, 1, 2), 2), line(buy[1]!, at(buy[1]!, 2, 1), 1), line(gone, gone.price, 3)] });
}
