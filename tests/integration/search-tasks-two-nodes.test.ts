/**
 * A task saved in the desk on one node is used by the search on another within 2 s (issue 27): two app nodes
 * on one PostgreSQL database of their own, the default change-log poll; node B has searched (its vocabulary
 * of tasks loaded) before node A's editor saves. A removal on B reaches A the same way. A task whose sections
 * the catalogue lacks (a 1C catalogue without the demo's sections) is ignored, not an error. PostgreSQL only:
 * PGlite is one process, there is no second node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoNodesOnFreshDatabase, within, type AppNode } from '../helpers/node';
import { Visitor } from '../helpers/http';
import { fixture, PASSWORD, writeFixture } from '../helpers/fixtures';
import { searchTasks } from '../../src/server/db/schema';

const acc = fixture('search-tasks-two-nodes');

const adminUrl = process.env.DATABASE_URL ?? '';
const onPostgres = !!adminUrl;

let a: AppNode;
let b: AppNode;
let stop = async () => {};

beforeAll(async () => {
  if (!onPostgres) return;
  ({ a, b, stop } = await twoNodesOnFreshDatabase(adminUrl, async (db) => {
    await writeFixture(db, acc);
    // As a vocabulary written for another catalogue would have it: its only section is not in this one.
    await db.insert(searchTasks).values({ name: 'чужая задача', phrases: ['обмотать изолентой'], sections: ['izolenta-i-skotch'] });
  }));
}, 240_000);

afterAll(() => stop());

const search = async (origin: string, query: string) => {
  const res = await fetch(`${origin}/api/searchHeader/`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ query }) });
  return (await res.json()).data as { total: number; categories: { name: string }[] };
};
const chips = async (origin: string, q: string) => [...(await (await fetch(`${origin}/search/?q=${encodeURIComponent(q)}`)).text()).matchAll(/>(задача: [^<]+)</g)].map((m) => m[1]);

describe.skipIf(!onPostgres)('tasks on two nodes', () => {
  it('a task saved on node A is used by node B within 2 s; removed on B, A stops using it', { timeout: 60_000 }, async () => {
    const login = async (base: string) => {
      const v = new Visitor(base);
      expect((await v.post('/api/authentication/', { login: acc.editor.email, password: PASSWORD })).body.status).toBe('success');
      return v;
    };
    const [editorA, editorB] = await Promise.all([login(a.base), login(b.base)]);
    const q = 'чем окорить бревно';
    // B has its vocabulary loaded (a task query answered) before A saves.
    expect(await chips(b.base, 'чем резать керамогранит')).toEqual(['задача: резка керамогранита']);
    expect((await search(b.base, q)).total).toBe(0);

    const saved = await editorA.post('/api/desk/searchTasks/save/', { name: 'окорка бревна', phrases: ['окорить бревно'], sections: ['rubanki'] });
    expect(saved.res.status).toBe(200);
    const tB = await within(2000, async () => (await search(b.base, q)).categories.some((c) => c.name === 'Рубанки'));
    expect(await chips(b.base, q)).toEqual(['задача: окорка бревна']);

    expect((await editorB.post('/api/desk/searchTasks/remove/', { id: saved.body.data.id })).res.status).toBe(200);
    const tA = await within(2000, async () => (await search(a.base, q)).total === 0);
    console.log(`task on node B after ${tB} ms; removal on node A after ${tA} ms`);
  });

  it('a task whose sections this catalogue lacks is ignored on both nodes', async () => {
    for (const node of [a, b]) {
      expect(await chips(node.base, 'обмотать изолентой')).toEqual([]);
      const page = await fetch(`${node.base}/search/?q=${encodeURIComponent('обмотать изолентой')}`);
      expect(page.status).toBe(200);
    }
  });
});
