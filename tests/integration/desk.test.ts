/**
 * The staff desk over HTTP: only staff get in; a reply with a PDF reaches the customer as a
 * notification and an e-mail; request statuses; order moves through changeOrderStatus (history, the
 * owner's notification and e-mail); every action in the journal with who and when.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { base, messagesSent, Visitor } from '../helpers/http';
import { outboxFiles, pdf, postForm, signedIn } from '../helpers/requests';
import { fixture } from '../helpers/fixtures';
import { fixtureOrderPlan } from '../../src/server/seed/fixture-sets';

/** This file's own staff member, customer and orders (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('desk');

let staff: Visitor;
let client: Visitor;
let appealId: number;

/** The desk's order cards of one status: id and the status they show. */
async function deskOrders(status: string, q = ''): Promise<{ id: number; from: string; number: string }[]> {
  const html = await (await staff.raw(`/desk/orders/?status=${status}&q=${encodeURIComponent(q)}`)).text();
  return [...html.matchAll(/<b>(ИН-\d+)<\/b>[\s\S]*?name="id" value="(\d+)"[\s\S]*?name="from" value="([a-z]+)"/g)].map((m) => ({ number: m[1]!, id: Number(m[2]), from: m[3]! }));
}

beforeAll(async () => {
  [staff, client] = await Promise.all([signedIn(acc.staff.email), signedIn(acc.retail.email)]);
  const created = await postForm(client, '/api/appeals/add/', { type: 'other', subject: 'Нужен счёт-фактура', message: 'Пришлите, пожалуйста, документы по заказу.' });
  appealId = created.body!.data.id;
});

describe('who gets in', () => {
  it('a guest is sent to log in; a customer gets the 403 view and 403 from every desk call', async () => {
    const guest = await new Visitor().raw('/desk/');
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe('/login/?backurl=%2Fdesk%2F');
    const page = await client.raw('/desk/orders/');
    expect(page.status).toBe(403);
    const calls = [
      await client.post('/api/desk/appeals/reply/', { appeal_id: appealId, text: 'я менеджер' }),
      await client.post('/api/desk/appeals/setStatus/', { id: appealId, status: 'closed' }),
      await client.post('/api/desk/orders/setStatus/', { id: 1, from: 'new', status: 'confirmed' }),
      await client.post('/api/desk/announcements/add/', { title: 'x', text: 'y' }),
      await client.post('/api/desk/announcements/end/', { id: 1 }),
      await client.post('/api/desk/messages/retry/', {}),
    ];
    for (const c of calls) expect([c.res.status, c.body.errors[0]!.message]).toEqual([403, 'Раздел доступен только сотрудникам магазина']);
    expect((await client.get(`/web/personal/appeal/${appealId}/`)).body.data.messages).toHaveLength(1);
  });
});

describe('the request queue', () => {
  it('waiting requests come first with their age', async () => {
    const html = await (await staff.raw('/desk/?tab=waiting')).text();
    expect(html).toContain(`/desk/requests/${appealId}/`);
    expect(html).toMatch(/ждёт (меньше минуты|\d+ мин)/);
  });

  it('a reply with a PDF: the customer is notified and e-mailed, the journal has it', async () => {
    // The outbox is shared with the other test files: what is new is what was not there before, wherever it lists.
    const mailsBefore = new Set(outboxFiles().map((f) => f.name));
    const { res, body } = await postForm(staff, '/api/desk/appeals/reply/', { appeal_id: appealId, text: 'Документы во вложении.' }, [pdf('счёт-фактура.pdf')]);
    expect(res.status).toBe(200);
    expect(body!.data.attachments).toBe(1);
    const thread = (await client.get(`/web/personal/appeal/${appealId}/`)).body.data;
    const answer = thread.messages.at(-1);
    expect(answer).toMatchObject({ from_staff: true, text: 'Документы во вложении.' });
    expect(answer.author).toContain(acc.staff.name);
    expect(answer.attachments[0]).toMatchObject({ name: 'счёт-фактура.pdf', mime: 'application/pdf' });
    const note = (await client.get('/web/notifications/?page_size=50')).body.data.items.find((n: { href: string }) => n.href === `/personal/requests/${appealId}/`);
    expect(note).toMatchObject({ title: `Ответ по обращению №${appealId}`, kind: 'appeal' });
    await messagesSent();
    const mail = outboxFiles().filter((f) => !mailsBefore.has(f.name)).map((f) => f.json).find((m) => m.subject?.includes(`№${appealId}`));
    expect(JSON.stringify(mail.to)).toContain(acc.retail.email);
    expect(mail.text).toContain('Документы во вложении.');
    expect(mail.text).toContain(`/personal/requests/${appealId}/`);
    const log = await (await staff.raw('/desk/log/')).text();
    expect(log).toContain(`Обращение №${appealId}`);
    expect(log).toContain('ответ на обращение');
    expect(log).toContain(acc.staff.name);
  });

  it('status changes: closing tells the customer; bad status and unknown id are refused', async () => {
    const { body } = await staff.post('/api/desk/appeals/setStatus/', { id: appealId, status: 'closed' });
    expect(body.data).toMatchObject({ status: 'closed', changed: true });
    const thread = (await client.get(`/web/personal/appeal/${appealId}/`)).body.data;
    expect(thread.messages.at(-1).text).toBe('Магазин закрыл обращение');
    expect(thread.appeal.resolved_at).toBeTruthy();
    const titles = (await client.get('/web/notifications/?page_size=50')).body.data.items.map((n: { title: string }) => n.title);
    expect(titles).toContain(`Закрыто обращение №${appealId}`);
    const bad = await staff.post('/api/desk/appeals/setStatus/', { id: appealId, status: 'done' });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors[0]!.message).toBe('Статус: выберите одно из предложенных значений');
    const missing = await staff.post('/api/desk/appeals/setStatus/', { id: 1_999_999, status: 'open' });
    expect(missing.res.status).toBe(404);
    const empty = await postForm(staff, '/api/desk/appeals/reply/', { appeal_id: appealId, text: '' });
    expect(empty.res.status).toBe(422);
  });
});

describe('orders at the desk', () => {
  it('«Отправить ещё раз»: a manager makes the failed e-mails and SMS due now, the journal has it; an editor without «orders» is refused', async () => {
    // The shared server's mail never fails, so the count is whatever failed (none); what fails and comes back is message-outbox.test.ts.
    const r = await staff.post('/api/desk/messages/retry/', {});
    expect(r.res.status).toBe(200);
    expect(r.body.data).toEqual({ count: 0 });
    const log = await (await staff.raw('/desk/log/')).text();
    expect(log).toContain('повторная отправка писем и SMS');
    expect(log).toContain('Писем и SMS поставлено на отправку: 0');
    const editor = await signedIn(acc.editor.email);
    const refused = await editor.post('/api/desk/messages/retry/', {});
    expect(refused.res.status).toBe(403);
    expect(refused.body.errors[0].message).toMatch(/[а-я]/);
  });

  it('ready for pickup: history, the owner’s notification and e-mail, the journal', async () => {
    // The set's retail pickup order in «Собирается» (the desk lists every customer's orders: this file moves only its own).
    const picking = (await deskOrders('picking', acc.orders.retailPicking)).find((o) => o.from === 'picking' && o.number === acc.orders.retailPicking)!;
    const mailsBefore = new Set(outboxFiles().map((f) => f.name));
    const { body } = await staff.post('/api/desk/orders/setStatus/', { id: picking.id, from: 'picking', status: 'ready', comment: 'Собран, ждёт на складе' });
    expect(body.data).toMatchObject({ id: picking.id, from: 'picking', to: 'ready' });
    const html = await (await staff.raw(`/desk/orders/?q=${encodeURIComponent(picking.number)}`)).text();
    expect(html).toContain(`Готов к выдаче · ${acc.staff.name} · «Собран, ждёт на складе»`);
    await messagesSent();
    const mail = outboxFiles().filter((f) => !mailsBefore.has(f.name)).map((f) => f.json).find((m) => m.subject?.includes(picking.number));
    expect(mail.subject).toBe(`Заказ ${picking.number}: готов к выдаче`);
    // The order's own page lists that e-mail, to whom and that it went out.
    const one = await (await staff.raw(`/desk/orders/${encodeURIComponent(picking.number)}/`)).text();
    const listed = /data-testid="desk-order-messages"[\s\S]*?<\/ul>/.exec(one)?.[0] ?? '';
    expect(listed).toContain(`E-mail → ${acc.retail.email}`);
    expect(listed).toContain(`«Заказ ${picking.number}: готов к выдаче»`);
    expect(listed).toContain('Отправлено');
    const log = await (await staff.raw('/desk/log/')).text();
    expect(log).toContain(`Заказ ${picking.number}`);
    expect(log).toContain('Собирается → Готов к выдаче');
  });

  it('a stale "from", a move that is not allowed, bad input and an unknown order are refused', async () => {
    const ready = (await deskOrders('ready', acc.orders.adminReady)).find((o) => o.number === acc.orders.adminReady)!;
    const stale = await staff.post('/api/desk/orders/setStatus/', { id: ready.id, from: 'picking', status: 'ready' });
    expect(stale.res.status).toBe(409);
    const jump = await staff.post('/api/desk/orders/setStatus/', { id: ready.id, from: 'ready', status: 'new' });
    expect(jump.res.status).toBe(409);
    expect(jump.body.errors[0]!.message).toBe('Заказ нельзя перевести в этот статус');
    const bad = await staff.post('/api/desk/orders/setStatus/', { id: 'x', from: 'ready', status: 'flying' });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors.map((e) => e.field).sort()).toEqual(['id', 'status']);
    const missing = await staff.post('/api/desk/orders/setStatus/', { id: 1_999_999, from: 'new', status: 'confirmed' });
    expect(missing.res.status).toBe(404);
    // Still «ready» (by its number: the list's first page holds only the newest of every set's ready orders).
    expect((await deskOrders('ready', acc.orders.adminReady)).some((o) => o.id === ready.id)).toBe(true);
  });

  it('one order\'s page: what the buyer sees, the account and company behind it, 1C\'s state, and a move that comes back to it', async () => {
    const number = acc.orders.adminNew;
    const url = `/desk/orders/${encodeURIComponent(number)}/`;
    const list = await (await staff.raw(`/desk/orders/?q=${encodeURIComponent(number)}`)).text();
    expect(list).toContain(`href="${url}"`);
    const page = await staff.raw(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain(`Заказ ${number}`);
    expect(html).toMatch(/data-testid="desk-order-status">Новый</);
    expect(text).toContain(`${acc.admin.name}, ${acc.admin.email}`);
    expect(text).toContain(`${acc.company.name}, УНП ${acc.company.unp}`);
    expect(html.match(/data-testid="order-line"/g)?.length ?? 0).toBeGreaterThan(0);
    expect(html).toMatch(/data-testid="desk-order-1c">Ещё не забран 1С</);
    const id = /name="id" value="(\d+)"/.exec(html)![1]!;
    const moved = await staff.raw('/api/desk/orders/setStatus/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: base() },
      body: new URLSearchParams({ id, from: 'new', status: 'confirmed', comment: 'Проверено по телефону', back: url }),
    });
    expect([moved.status, moved.headers.get('location')]).toEqual([303, url]);
    const after = await (await staff.raw(url)).text();
    expect(after).toMatch(/data-testid="desk-order-status">Подтверждён</);
    expect(after).toContain('Статус заказа изменён, клиент уведомлён');
    expect(after).toContain('«Проверено по телефону»');
  });

  it('one order\'s page is staff\'s only: the buyer himself gets 403, a guest is sent to log in, an unknown number is 404', async () => {
    const url = `/desk/orders/${encodeURIComponent(acc.orders.retailPicking)}/`;
    expect((await client.raw(url)).status).toBe(403);
    const guest = await new Visitor().raw(url);
    expect([guest.status, guest.headers.get('location')]).toEqual([302, `/login/?backurl=${encodeURIComponent(url)}`]);
    expect((await staff.raw(`/desk/orders/${encodeURIComponent('ИН-0')}/`)).status).toBe(404);
    expect((await staff.raw('/desk/orders/%3Cscript%3E/')).status).toBe(404);
  });

  it('finds orders the way a caller names them: the phone in any spelling, the e-mail, the company\'s УНП', async () => {
    const numbers = async (q: string) => [...(await (await staff.raw(`/desk/orders/?q=${encodeURIComponent(q)}`)).text()).matchAll(/<b>(ИН-\d+)<\/b>/g)].map((m) => m[1]!).sort();
    const plan = fixtureOrderPlan(acc);
    const of = (who: (typeof plan)[number]['who'] | 'company') => plan.filter((o) => (who === 'company' ? o.company : o.who === who)).map((o) => o.number).sort();
    const nine = acc.admin.phone.replace(/\D/g, '').slice(-9);
    expect(await numbers(`(${nine.slice(0, 2)}) ${nine.slice(2, 5)} ${nine.slice(5, 7)}-${nine.slice(7)}`)).toEqual(of('admin'));
    expect(await numbers(acc.retail.email.toUpperCase())).toEqual(of('retail'));
    expect(await numbers(acc.company.unp)).toEqual(of('company'));
    // Four digits are too few to mean a phone: no order of the set is found by them alone.
    expect((await numbers(nine.slice(-4))).filter((n) => of('admin').includes(n))).toEqual([]);
  });

  it('«Выгрузить в Excel»: the filtered orders, every page, read back by another library; a period; bad input and strangers refused', async () => {
    const sheet = async (query: Record<string, string>) => {
      const res = await staff.raw(`/web/desk/orders/export/?${new URLSearchParams(query)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
      const ws = wb.getWorksheet('Заказы')!;
      const rows: unknown[][] = [];
      ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const list = await (await staff.raw(`/desk/orders/?q=${acc.company.unp}`)).text();
    expect(list).toContain(`href="/web/desk/orders/export/?status=&amp;q=${acc.company.unp}&amp;from=&amp;to="`);
    const [head, ...rows] = await sheet({ q: acc.company.unp });
    expect(head!.slice(0, 3)).toEqual(['Номер', 'Дата', 'Статус']);
    const plan = fixtureOrderPlan(acc).filter((o) => o.company);
    expect(rows.map((r) => r[0]).sort()).toEqual(plan.map((o) => o.number).sort());
    // The sums are the orders' own, as their buyer's company sees them.
    const mine = (await (await signedIn(acc.admin.email)).get('/web/profile/orders/?filter=all&page_size=50')).body.data.orders as { order_number: string; total: number; created_at: string }[];
    for (const r of rows) {
      expect(r[5]).toBe(acc.company.name);
      expect(r[6]).toBe(acc.company.unp);
      expect(r[12]).toBe(mine.find((o) => o.order_number === r[0])!.total);
    }
    // A period of one Minsk day: that day's orders only.
    const newest = mine.find((o) => o.order_number === acc.orders.adminNew)!;
    const day = new Date(new Date(newest.created_at).getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
    const [, ...ofDay] = await sheet({ q: acc.company.unp, from: day, to: day });
    expect(ofDay.map((r) => r[0])).toContain(acc.orders.adminNew);
    for (const r of ofDay) expect((r[1] as Date).toISOString().slice(0, 10)).toBe(day);
    expect(await sheet({ q: acc.company.unp, from: '2001-01-01', to: '2001-01-31' })).toHaveLength(1);

    const bad = await staff.get('/web/desk/orders/export/?from=2026-02-30');
    expect([bad.res.status, bad.body.errors[0]!.message]).toEqual([422, 'Период с: укажите дату в виде ГГГГ-ММ-ДД']);
    const backwards = await staff.get('/web/desk/orders/export/?from=2026-03-02&to=2026-03-01');
    expect([backwards.res.status, backwards.body.errors[0]!.message]).toEqual([422, 'Период по: не раньше даты начала']);
    const customer = await client.get('/web/desk/orders/export/');
    expect(customer.res.status).toBe(403);
    const guest = await new Visitor().get('/web/desk/orders/export/');
    expect([guest.res.status, guest.body.errors[0]!.code]).toEqual([401, 101]);
  });

  it('a plain form post comes back to the same place in the list', async () => {
    const order = (await deskOrders('new', acc.orders.retailNew)).find((o) => o.number === acc.orders.retailNew)!;
    const res = await staff.raw('/api/desk/orders/setStatus/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: base() },
      body: new URLSearchParams({ id: String(order.id), from: 'new', status: 'confirmed', comment: '', back: `/desk/orders/?status=new#o${order.id}` }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/desk/orders/?status=new#o${order.id}`);
    expect(await (await staff.raw('/desk/orders/?status=new')).text()).toContain('Статус заказа изменён, клиент уведомлён');
  });
});

describe('announcements', () => {
  it('refuses an external link and empty fields', async () => {
    const { res, body } = await staff.post('/api/desk/announcements/add/', { title: '', text: 'x', href: 'https://evil.example/' });
    expect(res.status).toBe(422);
    const byField = Object.fromEntries(body.errors.map((e) => [e.field, e.message]));
    expect(byField.title).toBe('Заголовок: обязательное поле');
    expect(byField.href).toMatch(/^Ссылка: укажите адрес страницы этого сайта/);
    expect((await staff.post('/api/desk/announcements/end/', { id: 1_999_999 })).res.status).toBe(404);
  });
});
