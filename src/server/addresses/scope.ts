/**
 * Whose delivery addresses a viewer sees and may change. For a company user the addresses belong to
 * the company (every employee sees them; only the admin or an employee with `manage_addresses`
 * changes them); a retail customer has their own. The condition goes into the same SQL statement
 * as the id, so another user's or another company's address is "not found" (404), never touched.
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { deliveryAddresses } from '../db/schema';
import { forbiddenError, type Viewer } from '../http/guard';
import { t } from '../../i18n';

type Who = Pick<Viewer, 'id' | 'companyId' | 'can'>;

/** The addresses a viewer sees: the company's, or (retail) their own. */
export function addressesOf(viewer: Pick<Viewer, 'id' | 'companyId'>): SQL {
  return viewer.companyId ? eq(deliveryAddresses.companyId, viewer.companyId) : and(eq(deliveryAddresses.userId, viewer.id), isNull(deliveryAddresses.companyId))!;
}

/** May this viewer add, delete or edit the addresses they see? */
export function mayManageAddresses(viewer: Who): boolean {
  return viewer.can('manage_addresses');
}

/** The addresses a viewer may change; a company employee without the right gets 403. */
export function managedBy(viewer: Who): SQL {
  if (!mayManageAddresses(viewer)) throw forbiddenError(t('ADDR_ERR_READ_ONLY'));
  return addressesOf(viewer);
}
