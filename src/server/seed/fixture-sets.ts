/**
 * The tests' own data sets (issue 23): one isolated contractor company with its people, a retail
 * customer and a staff member per e2e spec and per HTTP integration file that signs in, so that files
 * running side by side (two Playwright workers, two vitest workers) never share an account, a basket,
 * an order or an address. Pure: no database here — the helpers (tests/e2e/fixtures.ts,
 * tests/helpers/fixtures.ts) import it for the e-mails, and ./fixtures.ts writes the rows.
 *
 * Two families, each written into its own database: `e2e` (FIXTURE_SETS, before the e2e server starts)
 * and `it` (INTEGRATION_SETS, before the integration suite's server starts, or into a file's own server).
 * Every name is deterministic: `admin@e2e-checkout.by`, `admin@it-orders-http.by`, order `ИН-11203`…
 * The password is the demo's.
 */
import { unpCheckDigit } from '../accounts/unp';

/** One set per spec that signs in; the order fixes each set's УНП and order numbers. */
export const FIXTURE_SETS = ['a11y', 'accounts', 'basket', 'checkout', 'company-users', 'cross-issue', 'csp', 'exports', 'login', 'personal', 'requests', 'storefront', 'desk-content', 'consumables', 'repeat', 'alerts', 'signed-in-js', 'lighthouse'] as const;
export type FixtureSetName = (typeof FIXTURE_SETS)[number];

/**
 * One set per HTTP integration file that signs in (a file that needs a second, unrelated company takes
 * a second set: `…-rival`). Numbered after the e2e sets (from INTEGRATION_FIRST): never the same УНП or
 * order number as an e2e set, should both ever meet in one database.
 */
export const INTEGRATION_SETS = [
  'accounts-codes',
  'accounts-enumeration',
  'accounts-profile',
  'accounts-registration',
  'address-notifications',
  'addresses-http',
  'basket-http',
  'catalog-api',
  'catalog-pages',
  'checkout-http',
  'checkout-http-rival',
  'company-users',
  'content',
  'content-desk',
  'content-two-nodes',
  'contract-prices',
  'crm-outbox',
  'deactivated-user',
  'desk',
  'exchange-import',
  'exports-http',
  'fuzz',
  'html-validity',
  'http-foundation',
  'notifications',
  'orders-http',
  'orders-http-rival',
  'page-cache-http',
  'payments-http',
  'personal-menu',
  'personal-overview',
  'requests',
  'security-http',
  'security-proxy',
  'promo-prices',
  'staff-permissions',
  'spending-limits',
  'spending-limits-rival',
  'consumables',
  'consumables-rival',
  'repeat-preview',
  'repeat-preview-rival',
  'alerts',
  'alerts-rival',
  'alerts-two-nodes',
  'search-tasks',
  'search-tasks-two-nodes',
  'profile-cache',
  'profile-cache-rival',
  'profile-cache-twin',
] as const;
export type IntegrationSetName = (typeof INTEGRATION_SETS)[number];
const INTEGRATION_FIRST = 20;

export type FixturePerson = { id: string; email: string; name: string; phone: string };

/** The order numbers a set's history holds that specs refer to (all below the site's ИН-20001…). */
export type FixtureOrders = {
  /** The retail customer's pickup order in «Собирается» (staff move it to «Готов к выдаче»). */
  retailPicking: string;
  /** The admin's first completed order (a warranty request is about one of its products). */
  adminDone: string;
  /** The admin's newest order, «Новый». */
  adminNew: string;
  /** The admin's order «Готов к выдаче». */
  adminReady: string;
  /** The retail customer's newest order, «Новый». */
  retailNew: string;
};

/**
 * Sets whose retail customer also has a done order to repeat with prices changed and a line no longer
 * sold (issue 30, ./fixtures.ts seedRepeatOrder): «Повторить заказ»'s preview has every case to show.
 */
export const REPEAT_ORDER_SETS: readonly string[] = ['repeat'];

/** That order's number: past the history's positions (k < 22), inside the set's own hundred. */
export const repeatOrderNumber = (set: Pick<FixtureSet, 'index'>, k = 0) => fixtureOrderNumber(set.index, 90 + k);

export type FixtureOrderStatus = (typeof ORDER_PLAN)[keyof typeof ORDER_PLAN][number];

/** Every order of a set's history as ./fixtures.ts writes it: number, whose, status (k = position, the newest first). */
export function fixtureOrderPlan(set: Pick<FixtureSet, 'index'>): { number: string; who: 'admin' | 'employee' | 'retail'; status: FixtureOrderStatus; company: boolean }[] {
  const plan = [...ORDER_PLAN.admin.map((status) => ({ who: 'admin' as const, status })), ...ORDER_PLAN.employee.map((status) => ({ who: 'employee' as const, status })), ...ORDER_PLAN.retail.map((status) => ({ who: 'retail' as const, status }))];
  return plan.map((o, k) => ({ ...o, company: o.who !== 'retail', number: fixtureOrderNumber(set.index, k) }));
}

export type FixtureSet = {
  name: string;
  /** Fixes the set's УНП, phones and order numbers: unique within one database. */
  index: number;
  domain: string;
  company: { name: string; unp: string; legalAddress: string; iban: string; discountPercent: number; managerName: string; managerPhone: string; managerEmail: string };
  /** Company admin. */
  admin: FixturePerson;
  /** Employee who may order and manage exports (a «прораб»). */
  employee: FixturePerson;
  /** Employee whose orders above 500 BYN wait for the admin; pays by invoice only. */
  supply: FixturePerson & { orderLimit: string };
  /** Employee blocked by the admin. */
  blocked: FixturePerson;
  /** Employee added by the admin who has not set a password yet (user_not_auth). */
  invited: FixturePerson;
  /** Employee who sees the company's orders but may not place any. */
  storekeeper: FixturePerson;
  /** Retail (private) customer. */
  retail: FixturePerson;
  /** Store employee (a manager: orders and requests): reaches /desk/. */
  staff: FixturePerson;
  /** Store employee with the `content` permission: the desk's content editor. */
  editor: FixturePerson;
  /** Store administrator (`staff`): sets the employees' permissions at /desk/staff/. */
  director: FixturePerson;
  orders: FixtureOrders;
};

/** A valid УНП (Minsk region, check digit per ../accounts/unp.ts) unique to set number `index`. */
function unpFor(index: number): string {
  for (let serial = 19_770_000 + index * 10; ; serial++) {
    const digit = unpCheckDigit(String(serial));
    if (digit !== null) return `${serial}${digit}`;
  }
}

/** Order numbers of set `index`: ИН-11000 + 100 × index + k (the demo uses 10480–10999, the site 20001 up). */
export const fixtureOrderNumber = (index: number, k: number) => `ИН-${11_000 + index * 100 + k}`;

/**
 * Positions of the named orders in the history ./fixtures.ts writes (admin's first, then employee's, then
 * retail's). The employee's newest six run through every open status, approval included, as the demo
 * foreman's do (the personal overview shows five of them).
 */
export const ORDER_PLAN = {
  admin: ['new', 'confirmed', 'picking', 'ready', 'shipped', 'new', 'done', 'done', 'cancelled', 'done'],
  employee: ['new', 'confirmed', 'picking', 'ready', 'shipped', 'approval', 'done'],
  retail: ['new', 'confirmed', 'picking', 'done'],
} as const;

export function fixtureSet(name: FixtureSetName): FixtureSet {
  const index = FIXTURE_SETS.indexOf(name);
  if (index < 0) throw new Error(`unknown e2e fixture set: ${name}`);
  return buildSet('e2e', name, index);
}

/** The set of one HTTP integration file (`admin@it-<name>.by`…). */
export function integrationSet(name: IntegrationSetName): FixtureSet {
  const index = INTEGRATION_SETS.indexOf(name);
  if (index < 0) throw new Error(`unknown integration fixture set: ${name}`);
  return buildSet('it', name, INTEGRATION_FIRST + index);
}

function buildSet(family: 'e2e' | 'it', name: string, index: number): FixtureSet {
  if (index > 89) throw new Error(`fixture set number ${index}: order numbers would reach the site's own (ИН-20001…)`);
  const domain = `${family}-${name}.by`;
  const phone = (k: number) => `+375 29 ${String(700 + index).padStart(3, '0')}-${String(10 + k).padStart(2, '0')}-${String(10 + index).padStart(2, '0')}`;
  const person = (role: string, local: string, personName: string, k: number): FixturePerson => ({ id: `${family}-${name}-${role}`, email: `${local}@${domain}`, name: personName, phone: phone(k) });
  const employeeOrders = ORDER_PLAN.admin.length;
  const retailOrders = employeeOrders + ORDER_PLAN.employee.length;
  return {
    name,
    index,
    domain,
    company: {
      name: `ООО «СтройМонтаж ${name}»`,
      unp: unpFor(index),
      legalAddress: 'г. Минск, ул. Платонова, 20, пом. 4',
      iban: 'BY20ALFA30122345670010270000',
      discountPercent: 7,
      managerName: 'Дмитрий Козлов',
      managerPhone: '+375 29 600-10-20',
      managerEmail: `d.kozlov@${domain}`,
    },
    admin: person('admin', 'admin', 'Ольга Ковалёва', 1),
    employee: person('employee', 'prorab', 'Сергей Данилович', 2),
    supply: { ...person('supply', 'zakup', 'Марина Ясюкевич', 3), orderLimit: '500.00' },
    blocked: person('blocked', 'snab', 'Андрей Литвинчук', 4),
    invited: person('invited', 'novichok', 'Павел Гринкевич', 5),
    storekeeper: person('storekeeper', 'sklad', 'Павел Сидорович', 6),
    retail: person('retail', 'client', 'Иван Петров', 7),
    staff: person('staff', 'manager', 'Наталья Жук', 8),
    editor: person('editor', 'editor', 'Алина Ковальчук', 9),
    director: person('director', 'director', 'Виктор Мельник', 10),
    orders: {
      retailPicking: fixtureOrderNumber(index, retailOrders + ORDER_PLAN.retail.indexOf('picking')),
      adminDone: fixtureOrderNumber(index, ORDER_PLAN.admin.indexOf('done')),
      adminNew: fixtureOrderNumber(index, ORDER_PLAN.admin.indexOf('new')),
      adminReady: fixtureOrderNumber(index, ORDER_PLAN.admin.indexOf('ready')),
      retailNew: fixtureOrderNumber(index, retailOrders + ORDER_PLAN.retail.indexOf('new')),
    },
  };
}
