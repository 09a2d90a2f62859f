/**
 * Address suggestions of the checkout (POST api/address/list/ and listWithSeparation/): the
 * buyer's own confirmed addresses first, then localities and streets from the address source.
 */
import type { Db } from '../db/client';
import { usableAddresses } from '../addresses/usable';
import { addressSource, type AddressSuggestion } from '../geo/suggest';
import type { Viewer } from '../http/guard';
import { addressText } from './submit';

export const SUGGEST_LIMIT = 10;

export type SavedSuggestion = { value: string; address_id: number; address: string; flat: string | null; entrance: string | null };

const fold = (s: string) => s.toLowerCase().replace(/ё/g, 'е');

export async function suggestAddresses(db: Db, viewer: Viewer | null, search: string): Promise<{ saved: SavedSuggestion[]; suggestions: AddressSuggestion[] }> {
  const q = fold(search.trim());
  const own = viewer ? await usableAddresses(db, viewer) : [];
  const saved = own
    .map((a) => ({ value: addressText(a.address, a.flat, a.entrance), address_id: a.id, address: a.address, flat: a.flat, entrance: a.entrance }))
    .filter((a) => !q || fold(a.value).includes(q))
    .slice(0, SUGGEST_LIMIT);
  const suggestions = await addressSource().suggest(search, SUGGEST_LIMIT);
  return { saved, suggestions };
}

/** The flat list of api/address/list/: saved addresses, then the rest. */
export async function addressList(db: Db, viewer: Viewer | null, search: string): Promise<{ items: { value: string; source: 'saved' | 'locality'; address_id: number | null }[] }> {
  const { saved, suggestions } = await suggestAddresses(db, viewer, search);
  return { items: [...saved.map((s) => ({ value: s.value, source: 'saved' as const, address_id: s.address_id })), ...suggestions.map((s) => ({ value: s.value, source: 'locality' as const, address_id: null }))] };
}
