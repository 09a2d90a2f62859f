/**
 * What a user may do: the spec's user `scope` (§3, "checked if present"). A company admin may do
 * everything for the company; an employee only what the admin granted; a retail customer acts for
 * themself, so company permissions do not apply to them. Restrictions (`invoice_only`) narrow what
 * a granted permission allows. The labels are what the admin sees when granting them.
 */
export const PERMISSIONS = {
  place_orders: 'Оформлять заказы',
  invoice_only: 'Заказывать только по счёту (безналичный расчёт)',
  company_orders: 'Видеть все заказы компании (иначе только свои)',
  manage_addresses: 'Управлять адресами доставки компании',
  manage_exports: 'Создавать выгрузки каталога',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as Permission[];

/**
 * What a store employee (users.is_staff) may do at the desk, kept in the same `permissions` list as a
 * company employee's (the two never meet: staff belong to no company). Managers work the orders and
 * the requests and, with `prices`, what sets prices and stock (the price list, 1C's warehouses and
 * price types); editors the content; administrators (`staff`) set everyone's permissions (/desk/staff/). The journals and announcements are every employee's. Migration 0030 gave the employees of before these roles `orders`, `requests` and `prices`.
 */
export const STAFF_PERMISSIONS = {
  content: 'Публиковать акции, медиаматериалы и страницы',
  orders: 'Работать с заказами',
  requests: 'Отвечать на обращения',
  prices: 'Менять цены и остатки: прайс-лист, склады и типы цен 1С',
  staff: 'Назначать права сотрудникам магазина (администратор)',
} as const;

export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

/** The same permissions in a word, as the journal lists them. */
export const STAFF_PERMISSION_SHORT: Record<StaffPermission, string> = { content: 'Контент', orders: 'Заказы', requests: 'Обращения', prices: 'Цены и остатки', staff: 'Администратор' };

export function staffCan(user: { isStaff: boolean; permissions: readonly string[] }, permission: StaffPermission): boolean {
  return user.isStaff && user.permissions.includes(permission);
}

/** What an employee added by an admin may do until the admin says otherwise. */
export const DEFAULT_EMPLOYEE_PERMISSIONS: Permission[] = ['place_orders'];

export function isPermission(value: string): value is Permission {
  return value in PERMISSIONS;
}

type Subject = { companyId: number | null; isContragentAdmin: boolean; permissions: readonly string[] };

/** Whether `user` may do `permission`. `invoice_only` is a restriction: true means restricted. */
export function userCan(user: Subject, permission: Permission): boolean {
  if (permission === 'invoice_only') return !!user.companyId && !user.isContragentAdmin && user.permissions.includes('invoice_only');
  if (!user.companyId) return permission !== 'company_orders';
  if (user.isContragentAdmin) return true;
  return user.permissions.includes(permission);
}

/** The spec's `scope` list for the profile: the admin flag plus every permission the user has. */
export function scopeOf(user: Subject): string[] {
  const scope: string[] = user.isContragentAdmin ? ['isContragentAdmin'] : [];
  for (const p of PERMISSION_CODES) if (userCan(user, p)) scope.push(p);
  return scope;
}
