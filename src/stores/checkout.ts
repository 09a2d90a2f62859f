/**
 * Client side of checkout and orders: the spec §7 calls and their response types (type-only
 * imports from the server modules: nothing of the server is bundled).
 */
import { api } from './api';
import { refreshHeader } from './header';
import type { CheckoutState } from '../server/checkout/state';
import type { Placed } from '../server/checkout/submit';
import type { AddressSuggestion } from '../server/geo/suggest';
import type { SavedSuggestion } from '../server/checkout/addresses';
import type { Organization } from '../server/company/organizations';
import type { CopySelection, RepeatPreviewItem, RepeatReport } from '../server/orders/actions';

export type { CheckoutState, Placed, AddressSuggestion, SavedSuggestion, Organization, RepeatReport, RepeatPreviewItem, CopySelection };
export { formatPrice as money, plural } from '../lib/format';

export const loadCheckout = () => api<CheckoutState>('/web/orderCheckout/');
export const createOrder = (body: Record<string, unknown>) => api<Placed>('/api/order/create/', { method: 'POST', body });
export const suggestAddresses = (search: string) => api<{ saved: SavedSuggestion[]; suggestions: AddressSuggestion[] }>('/api/address/listWithSeparation/', { method: 'POST', body: { search } });
export const findOrganizations = (search: string) => api<{ items: Organization[] }>('/api/organization/list/', { method: 'POST', body: { search } });

export const loadRepeatPreview = (orderNumber: string) => api<{ order_number: string; items: RepeatPreviewItem[] }>(`/web/profile/basket/${encodeURIComponent(orderNumber)}/`);

/** «Повторить заказ»: every line (no `lines`), or only what the buyer ticked in the preview. */
export async function repeatOrder(orderNumber: string, lines?: CopySelection): Promise<RepeatReport> {
  try {
    return await api<RepeatReport>('/api/profile/orders/copy/', { method: 'POST', body: { order_number: orderNumber, lines }, once: true });
  } finally {
    void refreshHeader();
  }
}
export const cancelOrder = (orderNumber: string) => api<{ status: string }>('/api/profile/orders/cancel/', { method: 'POST', body: { order_number: orderNumber } });
export const decideOrder = (orderNumber: string, approve: boolean, comment?: string) => api<{ status: string }>('/api/profile/orders/approve/', { method: 'POST', body: { order_number: orderNumber, approve: approve ? 'Y' : 'N', comment } });
