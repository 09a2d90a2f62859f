/**
 * Tasks in search (issue 27), over HTTP against the built server: «чем резать керамогранит» answers from
 * the task's sections with a removable chip, filler does not find batteries «для инструмента»; the desk's
 * calls (api/desk/searchTasks/list|save|remove/) are an editor's — a guest gets 101, a customer and a manager
 * without `content` 403 — reject bad input in Russian with nothing saved, and a saved task is what the
 * search uses on the next query. Tasks made here have names of their own (`it-<run>-…`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { base, Visitor } from '../helpers/http';
import { signedIn } from '../helpers/requests';
import { fixture } from '../helpers/fixtures';
import { TASK_SEED } from '../../src/server/search/task-seed';

const acc = fixture('search-tasks');
const run = Date.now().toString(36);

let editor: Visitor;
let manager: Visitor;
let customer: Visitor;

type Card = { name: string; url: string };
const header = async (query: string) => (await new Visitor().post('/api/searchHeader/', { query })).body.data as { total: number; products: Card[]; categories: { name: string }[]; chips: { name: string; query: string }[] };
const categoriesOf = async (query: string) => (await header(query)).categories.map((c) => c.name);
const tasks = async (q: string) => (await editor.get(`/api/desk/searchTasks/list/?q=${encodeURIComponent(q)}`)).body.data.items as { id: number; name: string; phrases: string[]; sections: { code: string; name: string | null }[]; usable: boolean }[];

beforeAll(async () => {
  [editor, manager, customer] = await Promise.all([signedIn(acc.editor.email), signedIn(acc.staff.email), signedIn(acc.retail.email)]);
});

describe('a task in the query', () => {
  it('«чем резать керамогранит»: diamond discs and grinders only, a chip «задача: резка керамогранита» removes it without script', async () => {
    const r = await header('чем резать керамогранит');
    expect(r.total).toBeGreaterThan(0);
    for (const c of await categoriesOf('чем резать керамогранит')) expect(['Алмазные диски', 'УШМ (болгарки)']).toContain(c);
    expect(r.products[0]!.name).toMatch(/^Диск алмазный/);
    // The header overlay gets the same understanding: each chip's words and the query its removal leaves.
    expect(r.chips).toEqual([{ name: 'задача: резка керамогранита', query: '' }]);
    expect((await header('чем резать керамогранит bosch до 150 р')).chips).toEqual([
      { name: 'до 150 р.', query: 'чем резать керамогранит bosch' },
      { name: 'задача: резка керамогранита', query: 'bosch до 150 р' },
    ]);

    const html = await (await new Visitor().raw(`/search/?q=${encodeURIComponent('Чем резать керамогранит')}`)).text();
    expect(html).toContain('data-chips');
    expect(html).toMatch(/href="\/search\/\?q="[^>]*>задача: резка керамогранита/);
    expect((html.match(/class="card"/g) ?? []).length).toBeGreaterThan(0);
    // Other words stay beside the task, and its chip takes only the task's words away.
    const withBrand = await (await new Visitor().raw(`/search/?q=${encodeURIComponent('чем резать керамогранит bosch')}`)).text();
    expect(withBrand).toMatch(/href="\/search\/\?q=bosch"[^>]*>задача: резка керамогранита/);
  });

  it('«инструмент для штукатурки», «что нужно для укладки ламината»: the job, not «Аккумуляторы для инструмента»', async () => {
    for (const q of ['инструмент для штукатурки', 'что нужно для укладки ламината', 'чем сверлить бетон', 'снять старую краску']) {
      const cats = await categoriesOf(q);
      expect(cats.length, q).toBeGreaterThan(0);
      expect(cats, q).not.toContain('Аккумуляторы для инструмента');
    }
    expect(await categoriesOf('инструмент для штукатурки')).toContain('Дрели-миксеры');
    expect(await categoriesOf('что нужно для укладки ламината')).toContain('Лобзики');
    // Without a task nothing changes: «аккумулятор для инструмента» still finds batteries.
    expect(await categoriesOf('аккумулятор для инструмента')).toContain('Аккумуляторы для инструмента');
  });
});

describe('two tasks in one query', () => {
  it('«чем сверлить бетон и металл»: the sections of both jobs, a chip for each that leaves the other', async () => {
    const r = await header('чем сверлить бетон и металл');
    expect(r.chips).toEqual([
      { name: 'задача: сверление бетона', query: 'чем сверлить металл' },
      { name: 'задача: сверление металла', query: 'чем сверлить бетон' },
    ]);
    const cats = r.categories.map((c) => c.name);
    expect(cats).toContain('Свёрла по бетону');
    expect(cats).toContain('Свёрла по металлу');
    // Each chip's query is the other task alone.
    expect((await header('чем сверлить металл')).chips).toEqual([{ name: 'задача: сверление металла', query: '' }]);
    expect(await categoriesOf('чем сверлить металл')).not.toContain('Свёрла по бетону');
    // The page shows both chips, each a plain link.
    const html = await (await new Visitor().raw(`/search/?q=${encodeURIComponent('чем сверлить бетон и металл')}`)).text();
    expect(html).toMatch(/href="\/search\/\?q=[^"]*"[^>]*>задача: сверление бетона/);
    expect(html).toMatch(/href="\/search\/\?q=[^"]*"[^>]*>задача: сверление металла/);
  });
});

describe('who may edit the tasks', () => {
  it('a guest gets 101, a customer and a manager without `content` 403 from every call; nothing is saved; the page too', async () => {
    const name = `it-${run}-guard`;
    const body = { name, phrases: ['проверка доступа'], sections: ['lobziki'] };
    const calls = (v: Visitor) => [v.post('/api/desk/searchTasks/save/', body), v.post('/api/desk/searchTasks/remove/', { id: 1 }), v.get('/api/desk/searchTasks/list/'), v.post('/api/desk/searchTasks/addStandard/', {})];
    for (const r of await Promise.all(calls(new Visitor()))) expect([r.res.status, r.body.errors[0].code]).toEqual([401, 101]);
    for (const r of await Promise.all(calls(customer))) expect([r.res.status, r.body.errors[0].message]).toEqual([403, 'Раздел доступен только сотрудникам магазина']);
    for (const r of await Promise.all(calls(manager))) expect(r.res.status).toBe(403);
    expect((await customer.raw('/desk/search-tasks/')).status).toBe(403);
    expect((await manager.raw('/desk/search-tasks/')).status).toBe(403);
    expect((await new Visitor().raw('/desk/search-tasks/', { redirect: 'manual' })).status).toBe(302);
    expect(await tasks(name)).toEqual([]);
  });

  it('bad input is a Russian 422 naming the field; a missing task a 404; nothing saved', async () => {
    const name = `it-${run}-bad`;
    const cases: [Record<string, unknown>, string][] = [
      [{ name, phrases: ['резать'], sections: ['no-such-section'] }, 'sections'],
      [{ name, phrases: ['резать'], sections: [] }, 'sections'],
      [{ name, phrases: [], sections: ['lobziki'] }, 'phrases'],
      [{ name, phrases: ['а'], sections: ['lobziki'] }, 'phrases'],
      [{ name: '', phrases: ['резать'], sections: ['lobziki'] }, 'name'],
      [{ name, phrases: 'x'.repeat(5), sections: 'lobziki' }, 'sections'],
      [{ name, phrases: ['резать'], sections: ['Не Код'] }, 'sections'],
      [{ name, phrases: ['б'.repeat(10_000)], sections: ['lobziki'] }, 'phrases'],
    ];
    for (const [body, field] of cases) {
      const r = await editor.post('/api/desk/searchTasks/save/', body);
      expect(r.res.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors[0].field).toMatch(new RegExp(`^${field}`));
      expect(r.body.errors[0].message).toMatch(/[а-я]/);
      // The field is named in Russian, never by its path («phrases.0: …»).
      expect(r.body.errors[0].message).toMatch(/^[А-ЯЁ]/);
    }
    expect((await editor.post('/api/desk/searchTasks/save/', { name, phrases: ['резать'], sections: ['no-such-section'] })).body.errors[0].message).toContain('таких разделов нет в каталоге: no-such-section');
    const taken = await editor.post('/api/desk/searchTasks/save/', { name: 'резка керамогранита', phrases: ['резать что-то'], sections: ['lobziki'] });
    expect([taken.res.status, taken.body.errors[0].message]).toEqual([422, 'Название: задача с таким названием уже есть']);
    const gone = await editor.post('/api/desk/searchTasks/remove/', { id: 2_000_000 });
    expect([gone.res.status, gone.body.errors[0].message]).toEqual([404, 'Такой задачи нет: возможно, её уже удалили']);
    expect(await tasks(name)).toEqual([]);
  });

  it('a task saved by an editor is what the next search uses; edited, it moves; removed, it is gone', async () => {
    const name = `it-${run}-окорка`;
    // «окорка бревна» names no task and no product before.
    expect((await header('чем окорить бревно')).total).toBe(0);
    const saved = await editor.post('/api/desk/searchTasks/save/', { name, phrases: ['окорить бревно', 'окорка бревна'], sections: ['rubanki', 'lentochnye-shlifmashiny'] });
    expect(saved.res.status).toBe(200);
    const id = saved.body.data.id as number;
    expect(saved.body.data.sections.map((s: { code: string }) => s.code)).toEqual(['rubanki', 'lentochnye-shlifmashiny']);
    expect(await categoriesOf('чем окорить бревно')).toEqual(expect.arrayContaining(['Рубанки']));
    for (const c of await categoriesOf('чем окорить бревно')) expect(['Рубанки', 'Ленточные шлифмашины']).toContain(c);

    const edited = await editor.post('/api/desk/searchTasks/save/', { id, name, phrases: ['окорить бревно'], sections: ['trimmery-benzinovye'] });
    expect(edited.res.status).toBe(200);
    for (const c of await categoriesOf('окорить бревно')) expect(c).toBe('Триммеры бензиновые (мотокосы)');
    expect((await tasks(name))[0]).toMatchObject({ id, phrases: ['окорить бревно'], usable: true });

    const journal = await (await editor.raw('/desk/log/')).text();
    expect(journal).toContain(`«${name}»`);

    expect((await editor.post('/api/desk/searchTasks/remove/', { id })).res.status).toBe(200);
    expect((await header('чем окорить бревно')).total).toBe(0);
    expect(await tasks(name)).toEqual([]);
  });

  it('the desk page lists the tasks and opens one in a plain form; a plain form post saves and comes back', async () => {
    const page = await (await editor.raw('/desk/search-tasks/')).text();
    expect(page).toContain('data-testid="task-list"');
    expect(page).toContain('резка керамогранита');
    const [, id] = /href="\/desk\/search-tasks\/\?edit=(\d+)"[^>]*>резка керамогранита</.exec(page)!;
    const form = await (await editor.raw(`/desk/search-tasks/?edit=${id}`)).text();
    expect(form).toMatch(/name="s_almaznye-diski" checked/);
    const name = `it-${run}-форма`;
    const posted = await editor.raw('/api/desk/searchTasks/save/', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base(), accept: 'text/html' },
      body: new URLSearchParams({ name, phrases: 'обстучать стены\nпростучать стены', s_kuvaldy: 'on', 's_molotki-slesarnye': 'on' }).toString(),
    });
    expect(posted.status).toBe(303);
    const [saved] = await tasks(name);
    expect(saved!.phrases).toEqual(['обстучать стены', 'простучать стены']);
    expect(saved!.sections.map((s) => s.code)).toEqual(['kuvaldy', 'molotki-slesarnye']);
    await editor.post('/api/desk/searchTasks/remove/', { id: saved!.id });
  });

  it('«Добавить стандартный словарь» on the demo store adds nothing (it has every standard task) and says so after a plain form post', async () => {
    const page = await (await editor.raw('/desk/search-tasks/')).text();
    expect(page).toMatch(/<form method="post" action="\/api\/desk\/searchTasks\/addStandard\/"/);
    const before = (await tasks('')).length;
    const r = await editor.post('/api/desk/searchTasks/addStandard/', {});
    expect(r.body.data).toEqual({ added: 0, present: TASK_SEED.length, skipped: 0 });
    const posted = await editor.raw('/api/desk/searchTasks/addStandard/', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base(), accept: 'text/html' },
      body: '',
    });
    expect(posted.status).toBe(303);
    const back = await (await editor.raw(posted.headers.get('location')!)).text();
    expect(back).toContain(`Добавлено задач: 0. Уже были: ${TASK_SEED.length}.`);
    expect((await tasks('')).length).toBe(before);
  });
});
