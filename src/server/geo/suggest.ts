/**
 * Locality and street suggestions behind one interface, so that a paid address service (DaData,
 * a national address register) can replace the built-in list by implementing `AddressSource` and
 * calling `useAddressSource()` at start-up. The built-in source needs no outside service: it knows
 * every Belarusian city and town with its region (localities-by.ts) and keeps what the buyer typed
 * after the locality ("Гомель, Советская 41" → "Гомельская обл., г. Гомель, Советская 41").
 * No street suggestions: no dataset of Belarusian streets is available to ship (decision 0280); the
 * street is checked for form only (geo/address.ts), the locality must be one of the list.
 */
import { LOCALITIES, type Locality } from './localities-by';
import { localityLine } from './address';

export type AddressSuggestion = {
  /** The whole address line to put into the field. */
  value: string;
  locality: string;
  kind: Locality['kind'];
  region: string;
  district: string | null;
  /** What the buyer typed after the locality (street, house), if anything. */
  street: string | null;
};

export interface AddressSource {
  readonly name: string;
  suggest(query: string, limit: number): Promise<AddressSuggestion[]>;
}

const fold = (s: string) => s.toLowerCase().replace(/ё/g, 'е').replace(/[^a-zа-я0-9]+/g, ' ').trim();
const KIND_PREFIX = /^(г\.?\s*п\.?|гп|г\.?|город|аг\.?|агрогородок|д\.?|дер\.?|деревня|пос\.?|посёлок|поселок)\s+/i;

export { localityLine };

const indexed = LOCALITIES.map((l, order) => ({ l, order, key: fold(l.name), words: fold(l.name).split(' ') }));

/** The shipped list: prefix of the name or of one of its words, cities before towns, larger first. */
export const builtinSource: AddressSource = {
  name: 'builtin',
  async suggest(query, limit) {
    const trimmed = query.trim();
    const comma = trimmed.indexOf(',');
    const head = (comma >= 0 ? trimmed.slice(0, comma) : trimmed).replace(KIND_PREFIX, '');
    const street = comma >= 0 ? trimmed.slice(comma + 1).trim() || null : null;
    const q = fold(head);
    if (q.length < 2) return [];
    const scored = indexed
      .map((x) => ({ x, score: x.key === q ? 0 : x.key.startsWith(q) ? 1 : x.words.some((w) => w.startsWith(q)) ? 2 : x.key.includes(q) ? 3 : -1 }))
      .filter((s) => s.score >= 0)
      .sort((a, b) => a.score - b.score || a.x.order - b.x.order)
      .slice(0, limit);
    return scored.map(({ x: { l } }) => ({ value: [localityLine(l), street ?? ''].filter(Boolean).join(', '), locality: l.name, kind: l.kind, region: l.region, district: l.district ?? null, street }));
  },
};

let current: AddressSource = builtinSource;

export function useAddressSource(source: AddressSource): void {
  current = source;
}

export function addressSource(): AddressSource {
  return current;
}
