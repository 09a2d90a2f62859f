import { describe, expect, it } from 'vitest';
import { countTestId, headerLinks, linkName } from '../../src/islands/header/header-paint';
import { EMPTY_VIEW } from '../../src/stores/header';

// The boot paints and the island renders from this one list (decision 0300): what it says is what both show.
describe('header links', () => {
  it('a guest: «Войти» and the three lists, no notifications', () => {
    const links = headerLinks({ ...EMPTY_VIEW, basket: 2 });
    expect(links.map((l) => [l.href, linkName(l)])).toEqual([
      ['/login/', 'Войти'],
      ['/compare/', 'Сравнение'],
      ['/favourites/', 'Избранное'],
      ['/basket/', 'Корзина: 2'],
    ]);
  });

  it('signed in: «Кабинет», then «Уведомления» with the unread count', () => {
    const links = headerLinks({ basket: 1, compare: 3, favorites: 0, unread: 4, user: { name: 'Прораб', email: 'prorab@example.by', isContragentAdmin: false } });
    expect(links.map((l) => [l.href, l.icon, l.count])).toEqual([
      ['/personal/', 'user', 0],
      ['/personal/notifications/', 'bell', 4],
      ['/compare/', 'compare', 3],
      ['/favourites/', 'heart', 0],
      ['/basket/', 'basket', 1],
    ]);
    expect(linkName(links[0]!)).toBe('Кабинет');
    expect(countTestId('/favourites/')).toBe('count-favourites');
  });
});
