/**
 * Requests (appeals) over HTTP against the built server: types and their forms, a request linked to
 * an order and a product with files, the thread, closing/reopening, ratings, the guarded file route,
 * bad input and attachments in disguise, and ownership (another user's and another company's ids).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from '../helpers/http';
import { jpeg, pdf, postForm, signedIn, type Upload } from '../helpers/requests';
import { fixture } from '../helpers/fixtures';
import { fixtureOrderPlan } from '../../src/server/seed/fixture-sets';

/** This file's own accounts (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('requests');

let foreman: Visitor; // company employee (the set's ООО «СтройМонтаж requests»)
let admin: Visitor; // the company's admin
let retail: Visitor; // a retail customer: no company — "another company" for the tests
let staff: Visitor;
let order: { id: number; number: string; items: { product_id: number; name: string }[] };
let foremanAppeal: number;
let photoId: number;

async function typesOf(v: Visitor) {
  const { body } = await v.get('/web/personal/appeals/getTypesList/');
  return body.data as { types: { code: string; fields: { key: string; kind: string; required?: boolean }[] }[]; orders: typeof order[] };
}

beforeAll(async () => {
  [foreman, admin, retail, staff] = await Promise.all([signedIn(acc.employee.email), signedIn(acc.admin.email), signedIn(acc.retail.email), signedIn(acc.staff.email)]);
  const { orders } = await typesOf(foreman);
  order = orders.find((o) => o.items.length >= 2)!;
});

describe('types: GET /web/personal/appeals/getTypesList/', () => {
  it('needs a session (error 101)', async () => {
    const { res, body } = await new Visitor().get('/web/personal/appeals/getTypesList/');
    expect(res.status).toBe(401);
    expect(body.errors[0]!.code).toBe(101);
  });

  it('lists the seven types with their own fields, and only my orders for the pickers', async () => {
    const data = await typesOf(foreman);
    expect(data.types.map((t) => t.code)).toEqual(['order', 'delivery', 'return', 'warranty', 'quality', 'documents', 'other']);
    const warranty = data.types.find((t) => t.code === 'warranty')!;
    expect(warranty.fields.map((f) => `${f.key}:${f.kind}`)).toEqual(['order:order', 'product:product', 'serial:text', 'message:message', 'photos:files']);
    // The foreman's own orders (exactly the set's seeded ones: no other file orders as them), not the company's.
    expect(data.orders.map((o) => o.number).sort()).toEqual(fixtureOrderPlan(acc).filter((o) => o.who === 'employee').map((o) => o.number).sort());
    expect(data.orders.length).toBeLessThan((await typesOf(admin)).orders.length);
    const adminOrders = (await typesOf(admin)).orders.map((o) => o.number);
    expect(adminOrders).toEqual(expect.arrayContaining(data.orders.map((o) => o.number))); // the admin sees company orders
    const retailOrders = (await typesOf(retail)).orders.map((o) => o.number);
    expect(retailOrders.some((n) => data.orders.some((o) => o.number === n))).toBe(false);
  });
});

describe('a new request: POST /api/appeals/add/', () => {
  it('a warranty request linked to a product of my past order, with a photo', async () => {
    const product = order.items[1]!;
    const photo = await jpeg(3000, 2000);
    const { res, body } = await postForm(foreman, '/api/appeals/add/', { type: 'warranty', order: order.id, product: product.product_id, serial: 'SN 4471-22', message: 'Перестал включаться через месяц.' }, [photo, pdf('чек.pdf')]);
    expect(res.status).toBe(200);
    foremanAppeal = body!.data.id;
    const { body: got } = await foreman.get(`/web/personal/appeal/${foremanAppeal}/`);
    const a = got.data.appeal;
    expect(a).toMatchObject({ status: 'open', type: { code: 'warranty' }, order: { number: order.number }, product: { id: product.product_id, name: product.name } });
    expect(a.subject).toContain(product.name);
    expect(a.fields).toEqual([{ label: 'Серийный номер', value: 'SN 4471-22' }]);
    const [msg] = got.data.messages;
    expect(msg.text).toBe('Перестал включаться через месяц.');
    expect(msg.attachments.map((f: { name: string; mime: string }) => [f.name, f.mime])).toEqual([
      ['фото шильдика.jpg', 'image/jpeg'],
      ['чек.pdf', 'application/pdf'],
    ]);
    photoId = msg.attachments[0].id;
    // The stored photo is re-encoded: upright, at most 2560 px, no EXIF left.
    const file = await foreman.raw(msg.attachments[0].url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.includes('GPS-Leaker')).toBe(false);
    const sharp = (await import('sharp')).default;
    expect((await sharp(bytes).metadata()).width).toBe(2560);
    const doc = await foreman.raw(msg.attachments[1].url);
    expect(doc.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('shows up in my list, newest activity first', async () => {
    const { body } = await foreman.get('/web/personal/appeals/?status=open');
    expect(body.data.appeals[0]).toMatchObject({ id: foremanAppeal, status: 'open', order_number: order.number, author: null, unread: 0 });
    expect(body.data.page_navigation).toMatchObject({ page: 1, page_size: 20 });
    const closed = await foreman.get('/web/personal/appeals/?status=closed');
    expect(closed.body.data.appeals.some((a: { id: number }) => a.id === foremanAppeal)).toBe(false);
    const bad = await foreman.get('/web/personal/appeals/?status=nope&page=0');
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors.map((e) => e.message).sort()).toEqual(['Статус: выберите одно из предложенных значений', 'Страница: не меньше 1']);
  });

  it('refuses missing and wrong fields, naming them in Russian', async () => {
    const { res, body } = await postForm(foreman, '/api/appeals/add/', { type: 'return', order: order.id, want: 'steal', message: '' });
    expect(res.status).toBe(422);
    const byField = Object.fromEntries(body!.errors.map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({ product: 'Товар из заказа: выберите из списка', want: 'Что вы хотите: выберите из списка', reason: 'Причина: выберите из списка', message: 'Подробности: обязательное поле' });
    const unknown = await postForm(foreman, '/api/appeals/add/', { type: 'nope', message: 'x' });
    expect(unknown.res.status).toBe(422);
    expect(unknown.body!.errors[0]).toMatchObject({ field: 'type', message: 'Тема обращения: выберите из списка' });
    const quality = await postForm(foreman, '/api/appeals/add/', { type: 'quality', order: order.id, product: order.items[0]!.product_id, message: 'Скол на корпусе' });
    expect(quality.body!.errors[0]).toMatchObject({ field: 'files', message: 'Фото дефекта: приложите хотя бы один файл' });
  });

  it('refuses another user’s order and a product that is not in the order', async () => {
    const retailOrder = (await typesOf(retail)).orders[0]!;
    const foreign = await postForm(foreman, '/api/appeals/add/', { type: 'order', order: retailOrder.id, message: 'Где мой заказ?' });
    expect(foreign.res.status).toBe(422);
    expect(foreign.body!.errors[0]!.field).toBe('order');
    const elsewhere = retailOrder.items.find((i) => !order.items.some((o) => o.product_id === i.product_id))!;
    const notInOrder = await postForm(foreman, '/api/appeals/add/', { type: 'warranty', order: order.id, product: elsewhere.product_id, message: 'Сломался' });
    expect(notInOrder.res.status).toBe(422);
    expect(notInOrder.body!.errors[0]!.field).toBe('product');
    // Neither refused call left a request behind (only these calls' kinds count: the employee's other
    // requests of this file are not these calls').
    const { body } = await foreman.get('/web/personal/appeals/');
    expect(body.data.appeals.filter((a: { id: number; type: { code: string } }) => a.id > foremanAppeal && ['order', 'warranty'].includes(a.type.code))).toEqual([]);
  });
});

describe('attachments are checked by content', () => {
  const send = (files: Upload[]) => postForm(foreman, '/api/appealsMessage/add/', { appeal_id: foremanAppeal, text: 'Ещё фото' }, files);

  it('a text file named .jpg is refused (415), nothing is stored', async () => {
    const before = (await foreman.get(`/web/personal/appeal/${foremanAppeal}/`)).body.data.messages.length;
    const { res, body } = await send([{ name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('<?php system($_GET["c"]); ?>') }]);
    expect(res.status).toBe(415);
    expect(body!.errors[0]).toMatchObject({ field: 'files', message: 'Файл «photo.jpg» — не фото и не PDF. Подойдут JPG, PNG, WebP или PDF.' });
    const exe = await send([{ name: 'scan.pdf', type: 'application/pdf', bytes: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]) }]);
    expect(exe.res.status).toBe(415);
    expect((await foreman.get(`/web/personal/appeal/${foremanAppeal}/`)).body.data.messages.length).toBe(before);
  });

  it('a file that only starts like a JPEG is refused as damaged', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), Buffer.alloc(500, 7)]);
    const { res, body } = await send([{ name: 'broken.jpg', type: 'image/jpeg', bytes: fake }]);
    expect(res.status).toBe(422);
    expect(body!.errors[0]!.message).toContain('повреждён');
  });

  it('a 59-megapixel PNG is refused before it is decoded (413, issue 28 #9), nothing is stored', async () => {
    const sharp = (await import('sharp')).default;
    const huge = await sharp({ create: { width: 7700, height: 7700, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    const before = (await foreman.get(`/web/personal/appeal/${foremanAppeal}/`)).body.data.messages.length;
    const { res, body } = await send([{ name: 'scan.png', type: 'image/png', bytes: huge }]);
    expect(res.status).toBe(413);
    expect(body!.errors[0]!.message).toBe('Фото «scan.png»: 59 Мп — слишком большое, можно не больше 52 Мп. Уменьшите его и приложите ещё раз.');
    expect((await foreman.get(`/web/personal/appeal/${foremanAppeal}/`)).body.data.messages.length).toBe(before);
  });

  it('over 10 MB is refused (413); more than five files are refused', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 32)]);
    const { res, body } = await send([{ name: 'big.pdf', type: 'application/pdf', bytes: big }]);
    expect(res.status).toBe(413);
    expect(body!.errors[0]!.message).toBe('Файл «big.pdf» больше 10 МБ. Уменьшите фото или отправьте частями.');
    const six = await send(Array.from({ length: 6 }, (_, i) => pdf(`d${i}.pdf`)));
    expect(six.res.status).toBe(422);
    expect(six.body!.errors[0]!.message).toBe('Файлы: не больше 5 за один раз');
  });
});

describe('the thread: messages, status, ratings', () => {
  it('POST /api/appealsMessage/add/ as JSON; empty text is refused', async () => {
    const { body } = await foreman.post('/api/appealsMessage/add/', { appeal_id: foremanAppeal, text: 'Серийный номер уточнил.' });
    expect(body.status).toBe('success');
    const empty = await foreman.post('/api/appealsMessage/add/', { appeal_id: foremanAppeal, text: '   ' });
    expect(empty.res.status).toBe(422);
    expect(empty.body.errors[0]).toMatchObject({ field: 'text', message: 'Сообщение: обязательное поле' });
    const badId = await foreman.post('/api/appealsMessage/add/', { appeal_id: 'abc', text: 'x' });
    expect(badId.res.status).toBe(422);
    expect(badId.body.errors[0]!.message).toMatch(/^Обращение: /);
  });

  it('rating before the store answered is refused; after a staff answer both ratings work', async () => {
    const early = await foreman.post('/api/appeals/setRating/', { id: foremanAppeal, rating: 5 });
    expect(early.res.status).toBe(409);
    const own = (await foreman.get(`/web/personal/appeal/${foremanAppeal}/`)).body.data.messages[0];
    const rateOwn = await foreman.post('/api/appealsMessage/setRating/', { id: own.id, rating: 5 });
    expect(rateOwn.res.status).toBe(404); // only the store's answers are rated
    await postForm(staff, '/api/desk/appeals/reply/', { appeal_id: foremanAppeal, text: 'Принесите инструмент в сервис.' });
    const detail = (await foreman.get(`/web/personal/appeal/${foremanAppeal}/`)).body.data;
    expect(detail.appeal.first_answer_at).toBeTruthy();
    expect(detail.appeal.status).toBe('in_progress');
    const answer = detail.messages.find((m: { from_staff: boolean }) => m.from_staff);
    expect((await foreman.post('/api/appealsMessage/setRating/', { id: answer.id, rating: 4 })).body.data.rating).toBe(4);
    expect((await foreman.post('/api/appeals/setRating/', { id: foremanAppeal, rating: 5 })).body.data.rating).toBe(5);
    const bad = await foreman.post('/api/appeals/setRating/', { id: foremanAppeal, rating: 6 });
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors[0]!.message).toBe('Оценка: не больше 5');
  });

  it('close and reopen: resolution time recorded and cleared; a closed request takes no messages', async () => {
    const closed = await foreman.post('/api/appeals/setStatus/', { id: foremanAppeal, status: 'closed' });
    expect(closed.body.data).toMatchObject({ status: 'closed', changed: true });
    let a = (await foreman.get(`/web/personal/appeal/${foremanAppeal}/`)).body.data;
    expect(a.appeal.resolved_at).toBeTruthy();
    expect(a.appeal.can).toMatchObject({ reply: false, reopen: true });
    expect(a.messages.at(-1)).toMatchObject({ event: 'closed', text: 'Клиент закрыл обращение' });
    const write = await foreman.post('/api/appealsMessage/add/', { appeal_id: foremanAppeal, text: 'ещё' });
    expect(write.res.status).toBe(409);
    const bad = await foreman.post('/api/appeals/setStatus/', { id: foremanAppeal, status: 'in_progress' });
    expect(bad.res.status).toBe(422);
    await foreman.post('/api/appeals/setStatus/', { id: foremanAppeal, status: 'open' });
    a = (await foreman.get(`/web/personal/appeal/${foremanAppeal}/`)).body.data;
    expect(a.appeal).toMatchObject({ status: 'open', resolved_at: null });
  });
});

describe('ownership: another user’s and another company’s request', () => {
  it('a retail customer (another company) gets 404 for every call and changes nothing', async () => {
    const before = (await foreman.get(`/web/personal/appeal/${foremanAppeal}/`)).body.data;
    const staffMsg = before.messages.find((m: { from_staff: boolean }) => m.from_staff);
    const calls = [
      await retail.get(`/web/personal/appeal/${foremanAppeal}/`),
      await retail.post('/api/appealsMessage/add/', { appeal_id: foremanAppeal, text: 'чужое' }),
      await retail.post('/api/appeals/setStatus/', { id: foremanAppeal, status: 'closed' }),
      await retail.post('/api/appeals/setRating/', { id: foremanAppeal, rating: 1 }),
      await retail.post('/api/appealsMessage/setRating/', { id: staffMsg.id, rating: 1 }),
    ];
    for (const c of calls) expect([c.res.status, c.body.errors[0]!.code]).toEqual([404, 104]);
    expect((await retail.raw(`/personal/requests/files/${photoId}/`)).status).toBe(404);
    expect((await retail.raw(`/personal/requests/${foremanAppeal}/`)).status).toBe(404);
    const after = (await foreman.get(`/web/personal/appeal/${foremanAppeal}/`)).body.data;
    expect(after.appeal).toMatchObject({ status: before.appeal.status, rating: before.appeal.rating });
    expect(after.messages.length).toBe(before.messages.length);
    expect(after.messages.find((m: { id: number }) => m.id === staffMsg.id).rating).toBe(staffMsg.rating);
    expect((await retail.get('/web/personal/appeals/')).body.data.appeals.some((a: { id: number }) => a.id === foremanAppeal)).toBe(false);
  });

  it('the company admin sees the employee’s request and its files; the employee does not see the admin’s', async () => {
    const seen = await admin.get(`/web/personal/appeal/${foremanAppeal}/`);
    expect(seen.res.status).toBe(200);
    expect(seen.body.data.appeal.author.name).toBe(acc.employee.name);
    expect((await admin.raw(`/personal/requests/files/${photoId}/`)).status).toBe(200);
    const listed = (await admin.get('/web/personal/appeals/')).body.data.appeals.find((a: { id: number }) => a.id === foremanAppeal);
    expect(listed.author).toBe(acc.employee.name);
    const own = await postForm(admin, '/api/appeals/add/', { type: 'documents', doc_kind: 'reconciliation', period: 'III квартал', message: 'Нужен акт сверки' });
    const adminAppeal = own.body!.data.id;
    expect((await foreman.get(`/web/personal/appeal/${adminAppeal}/`)).res.status).toBe(404);
    expect((await foreman.post('/api/appeals/setStatus/', { id: adminAppeal, status: 'closed' })).res.status).toBe(404);
    expect((await admin.get(`/web/personal/appeal/${adminAppeal}/`)).body.data.appeal.status).toBe('open');
  });

  it('staff reach any file; guests are sent to log in', async () => {
    expect((await staff.raw(`/personal/requests/files/${photoId}/`)).status).toBe(200);
    expect((await new Visitor().raw(`/personal/requests/files/${photoId}/`)).status).toBe(302);
    expect((await new Visitor().post('/api/appeals/add/', { type: 'other' })).res.status).toBe(401);
  });
});

describe('plain forms without JavaScript', () => {
  it('an error comes back to the form with the message and what was typed', async () => {
    const { res } = await postForm(foreman, '/api/appeals/add/', { type: 'other', subject: 'Счёт', message: '' }, [], true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/personal/requests/new/other/');
    const page = await (await foreman.raw('/personal/requests/new/other/')).text();
    expect(page).toContain('Сообщение: обязательное поле');
    expect(page).toContain('value="Счёт"');
    // The note is shown once.
    expect(await (await foreman.raw('/personal/requests/new/other/')).text()).not.toContain('Сообщение: обязательное поле');
  });

  it('success goes to the new request’s page', async () => {
    const { res } = await postForm(foreman, '/api/appeals/add/', { type: 'other', subject: 'Вопрос', message: 'Есть ли доставка в Брест?' }, [], true);
    expect(res.status).toBe(303);
    const to = res.headers.get('location')!;
    expect(to).toMatch(/^\/personal\/requests\/\d+\/$/);
    const page = await (await foreman.raw(to)).text();
    expect(page).toContain('Есть ли доставка в Брест?');
    expect(page).toContain('Обращение отправлено');
  });
});
