/**
 * A store administrator sets the employees' desk permissions (issue 25): /desk/staff/ and
 * POST api/desk/staff/setPermissions/ are the administrator's only (guest 101, manager and editor 403);
 * a change holds from the employee's next request and is in the journal; the administrator cannot take
 * `staff` from himself; a customer's or another company's user id is «not found» and changes nothing;
 * the no-JavaScript form answers with a redirect and a flash. Every person here is this file's own set.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { base, Visitor } from '../helpers/http';
import { signedIn } from '../helpers/requests';
import { fixture } from '../helpers/fixtures';

const acc = fixture('staff-permissions');
let director: Visitor;
let manager: Visitor;
let editor: Visitor;

const set = (v: Visitor, user_id: string, permissions: string[]) => v.post('/api/desk/staff/setPermissions/', { user_id, permissions });

beforeAll(async () => {
  [director, manager, editor] = await Promise.all([signedIn(acc.director.email), signedIn(acc.staff.email), signedIn(acc.editor.email)]);
});

describe('staff permissions', () => {
  it('only an administrator reaches the page and the call: a guest gets 101, a manager and an editor 403', async () => {
    const guest = await set(new Visitor(), acc.editor.id, ['content']);
    expect([guest.res.status, guest.body.errors[0].code]).toEqual([401, 101]);
    for (const v of [manager, editor]) {
      const r = await set(v, acc.editor.id, ['content', 'staff']);
      expect([r.res.status, r.body.errors[0].message]).toEqual([403, 'Права сотрудников назначает администратор магазина']);
      expect((await v.raw('/desk/staff/')).status).toBe(403);
    }
    const page = await (await director.raw('/desk/staff/')).text();
    expect(page).toContain(acc.editor.email);
    expect(page).toContain('name="perm_content" checked');
  });

  it('a change holds from the next request and is in the journal', async () => {
    const one = `/desk/orders/${encodeURIComponent(acc.orders.adminNew)}/`;
    expect((await editor.raw('/desk/orders/')).status).toBe(403);
    expect((await editor.raw(one)).status).toBe(403);
    const r = await set(director, acc.editor.id, ['content', 'orders']);
    expect(r.body.data).toEqual({ user_id: acc.editor.id, permissions: ['content', 'orders'] });
    expect((await editor.raw('/desk/orders/')).status).toBe(200);
    expect((await editor.raw(one)).status).toBe(200);
    expect((await set(director, acc.editor.id, ['orders'])).res.status).toBe(200);
    const save = await editor.post('/api/desk/content/save/', { kind: 'page', code: `staff-${Date.now().toString(36)}`, title: 'Страница', preview: 'Описание страницы для поисковиков, не короче двадцати.', body: 'Текст', status: 'draft' });
    expect(save.res.status).toBe(403);
    expect((await set(director, acc.editor.id, ['content'])).res.status).toBe(200);
    expect((await editor.raw('/desk/orders/')).status).toBe(403);
    const log = await (await director.raw('/desk/log/')).text();
    expect(log).toContain(`${acc.editor.name}: Контент`);
    expect(log).toContain('изменены права');
  });

  it('the administrator cannot take `staff` from himself; an unknown permission is refused; nothing changes', async () => {
    const self = await set(director, acc.director.id, ['orders']);
    expect([self.res.status, self.body.errors[0].message]).toEqual([422, 'Права: нельзя снять право администратора с самого себя — попросите другого администратора']);
    expect((await director.raw('/desk/staff/')).status).toBe(200);
    const unknown = await set(director, acc.editor.id, ['content', 'root']);
    expect(unknown.res.status).toBe(422);
    expect(unknown.body.errors[0].message).toMatch(/^Права: /);
    const noUser = await director.post('/api/desk/staff/setPermissions/', { permissions: ['content'] });
    expect([noUser.res.status, noUser.body.errors[0].field]).toEqual([422, 'user_id']);
    expect((await editor.raw('/desk/content/')).status).toBe(200);
  });

  it("a customer's or a contractor company's user id is not found and gets no desk", async () => {
    for (const id of [acc.retail.id, acc.admin.id, acc.employee.id, 'no-such-user']) {
      const r = await set(director, id, ['staff', 'orders']);
      expect([r.res.status, r.body.errors[0].message]).toEqual([404, 'Такого сотрудника магазина нет']);
    }
    const contractor = await signedIn(acc.admin.email);
    expect((await contractor.raw('/desk/')).status).toBe(403);
    expect((await contractor.get('/web/profile/get/')).body.data.user.scope).toContain('isContragentAdmin');
  });

  it('the no-JavaScript form: one checkbox per permission, a redirect back with the flash', async () => {
    const form = new URLSearchParams({ user_id: acc.editor.id, perm_content: 'on', perm_requests: 'on' });
    const res = await director.raw('/api/desk/staff/setPermissions/', { method: 'POST', headers: { origin: base(), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, body: form });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/desk/staff/');
    const page = await (await director.raw('/desk/staff/')).text();
    expect(page).toContain('Права сохранены');
    expect((await editor.raw('/desk/')).status).toBe(200);
    expect((await set(director, acc.editor.id, ['content'])).res.status).toBe(200);
  });
});
