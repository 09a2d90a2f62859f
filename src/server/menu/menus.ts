/**
 * Site menus (GET /api/menu/list/, /api/menu/get/, /api/menu/all/). The catalogue menu comes from
 * the section tree; the others are fixed link lists that the layout and the API share. The personal
 * menu is the one list of accounts/menu.ts, which the personal pages render too (issue 23).
 */
import type { SectionNode, SectionTree } from '../catalog/sections';
import { personalMenu } from '../accounts/menu';

export type MenuItem = { name: string; url: string; children: MenuItem[] };
export type MenuType = 'catalog' | 'top' | 'footer_buyers' | 'footer_company' | 'personal';

export const MENU_TYPES: { code: MenuType; name: string }[] = [
  { code: 'catalog', name: 'Каталог' },
  { code: 'top', name: 'Верхнее меню' },
  { code: 'footer_buyers', name: 'Покупателям' },
  { code: 'footer_company', name: 'Компания' },
  { code: 'personal', name: 'Личный кабинет' },
];

const link = (name: string, url: string): MenuItem => ({ name, url, children: [] });

const STATIC: Record<Exclude<MenuType, 'catalog' | 'personal'>, MenuItem[]> = {
  top: [link('Акции', '/actions/'), link('Бренды', '/brands/'), link('Филиалы', '/filial/'), link('Где купить', '/where-buy/'), link('Гарантия', '/garant/'), link('Медиа', '/media/')],
  footer_buyers: [
    link('Доставка и оплата', '/dostavka-i-oplata/'),
    link('Оптовым покупателям', '/advantages/'),
    link('Быстрый заказ по артикулам', '/e-order/'),
    link('Гарантия и сервис', '/garant/'),
    link('Регистрация гарантии', '/guaranty-register/'),
    link('Подбор кругов и дисков', '/circles/'),
    link('Обратный звонок', '/callback/'),
  ],
  footer_company: [link('Наши преимущества', '/advantages/'), link('Филиалы', '/filial/'), link('Где купить', '/where-buy/'), link('Медиаматериалы', '/media/'), link('Обратная связь', '/request-feedback/')],
};

function fromSection(node: SectionNode, depth: number): MenuItem {
  return { name: node.name, url: node.url, children: node.depth < depth ? node.children.map((c) => fromSection(c, depth)) : [] };
}

/**
 * A menu cut to `depth` levels. The personal menu is accounts/menu.ts personalMenu() for this
 * viewer: «Пользователи» for a contractor admin (`isContragentAdmin`: the guard's `isAdmin`), the
 * staff desk for the store's staff.
 */
export function getMenu(type: MenuType, tree: SectionTree, depth = 3, opts: { isContragentAdmin?: boolean; isStaff?: boolean } = {}): MenuItem[] {
  if (type === 'catalog') return tree.roots.map((r) => fromSection(r, depth));
  if (type === 'personal') return personalMenu({ isAdmin: !!opts.isContragentAdmin, isStaff: !!opts.isStaff }).map((i) => link(i.label, i.href));
  return STATIC[type];
}
