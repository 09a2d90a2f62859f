/**
 * The personal area's menu (spec §2): the spec's links in its order, plus requests, which the spec
 * routes under /personal/ without naming in the menu. "Users" only for a company admin.
 */
import type { Viewer } from '../http/guard';

export type PersonalMenuKey = 'summary' | 'actions' | 'orders' | 'discounts' | 'addresses' | 'requests' | 'notifications' | 'unloading' | 'details' | 'users' | 'desk';
export type PersonalMenuItem = { key: PersonalMenuKey; href: string; label: string };

const ITEMS: PersonalMenuItem[] = [
  { key: 'summary', href: '/personal/summary/', label: 'Сводка' },
  { key: 'actions', href: '/personal/actions/', label: 'Акции для меня' },
  { key: 'orders', href: '/personal/orders/', label: 'Заказы' },
  { key: 'discounts', href: '/personal/discounts/', label: 'Скидки' },
  { key: 'addresses', href: '/personal/addresses/', label: 'Адреса доставки' },
  { key: 'requests', href: '/personal/requests/', label: 'Обращения' },
  { key: 'notifications', href: '/personal/notifications/', label: 'Уведомления' },
  { key: 'unloading', href: '/personal/unloading/', label: 'Выгрузки (интеграция)' },
  { key: 'details', href: '/personal/details/', label: 'Личные данные' },
  { key: 'users', href: '/personal/users/', label: 'Пользователи' },
  { key: 'desk', href: '/desk/', label: 'Рабочее место менеджера' },
];

export function personalMenu(viewer: Pick<Viewer, 'isAdmin' | 'isStaff'>): PersonalMenuItem[] {
  return ITEMS.filter((i) => (i.key !== 'users' || viewer.isAdmin) && (i.key !== 'desk' || viewer.isStaff));
}
