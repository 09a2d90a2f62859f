/**
 * Notifications over HTTP: the list (unread first), reading, deleting and clearing, broadcasts read
 * and deleted per user, the date-limited type hidden after its date, the header count, and another
 * user's ids refused without changing anything.
 */
import { freshCustomer } from '../helpers/accounts';
import { clearOfTimesOfDay, MINSK_MIDNIGHT_UTC } from '../helpers/clock';
import { beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from '../helpers/http';
import { postForm, signedIn } from '../helpers/requests';
import { fixture } from '../helpers/fixtures';

/** This file's own employee and staff member (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('notifications');

type Item = { id: number; title: string; read: boolean; broadcast: boolean; href: string | null; date_end: string | null };

let client: Visitor;
let other: Visitor;
let staff: Visitor;

const list = async (v: Visitor, q = '') => (await v.get(`/web/notifications/${q}`)).body.data as { items: Item[]; unread: number; page_navigation: { total: number } };
const count = async (v: Visitor) => (await v.get('/api/header/notification/')).body.data.unread as number;

/** A personal notification for `v`'s owner: a staff reply to a request they open. */
async function replyTo(v: Visitor, text: string): Promise<Item> {
  const created = await postForm(v, '/api/appeals/add/', { type: 'other', subject: `Тест ${text}`, message: 'Вопрос' });
  await postForm(staff, '/api/desk/appeals/reply/', { appeal_id: created.body!.data.id, text });
  return (await list(v)).items.find((n) => n.href === `/personal/requests/${created.body!.data.id}/`)!;
}

beforeAll(async () => {
  // The customer is this file's own, registered afresh: no notification of any seeded history, and counts must add up.
  const me = await freshCustomer();
  client = new Visitor();
  const login = await client.post('/api/authentication/', { login: me.email, password: me.password });
  if (login.body.status !== 'success') throw new Error(JSON.stringify(login.body.errors));
  [other, staff] = await Promise.all([signedIn(acc.employee.email), signedIn(acc.staff.email)]);
});

describe('GET web/notifications/ and api/header/notification/', () => {
  it('need a session (error 101)', async () => {
    for (const path of ['/web/notifications/', '/api/header/notification/']) {
      const { res, body } = await new Visitor().get(path);
      expect(res.status).toBe(401);
      expect(body.errors[0]!.code).toBe(101);
    }
  });

  it('unread first, then newest; the header counts the unread', async () => {
    const n = await replyTo(client, 'Первый ответ');
    await client.post('/api/notifications/read/', { id: n.id });
    await replyTo(client, 'Второй ответ');
    const { items, unread } = await list(client);
    const firstRead = items.findIndex((i) => i.read);
    expect(firstRead).toBeGreaterThan(0);
    expect(items.slice(firstRead).every((i) => i.read)).toBe(true);
    expect(unread).toBe(items.filter((i) => !i.read).length);
    expect(await count(client)).toBe(unread);
    expect(items.find((i) => i.id === n.id)!.read).toBe(true);
  });

  it('pages: page_size and page; bad values are refused in Russian', async () => {
    const { body } = await client.get('/web/notifications/?page_size=1&page=2');
    expect(body.data.items).toHaveLength(1);
    expect(body.data.page_navigation).toMatchObject({ page: 2, page_size: 1 });
    const bad = await client.get('/web/notifications/?page_size=500');
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors[0]!.message).toBe('Размер страницы: не больше 50');
  });
});

describe('reading, deleting, clearing', () => {
  it('POST api/notifications/read/: one, then all; nothing named is a 422', async () => {
    const n = await replyTo(client, 'Для чтения');
    const before = await count(client);
    const { body } = await client.post('/api/notifications/read/', { id: n.id });
    expect(body.data.id).toBe(n.id);
    // Other test files may notify this user meanwhile; without them the count is exactly one less.
    expect(body.data.unread).toBeLessThanOrEqual(before);
    expect((await list(client, '?page_size=50')).items.find((i) => i.id === n.id)?.read).toBe(true);
    const unreadIds = (await list(client, '?page_size=50')).items.filter((i) => !i.read).map((i) => i.id);
    expect(unreadIds.length).toBeGreaterThan(0);
    const all = await client.post('/api/notifications/read/', { all: 'Y' });
    expect(all.body.data.read).toBeGreaterThanOrEqual(unreadIds.length); // other test files may notify this user meanwhile
    const after = (await list(client, '?page_size=50')).items;
    expect(after.filter((i) => unreadIds.includes(i.id)).every((i) => i.read)).toBe(true);
    const none = await client.post('/api/notifications/read/', {});
    expect(none.res.status).toBe(422);
    expect(none.body.errors[0]).toMatchObject({ field: 'id', message: 'Идентификатор: обязательное поле' });
  });

  it('another user’s notification id: 404 for read and delete, and it stays as it was', async () => {
    const theirs = await replyTo(other, 'Чужое уведомление');
    expect(theirs.read).toBe(false);
    const read = await client.post('/api/notifications/read/', { id: theirs.id });
    const del = await client.post('/web/notifications/delete/', { id: theirs.id });
    expect([read.res.status, del.res.status]).toEqual([404, 404]);
    expect(read.body.errors[0]!.message).toBe('Уведомление не найдено');
    const still = (await list(other)).items.find((i) => i.id === theirs.id);
    expect(still).toMatchObject({ read: false });
    const unknown = await client.post('/web/notifications/delete/', { id: 2_000_000_000 });
    expect(unknown.res.status).toBe(404);
  });

  it('a broadcast is read and deleted for me only', async () => {
    const added = await staff.post('/api/desk/announcements/add/', { title: 'Новый филиал в Бресте', text: 'Открылись на ул. Московской, 202.', href: '/filial/' });
    const id = added.body.data.id;
    expect((await list(client)).items.find((i) => i.id === id)).toMatchObject({ broadcast: true, read: false, href: '/filial/' });
    await client.post('/api/notifications/read/', { id });
    expect((await list(other)).items.find((i) => i.id === id)!.read).toBe(false);
    const del = await client.post('/web/notifications/delete/', { id });
    expect(del.body.status).toBe('success');
    expect((await list(client)).items.some((i) => i.id === id)).toBe(false);
    expect((await list(other)).items.some((i) => i.id === id)).toBe(true);
    expect((await client.post('/web/notifications/delete/', { id })).res.status).toBe(404);
  });

  it('POST web/notifications/clear/ empties my list only', async () => {
    await replyTo(client, 'Перед очисткой');
    const mine = (await list(client, '?page_size=50')).items.map((i) => i.id);
    const othersBefore = (await list(other, '?page_size=50')).items.map((i) => i.id);
    const { body } = await client.post('/web/notifications/clear/');
    expect(body.data.cleared).toBeGreaterThanOrEqual(mine.length); // other test files may notify this user meanwhile
    expect((await list(client, '?page_size=50')).items.filter((i) => mine.includes(i.id))).toEqual([]);
    expect((await list(other, '?page_size=50')).items.map((i) => i.id)).toEqual(expect.arrayContaining(othersBefore));
  });
});

describe('the date-limited type (data.date_end)', () => {
  it('is shown until its date and hidden after it: not listed, not counted, not readable', async () => {
    // "Today" in Minsk, and shown until its end: not across Minsk's midnight.
    await clearOfTimesOfDay([MINSK_MIDNIGHT_UTC], 30_000);
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const added = await staff.post('/api/desk/announcements/add/', { title: 'Скидка до конца дня', text: '−10% на диски', date_end: today });
    const id = added.body.data.id;
    // Counted for this file's freshly registered customer: no seeded notification or order of theirs moves the count.
    const shown = (await list(client)).items.find((i) => i.id === id)!;
    expect(shown.date_end).toBe(new Date(`${today}T23:59:59.999+03:00`).toISOString());
    const before = await count(client);
    await staff.post('/api/desk/announcements/end/', { id }); // its date_end is now in the past
    expect((await list(client)).items.some((i) => i.id === id)).toBe(false);
    expect(await count(client)).toBe(before - 1);
    expect((await client.post('/api/notifications/read/', { id })).res.status).toBe(404);
    expect((await client.post('/web/notifications/delete/', { id })).res.status).toBe(404);
    expect((await list(other)).items.some((i) => i.id === id)).toBe(false);
  }, 120_000);

  it('an end date in the past is refused', async () => {
    const { res, body } = await staff.post('/api/desk/announcements/add/', { title: 'Старое', text: 'x', date_end: '2020-01-01' });
    expect(res.status).toBe(422);
    expect(body.errors[0]).toMatchObject({ field: 'date_end', message: 'Показывать до: укажите дату не раньше сегодняшней' });
  });
});

describe('the notifications page works without JavaScript', () => {
  it('mark read and delete are form posts that come back to the page', async () => {
    const n = await replyTo(client, 'Для страницы');
    let html = await (await client.raw('/personal/notifications/')).text();
    expect(html).toContain('Для страницы');
    const res = await client.raw('/api/notifications/read/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: (await import('../helpers/http')).base() },
      body: new URLSearchParams({ id: String(n.id), back: '/personal/notifications/' }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/personal/notifications/');
    html = await (await client.raw('/personal/notifications/')).text();
    expect(html).toContain('Отмечено прочитанным');
    expect((await list(client)).items.find((i) => i.id === n.id)!.read).toBe(true);
  });
});
