/**
 * The e2e data sets (issue 23): one isolated contractor company with its people, a retail customer
 * and a staff member per spec that signs in, so that specs running side by side (two Playwright
 * workers) never share an account, a basket, an order or an address. Pure: no database here — the
 * e2e helper (tests/e2e/fixtures.ts) imports it for the e-mails, and ./fixtures.ts writes the rows.
 *
 * Every name is deterministic: `admin@e2e-checkout.by`, order `ИН-11203`… The password is the demo's.
 */
import { unpCheckDigit } from '../accounts/unp';

/** One set per spec that signs in; the order fixes each set's УНП and order numbers. */
export const FIXTURE_SETS = ['a11y', 'accounts', 'basket', 'checkout', 'company-users', 'cross-issue', 'csp', 'exports', 'login', 'personal', 'requests', 'storefront', 'desk-content'] as const;
export type FixtureSetName = (typeof FIXTURE_SETS)[number];

export type FixturePerson = { id: string; email: string; name: string; phone: string };

/** The order numbers a set's history holds that specs refer to (all below the site's ИН-20001…). */
export type FixtureOrders = {
  /** The retail customer's pickup order in «Собирается» (staff move it to «Готов к выдаче»). */
  retailPicking: string;
  /** The admin's first completed order (a warranty request is about one of its products). */
  adminDone: string;
};

export type FixtureSet = {
  name: FixtureSetName;
  domain: string;
  company: { name: string; unp: string; iban: string; discountPercent: number; managerName: string };
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

/** Positions of the named orders in the history ./fixtures.ts writes (admin's first, then employee's, then retail's). */
export const ORDER_PLAN = {
  admin: ['new', 'confirmed', 'picking', 'ready', 'shipped', 'new', 'done', 'done', 'cancelled', 'done'],
  employee: ['new', 'confirmed', 'approval', 'done'],
  retail: ['new', 'confirmed', 'picking', 'done'],
} as const;

export function fixtureSet(name: FixtureSetName): FixtureSet {
  const index = FIXTURE_SETS.indexOf(name);
  if (index < 0) throw new Error(`unknown e2e fixture set: ${name}`);
  const domain = `e2e-${name}.by`;
  const phone = (k: number) => `+375 29 ${String(700 + index).padStart(3, '0')}-${String(10 + k).padStart(2, '0')}-${String(10 + index).padStart(2, '0')}`;
  const person = (role: string, local: string, personName: string, k: number): FixturePerson => ({ id: `e2e-${name}-${role}`, email: `${local}@${domain}`, name: personName, phone: phone(k) });
  const employeeOrders = ORDER_PLAN.admin.length;
  const retailOrders = employeeOrders + ORDER_PLAN.employee.length;
  return {
    name,
    domain,
    company: { name: `ООО «СтройМонтаж ${name}»`, unp: unpFor(index), iban: 'BY20ALFA30122345670010270000', discountPercent: 7, managerName: 'Дмитрий Козлов' },
    admin: person('admin', 'admin', 'Ольга Ковалёва', 1),
    employee: person('employee', 'prorab', 'Сергей Данилович', 2),
    supply: { ...person('supply', 'zakup', 'Марина Ясюкевич', 3), orderLimit: '500.00' },
    blocked: person('blocked', 'snab', 'Андрей Литвинчук', 4),
    invited: person('invited', 'novichok', 'Павел Гринкевич', 5),
    storekeeper: person('storekeeper', 'sklad', 'Павел Сидорович', 6),
    retail: person('retail', 'client', 'Иван Петров', 7),
    staff: person('staff', 'manager', 'Наталья Жук', 8),
    editor: person('editor', 'editor', 'Алина Ковальчук', 9),
    orders: {
      retailPicking: fixtureOrderNumber(index, retailOrders + ORDER_PLAN.retail.indexOf('picking')),
      adminDone: fixtureOrderNumber(index, ORDER_PLAN.admin.indexOf('done')),
    },
  };
}
