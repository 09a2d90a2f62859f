/**
 * Issue 23, one personal menu: GET /api/menu/get/?typemenu=personal (and /api/menu/all/) answers
 * exactly the links the personal pages render in their menu — same labels, hrefs and order — for a
 * retail customer, a contractor admin and an employee; «Пользователи» only for the admin.
 * The file's own accounts (tests/helpers/fixtures.ts) only sign in here; nothing of theirs changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from '../helpers/http';
import { fixture, PASSWORD } from '../helpers/fixtures';

/** This file's own accounts (tests/helpers/fixtures.ts), not the demo ones. */
const acc = fixture('personal-menu');

const ACCOUNTS = { retail: acc.retail.email, admin: acc.admin.email, employee: acc.employee.email } as const;
type Who = keyof typeof ACCOUNTS;
const as = {} as Record<Who, Visitor>;

type Link = { name: string; url: string };

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').trim();

/** The links of the personal menu (<nav class="pmenu">) of a rendered page, in order. */
function menuLinks(html: string): Link[] {
  const nav = /<nav\b[^>]*class="pmenu\b[^"]*"[^>]*>([\s\S]*?)<\/nav>/.exec(html);
  expect(nav, 'the page has a personal menu').not.toBeNull();
  return [...nav![1]!.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({ url: decode(m[1]!), name: decode(m[2]!.replace(/<[^>]*>/g, '')) }));
}

beforeAll(async () => {
  for (const who of Object.keys(ACCOUNTS) as Who[]) {
    as[who] = new Visitor();
    const { body } = await as[who].post('/api/authentication/', { login: ACCOUNTS[who], password: PASSWORD });
    expect(body.status, who).toBe('success');
  }
});

describe.each(Object.keys(ACCOUNTS) as Who[])('%s', (who) => {
  it('the API\'s personal menu is the menu of /personal/summary/: same labels, hrefs and order', async () => {
    const res = await as[who].raw('/personal/summary/');
    expect(res.status).toBe(200);
    const onPage = menuLinks(await res.text());
    const { body } = await as[who].get('/api/menu/get/?typemenu=personal');
    expect(body.status).toBe('success');
    const api: Link[] = body.data.map((i: Link & { children: unknown[] }) => ({ name: i.name, url: i.url }));
    expect(api).toEqual(onPage);
    expect(body.data.every((i: { children: unknown[] }) => i.children.length === 0)).toBe(true);
    const all = await as[who].get('/api/menu/all/?depth_lvl=1');
    expect(all.body.data.personal.map((i: Link) => ({ name: i.name, url: i.url }))).toEqual(onPage);

    const names = api.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['Сводка', 'Заказы', 'Обращения', 'Уведомления']));
    expect(api.some((i) => i.url === '/personal/users/' && i.name === 'Пользователи')).toBe(who === 'admin');
    expect(api.some((i) => i.url === '/desk/')).toBe(false);
  });
});

it('a guest gets the menu without «Пользователи»', async () => {
  const { body } = await new Visitor().get('/api/menu/get/?typemenu=personal');
  expect(body.data.map((i: Link) => i.url)).not.toContain('/personal/users/');
  expect(body.data.map((i: Link) => i.url)).toContain('/personal/requests/');
});
