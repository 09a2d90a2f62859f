/**
 * A contractor company's users as its admin sees them (spec §3 "Contractor employee user", §4 users
 * list tabs): GET web/personal/contragent/getUsersList/ and getUser/. Every query carries the
 * admin's company in its WHERE (ofCompany), so another company's user is "not found" (404).
 */
import type { LimitPeriod } from '../orders/limit-period';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Viewer } from '../http/guard';
import { ofCompany, oneOr404 } from '../http/ownership';
import { paginate, type PageNavigation } from '../http/paging';
import { PERMISSION_CODES, PERMISSIONS, scopeOf, type Permission } from '../auth/permissions';
import { USERS_PAGE_SIZE } from '../../config/constants';
import { t } from '../../i18n';

/** One user as the admin's list and card show them (spec field names: userId, active, blocked, scope). */
export type CompanyUser = {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  /** Job title (прораб, снабженец…), free text. */
  position: string | null;
  isContragentAdmin: boolean;
  active: 'Y' | 'N';
  blocked: 'Y' | 'N';
  /** The spec's scope: isContragentAdmin plus every permission the user has. */
  scope: string[];
  /** Permissions as granted (for an admin: every one). */
  permissions: Permission[];
  /** Spending limit in BYN ("1500.00"), or null for none. */
  orderLimit: string | null;
  /** What the limit counts: one order, or the Minsk day, week or month (issue 28 #3). */
  orderLimitPeriod: LimitPeriod;
  lastLoginAt: string | null;
  /** Added by the admin and has not set a password yet (the invitation is still open). */
  invitationPending: boolean;
  createdAt: string;
  /** The viewer themself. */
  isSelf: boolean;
};

export type UsersTab = 'activeUsers' | 'blockedUsers';

export type UsersList = {
  tab: UsersTab;
  activeUsers?: CompanyUser[];
  blockedUsers?: CompanyUser[];
  pageNavigation: PageNavigation;
  /** The blocked tab exists only when someone is blocked (spec §3 haveBlocked). */
  haveBlocked: boolean;
  counts: { active: number; blocked: number };
  search: string;
};

// Qualified by hand: inside the subquery an unqualified "id" would be the account's.
const hasPassword = sql<boolean>`EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = "users"."id" AND a.provider_id = 'credential' AND a.password IS NOT NULL)`;

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  position: users.position,
  companyId: users.companyId,
  isContragentAdmin: users.isContragentAdmin,
  active: users.active,
  blocked: users.blocked,
  permissions: users.permissions,
  orderLimit: users.orderLimit,
  orderLimitPeriod: users.orderLimitPeriod,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  hasPassword,
};

type Row = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  position: string | null;
  companyId: number | null;
  isContragentAdmin: boolean;
  active: boolean;
  blocked: boolean;
  permissions: string[];
  orderLimit: string | null;
  orderLimitPeriod: LimitPeriod;
  lastLoginAt: Date | null;
  createdAt: Date;
  hasPassword: boolean;
};

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

function toCompanyUser(r: Row, viewer: Viewer): CompanyUser {
  const subject = { companyId: r.companyId, isContragentAdmin: r.isContragentAdmin, permissions: r.permissions };
  return {
    userId: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    position: r.position,
    isContragentAdmin: r.isContragentAdmin,
    active: r.active ? 'Y' : 'N',
    blocked: r.blocked ? 'Y' : 'N',
    scope: scopeOf(subject),
    permissions: r.isContragentAdmin ? [...PERMISSION_CODES].filter((p) => p !== 'invoice_only') : PERMISSION_CODES.filter((p) => r.permissions.includes(p)),
    orderLimit: r.isContragentAdmin || r.orderLimit == null ? null : Number(r.orderLimit).toFixed(2),
    orderLimitPeriod: r.orderLimitPeriod,
    lastLoginAt: iso(r.lastLoginAt),
    invitationPending: !r.hasPassword,
    createdAt: iso(r.createdAt)!,
    isSelf: r.id === viewer.id,
  };
}

/** Name, e-mail or phone (any way the phone is typed: only its digits are compared). */
function searchCondition(search: string): SQL | undefined {
  const q = search.trim();
  if (!q) return undefined;
  const like = `%${q.replace(/[%_\\]/g, '\\$&')}%`;
  const parts: SQL[] = [ilike(users.name, like), ilike(users.email, like), ilike(users.position, like)];
  // A phone typed with its prefix (+375 33…, 8 033…, 033…) is searched by its national digits.
  const digits = q.replace(/\D/g, '').replace(/^(375|80|0)/, '');
  if (digits.length >= 3) parts.push(sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}`);
  return or(...parts);
}

export async function listCompanyUsers(db: Db, viewer: Viewer, opts: { blocked: boolean; page: number; search?: string }): Promise<UsersList> {
  const search = (opts.search ?? '').trim();
  const mine = ofCompany(viewer, users.companyId);
  const found = searchCondition(search);
  const [counts] = await db
    .select({
      active: sql<number>`count(*) FILTER (WHERE NOT ${users.blocked})::int`,
      blocked: sql<number>`count(*) FILTER (WHERE ${users.blocked})::int`,
      activeFound: sql<number>`count(*) FILTER (WHERE NOT ${users.blocked} AND ${found ?? sql`true`})::int`,
      blockedFound: sql<number>`count(*) FILTER (WHERE ${users.blocked} AND ${found ?? sql`true`})::int`,
    })
    .from(users)
    .where(mine);
  const total = Number(opts.blocked ? counts?.blockedFound : counts?.activeFound) || 0;
  const { navigation: nav, offset } = paginate(total, opts.page, USERS_PAGE_SIZE);
  const rows = (await db
    .select(userColumns)
    .from(users)
    .where(and(mine, eq(users.blocked, opts.blocked), found))
    .orderBy(desc(users.isContragentAdmin), asc(users.name), asc(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset(offset)) as Row[];
  const tab: UsersTab = opts.blocked ? 'blockedUsers' : 'activeUsers';
  const blocked = Number(counts?.blocked) || 0;
  return {
    tab,
    [tab]: rows.map((r) => toCompanyUser(r, viewer)),
    pageNavigation: nav,
    haveBlocked: blocked > 0,
    counts: { active: Number(counts?.active) || 0, blocked },
    search,
  };
}

/** One user of the viewer's company, or 404 (another company's user is not told apart from none). */
export async function getCompanyUser(db: Db, viewer: Viewer, userId: string): Promise<CompanyUser> {
  const rows = (await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, userId), ofCompany(viewer, users.companyId)))
    .limit(1)) as Row[];
  return toCompanyUser(oneOr404(rows, t('COMPANY_USER_NOT_FOUND')), viewer);
}

/** How many users of the viewer's company are active and blocked (the tabs' counters, spec haveBlocked). */
export async function companyUserCounts(db: Db, viewer: Viewer): Promise<{ active: number; blocked: number; haveBlocked: boolean }> {
  const [row] = await db
    .select({ active: sql<number>`count(*) FILTER (WHERE NOT ${users.blocked})::int`, blocked: sql<number>`count(*) FILTER (WHERE ${users.blocked})::int` })
    .from(users)
    .where(ofCompany(viewer, users.companyId));
  const blocked = Number(row?.blocked) || 0;
  return { active: Number(row?.active) || 0, blocked, haveBlocked: blocked > 0 };
}

/** What an admin may grant, with the labels of auth/permissions.ts, in display order. */
export function grantablePermissions(): { code: Permission; label: string }[] {
  return PERMISSION_CODES.map((code) => ({ code, label: PERMISSIONS[code] }));
}
