/**
 * The 1C exchange and the structured delivery address (issue 30, decision 0280): a retail order placed
 * with fields sends them as CommerceML АдресноеПоле beside the line (Представление); an order placed
 * before addresses had fields sends its line only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { createTestDb, type TestDb } from '../helpers/db';
import { reloadConfig } from '../../src/server/config';
import { saleQuery } from '../../src/server/exchange/sale';
import { addressLine, addressOrThrow } from '../../src/server/geo/address';

let h: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xchg-addr-'));
const fields = addressOrThrow({ city: 'Гомель', street: 'ул. Советская', house: '41а', building: '2', flat: '17' });

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  reloadConfig();
  h = await createTestDb({ products: 10 });
  await h.db.insert(t.users).values({ id: 'xchg-addr-retail', name: 'Ольга Адресная', email: 'olga@xchg-addr.by', phone: '+375 29 000-77-88' });
  const base = { userId: 'xchg-addr-retail', status: 'new', deliveryTypeId: '2', contactName: 'Ольга Адресная', contactPhone: '+375 29 000-77-88', total: '10.00', vat: '1.67' };
  await h.db.insert(t.orders).values([
    { ...base, number: 'ИН-XA-1', deliveryAddress: addressLine(fields), deliveryAddressFields: fields },
    { ...base, number: 'ИН-XA-2', deliveryAddress: 'г. Гомель, Советская 41 (старый заказ)' },
  ]);
});
afterAll(async () => {
  await h?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('sale/query: the delivery address of a retail buyer', () => {
  it('sends the fields as АдресноеПоле beside the line; an old order its line only', async () => {
    const xml = await saleQuery(h.db, { now: new Date('2025-03-05T07:00:00Z') });
    const part = (type: string, value: string) => `<АдресноеПоле><Тип>${type}</Тип><Значение>${value}</Значение></АдресноеПоле>`;
    expect(xml).toContain(
      `<АдресРегистрации><Представление>Гомельская обл., г. Гомель, ул. Советская, д. 41А, корп. 2, кв. 17</Представление>${part('Страна', 'Беларусь')}${part('Регион', 'Гомельская обл.')}${part('Населенный пункт', 'Гомель')}${part('Улица', 'ул. Советская')}${part('Дом', '41А')}${part('Корпус', '2')}${part('Квартира', '17')}</АдресРегистрации>`,
    );
    expect(xml).toContain('<АдресРегистрации><Представление>г. Гомель, Советская 41 (старый заказ)</Представление></АдресРегистрации>');
  });
});
