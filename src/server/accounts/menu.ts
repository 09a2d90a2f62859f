/**
 * The personal area's menu (spec §2): the spec's links in its order, plus requests and
 * notifications, which the spec routes under /personal/ without naming in the menu, and the
 * consumables for the tools bought and the product alerts (issue 30). "Users" only
 * for a company admin, the staff desk only for the store's staff. The one list: the personal pages
 * (components/personal/PersonalMenu.astro) and GET /api/menu/get/?typemenu=personal (menu/menus.ts) read it.
 */
import type { Viewer } from '../http/guard';
import { t } from '../../i18n';

export type PersonalMenuKey = 'summary' | 'actions' | 'orders' | 'consumables' | 'subscriptions' | 'discounts' | 'addresses' | 'requests' | 'notifications' | 'unloading' | 'details' | 'users' | 'desk';
export type PersonalMenuItem = { key: PersonalMenuKey; href: string; label: string };

/** The spec's links in its order; every page lives at /personal/<key>/, the staff desk at /desk/. */
const KEYS: PersonalMenuKey[] = ['summary', 'actions', 'orders', 'consumables', 'subscriptions', 'discounts', 'addresses', 'requests', 'notifications', 'unloading', 'details', 'users', 'desk'];

const item = (key: PersonalMenuKey): PersonalMenuItem => ({ key, href: key === 'desk' ? '/desk/' : `/personal/${key}/`, label: t(`PMENU_${key.toUpperCase()}`) });

export function personalMenu(viewer: Pick<Viewer, 'isAdmin' | 'isStaff'>): PersonalMenuItem[] {
  return KEYS.filter((k) => (k !== 'users' || viewer.isAdmin) && (k !== 'desk' || viewer.isStaff)).map(item);
}
