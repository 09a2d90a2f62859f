import { describe, expect, it } from 'vitest';
import { getMenu } from '../../src/server/menu/menus';
import type { SectionNode, SectionTree } from '../../src/server/catalog/sections';

const node = (id: number, code: string, depth: number, children: SectionNode[] = []): SectionNode => ({ id, code, name: code, depth, url: `/catalog/${code}/`, productCount: 0, icon: null, description: null, banner: null, parentId: null, children });
const tree: SectionTree = { roots: [node(1, 'a', 1, [node(2, 'b', 2, [node(3, 'c', 3)])])], byId: new Map(), byCode: new Map() };

describe('menus', () => {
  it('cuts the catalogue menu at the requested depth', () => {
    expect(getMenu('catalog', tree, 1)[0]!.children).toEqual([]);
    expect(getMenu('catalog', tree, 2)[0]!.children[0]!.children).toEqual([]);
    expect(getMenu('catalog', tree, 3)[0]!.children[0]!.children[0]!.name).toBe('c');
  });

  it('shows the users link only to contractor admins', () => {
    expect(getMenu('personal', tree).some((i) => i.url === '/personal/users/')).toBe(false);
    expect(getMenu('personal', tree, 3, { isContragentAdmin: true }).some((i) => i.url === '/personal/users/')).toBe(true);
  });
});
