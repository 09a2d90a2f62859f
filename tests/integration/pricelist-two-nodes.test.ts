/**
 * The desk's price list applied from two app nodes on one PostgreSQL at once (issue 24 point 3): two staff members,
 * or one with two tabs behind a balancer, press «Применить» on the same preview. The preview's promise is that
 * exactly what was shown is applied, once: one apply succeeds, the other finds the catalogue changed under its
 * preview (409), the journal has one entry and every price is the new one. PostgreSQL only (PGlite is one process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { twoNodesOnFreshDatabase, type AppNode } from '../helpers/node';
import { Visitor } from '../helpers/http';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-password';
import { openDatabase, type Db } from '../../src/server/db/client';
import { accounts, brands, products, sections, staffActions, users } from '../../src/server/db/schema';

const adminUrl = process.env.DATABASE_URL ?? '';
const onPostgres = !!adminUrl;
const STAFF = 'plist-two@test.by';
const ROWS = 3000;
const article = (i: number) => `PLT2-${String(i + 1).padStart(4, '0')}`;

let a: AppNode;
let b: AppNode;
let url = '';
let stop = async () => {};

async function prepare(db: Db) {
  const [section] = await db.select({ id: sections.id }).from(sections).orderBy(sections.id).limit(1);
  const [brand] = await db.select({ id: brands.id }).from(brands).orderBy(brands.id).limit(1);
  await db.insert(products).values(Array.from({ length: ROWS }, (_, i) => ({ code: `plist-two-${i + 1}`, article: article(i), articleNorm: article(i).replace(/-/g, ''), name: `Товар двух узлов ${i + 1}`, sectionId: section!.id, brandId: brand!.id, price: '10.00' })));
  await db.insert(users).values({ id: 'plist-two-staff', name: 'Прайс Двух', email: STAFF, emailVerified: true, active: true, isStaff: true, permissions: ['prices'] });
  await db.insert(accounts).values({ id: 'acc-plist-two-staff', accountId: 'plist-two-staff', providerId: 'credential', userId: 'plist-two-staff', password: await hashPassword(DEMO_PASSWORD) });
}

beforeAll(async () => {
  if (!onPostgres) return;
  ({ a, b, url, stop } = await twoNodesOnFreshDatabase(adminUrl, prepare));
}, 300_000);

afterAll(async () => {
  await stop();
});

async function post(node: AppNode, cookie: string, path: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), 'прайс.csv');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(node.base + path, { method: 'POST', headers: { origin: node.base, cookie }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

describe.skipIf(!onPostgres)('the price list on two nodes', () => {
  it('the same preview applied on node A and node B at once: one 200, one 409, one journal entry, every price new', { timeout: 120_000 }, async () => {
    const staff = new Visitor(a.base);
    expect((await staff.post('/api/authentication/', { login: STAFF, password: DEMO_PASSWORD })).body.status).toBe('success');
    const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const file = new TextEncoder().encode(`Артикул;Цена\r\n${Array.from({ length: ROWS }, (_, i) => `${article(i)};11.50`).join('\r\n')}\r\n`);
    const preview = await post(a, cookie, '/api/desk/pricelist/preview/', file);
    expect(preview.body.data.counts).toMatchObject({ rows: ROWS, changed_rows: ROWS, errors: 0 });
    const token = preview.body.data.token as string;

    const answers = await Promise.all([a, b].map((node) => post(node, cookie, '/api/desk/pricelist/apply/', file, { token })));
    expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body.errors))).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.errors[0].message).toContain('Проверьте файл ещё раз');

    const handle = await openDatabase({ databaseUrl: url });
    try {
      const [journal] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(staffActions).where(and(eq(staffActions.action, 'pricelist.import'), eq(staffActions.staffUserId, 'plist-two-staff')));
      expect(journal!.n).toBe(1);
      const prices = await handle.db.selectDistinct({ price: products.price }).from(products).where(like(products.code, 'plist-two-%'));
      expect(prices.map((p) => Number(p.price))).toEqual([11.5]);
    } finally {
      await handle.close();
    }
  });
});
