/**
 * Ownership is part of the query: the condition below goes into the same SELECT, UPDATE or DELETE
 * as the id, so a row that is not the viewer's is never loaded, changed or told apart from a row
 * that does not exist — both answer 404.
 */
import { eq, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { t } from '../../i18n';
import { ERR, HttpError } from './api';
import type { Viewer } from './guard';

export type OwnerColumns = {
  /** The column holding the owning user's id. */
  user: AnyPgColumn;
  /** The column holding the owning company's id, for rows a company shares. */
  company?: AnyPgColumn;
};

/**
 * Rows of this viewer: their own, and — when `companyWide` — every row of their company too
 * (a company admin's view of the company's orders, a company's shared addresses).
 */
export function ownedBy(viewer: Viewer, cols: OwnerColumns, opts: { companyWide?: boolean } = {}): SQL {
  const own = eq(cols.user, viewer.id);
  if (opts.companyWide && cols.company && viewer.companyId) return or(own, eq(cols.company, viewer.companyId))!;
  return own;
}

/** Rows of the viewer's company only (company-owned data such as its users); never matches for a retail customer. */
export function ofCompany(viewer: Viewer, companyColumn: AnyPgColumn): SQL {
  return eq(companyColumn, viewer.companyId ?? -1);
}

export const notFoundError = (message = t('ERR_NOT_FOUND')) => new HttpError(404, [{ code: ERR.NOT_FOUND, message }]);

/** The one row a guarded query found, or 404 (not found and not yours look the same). */
export function oneOr404<T>(rows: T[], message?: string): T {
  const row = rows[0];
  if (row === undefined) throw notFoundError(message);
  return row;
}
