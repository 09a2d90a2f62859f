/**
 * Site menus (GET /api/menu/list/, /api/menu/get/, /api/menu/all/). The catalogue menu comes from
 * the section tree; the others are fixed link lists that the layout and the API share.
 */
import type { SectionNode, SectionTree } from '../catalog/sections';

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

const STATIC: Record<Exclude<MenuType, 'catalog'>, MenuItem[]> = {
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
  personal: [
    link('Сводка', '/personal/summary/'),
    link('Акции для вас', '/personal/actions/'),
    link('Заказы', '/personal/orders/'),
    link('Скидки', '/personal/discounts/'),
    link('Адреса доставки', '/personal/addresses/'),
    link('Выгрузки (интеграция)', '/personal/unloading/'),
    link('Реквизиты и профиль', '/personal/details/'),
  ],
};

function fromSection(node: SectionNode, depth: number): MenuItem {
  return { name: node.name, url: node.url, children: node.depth < depth ? node.children.map((c) => fromSection(c, depth)) : [] };
}

/** A menu cut to `depth` levels. The personal menu gains "Пользователи" for contractor admins. */
export function getMenu(type: MenuType, tree: SectionTree, depth = 3, opts: { isContragentAdmin?: boolean } = {}): MenuItem[] {
  if (type === 'catalog') return tree.roots.map((r) => fromSection(r, depth));
  const items = STATIC[type];
  if (type === 'personal' && opts.isContragentAdmin) return [...items, link('Пользователи', '/personal/users/')];
  return items;
}
