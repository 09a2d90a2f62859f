/**
 * The personal area's summary (spec §7 `GET web/profile/summary/`, page /personal/summary/): who I
 * am and for which company, my manager, my discount level, open orders, unread notifications,
 * promotions for me and the quick links of a contractor's day.
 */
import type { Db } from '../db/client';
import { consumablesStrip } from './consumables';
import type { ProductCard } from '../catalog/cards';
import type { Viewer } from '../http/guard';
import { companyProfile } from '../company/profile';
import { lastOwnOrder, openOrders, type OpenOrder } from '../orders/summary';
import { unreadCount } from '../notifications/notify';
import { promotionsForMe, type PromotionForMe } from './promotions';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../config/constants';
import { t } from '../../i18n';

export type Role = 'admin' | 'employee' | 'retail';

export type QuickLink = { key: 'quick-order' | 'repeat-order' | 'new-request'; href: string; label: string; note: string | null };

export type ProfileSummary = {
  user: { id: string; name: string; email: string; phone: string | null; role: Role; roleName: string };
  company: { id: number; name: string; unp: string } | null;
  /** The store's manager for the company; for a retail customer, the store's support line. */
  manager: { name: string | null; phone: string | null; email: string | null; personal: boolean };
  /** Null for a retail customer (catalogue prices). */
  discount: { percent: number; specialDiscounts: number; maxPercent: number; url: string } | null;
  orders: { open: OpenOrder[]; openTotal: number; companyWide: boolean; url: string };
  notifications: { unread: number };
  promotions: { items: PromotionForMe[]; total: number; url: string };
  /** Consumables for the tools in the viewer's orders (issue 30): a strip, and how many tools have some. */
  consumables: { items: ProductCard[]; tools: number; url: string };
  quickLinks: QuickLink[];
};

export const SUMMARY_OPEN_ORDERS = 5;
export const SUMMARY_PROMOTIONS = 3;

export async function profileSummary(db: Db, viewer: Viewer): Promise<ProfileSummary> {
  const [company, open, last, unread, promos, consumables] = await Promise.all([
    viewer.companyId ? companyProfile(db, viewer.companyId) : Promise.resolve(null),
    openOrders(db, viewer, SUMMARY_OPEN_ORDERS),
    lastOwnOrder(db, viewer),
    unreadCount(db, viewer.id),
    promotionsForMe(db, viewer),
    consumablesStrip(db, viewer),
  ]);
  const role: Role = !viewer.companyId ? 'retail' : viewer.isAdmin ? 'admin' : 'employee';
  const hasManager = !!company?.manager.name;
  const quickLinks: QuickLink[] = [{ key: 'quick-order', href: '/e-order/', label: t('SUMMARY_QUICK_ORDER'), note: t('SUMMARY_QUICK_ORDER_NOTE') }];
  if (last) quickLinks.push({ key: 'repeat-order', href: last.url, label: t('SUMMARY_REPEAT_ORDER'), note: `${t('ORDER')} ${last.number}` });
  quickLinks.push({ key: 'new-request', href: '/personal/requests/new/', label: t('SUMMARY_NEW_REQUEST'), note: t('SUMMARY_NEW_REQUEST_NOTE') });
  return {
    user: { id: viewer.id, name: viewer.name, email: viewer.email, phone: viewer.phone, role, roleName: t(role === 'admin' ? 'SUMMARY_ROLE_ADMIN' : role === 'employee' ? 'SUMMARY_ROLE_EMPLOYEE' : 'SUMMARY_ROLE_RETAIL') },
    company: company ? { id: company.id, name: company.name, unp: company.unp } : null,
    manager: hasManager ? { ...company!.manager, personal: true } : { name: null, phone: SUPPORT_PHONE, email: SUPPORT_EMAIL, personal: false },
    discount: company ? { percent: company.discountPercent, specialDiscounts: company.specialDiscounts, maxPercent: company.maxDiscount, url: '/personal/discounts/' } : null,
    orders: { open: open.items, openTotal: open.total, companyWide: open.companyWide, url: '/personal/orders/' },
    notifications: { unread },
    promotions: { items: promos.forYou.slice(0, SUMMARY_PROMOTIONS), total: promos.forYou.length, url: '/personal/actions/' },
    consumables,
    quickLinks,
  };
}
