/**
 * A delivery address as fields (issue 30, decision 0280): населённый пункт from the built-in list,
 * улица, дом, корпус, квартира/офис, подъезд — checked here, and composed into the one display line
 * every other place shows (orders, invoices, the staff desk, notifications, the 1C exchange, CRM).
 *
 * Pure functions only (no database, no zod): the personal area's and the checkout's schemas call
 * `checkAddress` with their own field names, and the unit tests call it directly.
 *
 * House numbers (Belarusian forms):
 *   «12»     a number, 1–4 digits, not starting with 0;
 *   «12А»    with a letter (Cyrillic; «12 а», «12-а» are written «12А»);
 *   «12/1»   a fraction (corner houses), optionally with a letter: «12/1Б»;
 *   «12 к2»  a house with its корпус typed in the house field («12к2», «12 корп. 2», «12 корпус 2»):
 *            split into house «12» and корпус «2» (refused if the корпус field says otherwise).
 * Anything else (Latin letters, «д. 12», ranges «12-14», several numbers) is refused with the forms above.
 */
import { LOCALITIES, type Locality } from './localities-by';

export type AddressFields = {
  /** Locality name, as in the list: «Гомель». */
  city: string;
  /** Its region ('' for Minsk): names repeat across regions (Свислочь). */
  region: string;
  street: string;
  house: string;
  building: string | null;
  /** Квартира or офис: «17», «17А», «офис 5». */
  flat: string | null;
  entrance: string | null;
};

/** What a form sends: every field as typed (undefined = not sent). */
export type AddressInput = { city?: string; street?: string; house?: string; building?: string; flat?: string; entrance?: string };
export type AddressKey = keyof AddressInput;
export type AddressError = { key: AddressKey; message: string };

export const ADDRESS_MESSAGES = {
  required: 'обязательное поле',
  cityUnknown: 'такого населённого пункта нет в списке. Выберите его из подсказок',
  cityAmbiguous: 'таких населённых пунктов несколько ({list}). Выберите нужный из подсказок',
  street: 'укажите название улицы (буквами), например «ул. Советская»',
  house: 'номер дома указывается так: 12, 12А, 12/1 или 12 к2',
  buildingConflict: 'корпус указан и в номере дома ({a}), и в поле «Корпус» ({b}) по-разному',
  building: 'корпус указывается номером: 2 или 2А',
  flat: 'квартира — номер из цифр и букв: 17, 17А; офис — «офис 5»',
  entrance: 'подъезд — номер от 1 до 99',
  tooLong: 'не длиннее {n} символов',
} as const;

const fold = (s: string) => s.toLowerCase().replace(/ё/g, 'е').replace(/[^a-zа-я0-9]+/g, ' ').trim();
const KIND_PREFIX = /^(г\.?\s*п\.?|гп|г\.?|город|аг\.?|агрогородок)\s+/i;
const spaces = (s: string) => s.replace(/\s+/g, ' ').trim();

/** «г. Гомель», «г.п. Мир», «аг. Боровляны». */
export const localityName = (l: Pick<Locality, 'kind' | 'name'>) => `${l.kind} ${l.name}`;
/** With its region (and district): «Гомельская обл., г. Гомель»; Minsk alone: «г. Минск». */
export function localityLine(l: Locality): string {
  return [l.region, l.district ?? '', localityName(l)].filter(Boolean).join(', ');
}

const byName = new Map<string, Locality[]>();
for (const l of LOCALITIES) {
  const k = fold(l.name);
  byName.set(k, [...(byName.get(k) ?? []), l]);
}

/**
 * A locality as typed or as picked from the suggestions: «Гомель», «г. Гомель», «гомель»,
 * «Гомельская обл., г. Гомель». A name found in several regions needs the region (the suggestion
 * carries it). `region`, when given, picks among namesakes.
 */
export function findLocality(typed: string, region?: string | null): { locality: Locality } | { ambiguous: Locality[] } | null {
  const parts = typed.split(',').map((p) => p.trim()).filter(Boolean);
  if (!parts.length) return null;
  const name = parts[parts.length - 1]!.replace(KIND_PREFIX, '');
  const found = byName.get(fold(name)) ?? [];
  if (!found.length) return null;
  const wantRegion = parts.length > 1 ? parts[0]! : region ?? null;
  const narrowed = wantRegion != null && wantRegion !== '' ? found.filter((l) => fold(l.region) === fold(wantRegion)) : found;
  if (narrowed.length === 1) return { locality: narrowed[0]! };
  if (found.length === 1 && !narrowed.length) return { locality: found[0]! };
  return { ambiguous: narrowed.length ? narrowed : found };
}

const HOUSE = /^([1-9]\d{0,3})\s*-?\s*([а-яё])?(?:\s*\/\s*([1-9]\d{0,3})\s*-?\s*([а-яё])?)?(?:\s*(?:к|корп\.?|корпус)\s*\.?\s*([1-9]\d{0,2}[а-яё]?))?$/i;
/** The house forms accepted (see the module comment); exported for the docs and tests. */
export const HOUSE_RULE = HOUSE;
const BAD_LETTERS = /[ъыьй]/i;

/** «12 а» → «12А», «12/1» → «12/1», «12 к2» → { house: «12», building: «2» }; null when not a house number. */
export function normalizeHouse(raw: string): { house: string; building: string | null } | null {
  const m = HOUSE.exec(spaces(raw));
  if (!m) return null;
  const [, n, letter, frac, fracLetter, korpus] = m;
  if ([letter, fracLetter].some((x) => x && BAD_LETTERS.test(x))) return null;
  const house = `${n}${(letter ?? '').toUpperCase()}${frac ? `/${frac}${(fracLetter ?? '').toUpperCase()}` : ''}`;
  return { house, building: korpus ? korpus.toUpperCase() : null };
}

/** «2», «к. 2», «корп 2А» → «2», «2А». */
export function normalizeBuilding(raw: string): string | null {
  const m = /^(?:к|корп|корпус)?\.?\s*([1-9]\d{0,2})\s*([а-яё])?$/i.exec(spaces(raw));
  if (!m || (m[2] && BAD_LETTERS.test(m[2]))) return null;
  return `${m[1]}${(m[2] ?? '').toUpperCase()}`;
}

/** «17», «кв. 17» → «17»; «17а» → «17А»; «офис 5», «оф. 5», «пом. 3» → «офис 5», «пом. 3». */
export function normalizeFlat(raw: string): string | null {
  const s = spaces(raw);
  const flat = /^(?:кв\.?|квартира)?\s*(\d{1,5})\s*-?\s*([а-яё])?$/i.exec(s);
  if (flat) return `${flat[1]}${(flat[2] ?? '').toUpperCase()}`;
  const office = /^(офис|оф\.?|пом\.?|помещение)\s*(\d{1,5}[а-яё]?)$/i.exec(s);
  if (office) return `${/^оф/i.test(office[1]!) ? 'офис' : 'пом.'} ${office[2]!.toUpperCase()}`;
  return null;
}

export function normalizeEntrance(raw: string): string | null {
  const m = /^(?:подъезд|п\.)?\s*([1-9]\d?)$/i.exec(spaces(raw));
  return m ? m[1]! : null;
}

const LIMITS: Record<AddressKey, number> = { city: 100, street: 120, house: 30, building: 10, flat: 20, entrance: 10 };
const fill = (s: string, vars: Record<string, string | number>) => Object.entries(vars).reduce((a, [k, v]) => a.replaceAll(`{${k}}`, String(v)), s);

/**
 * Checks and normalises an address typed into the fields. Every wrong field is reported (in the
 * form's order), each with what to fix; `region` is the one the suggestion carried, if any.
 */
export function checkAddress(input: AddressInput, region?: string | null): { fields: AddressFields } | { errors: AddressError[] } {
  const errors: AddressError[] = [];
  const v = (k: AddressKey) => spaces(input[k] ?? '');
  for (const k of Object.keys(LIMITS) as AddressKey[]) if (v(k).length > LIMITS[k]) errors.push({ key: k, message: fill(ADDRESS_MESSAGES.tooLong, { n: LIMITS[k] }) });
  if (errors.length) return { errors };

  let locality: Locality | null = null;
  if (!v('city')) errors.push({ key: 'city', message: ADDRESS_MESSAGES.required });
  else {
    const found = findLocality(v('city'), region);
    if (!found) errors.push({ key: 'city', message: ADDRESS_MESSAGES.cityUnknown });
    else if ('ambiguous' in found) errors.push({ key: 'city', message: fill(ADDRESS_MESSAGES.cityAmbiguous, { list: found.ambiguous.map(localityLine).join('; ') }) });
    else locality = found.locality;
  }
  const street = v('street');
  if (!street) errors.push({ key: 'street', message: ADDRESS_MESSAGES.required });
  else if (!/[а-яёa-z]{2}/i.test(street)) errors.push({ key: 'street', message: ADDRESS_MESSAGES.street });

  let house: { house: string; building: string | null } | null = null;
  if (!v('house')) errors.push({ key: 'house', message: ADDRESS_MESSAGES.required });
  else if (!(house = normalizeHouse(v('house')))) errors.push({ key: 'house', message: ADDRESS_MESSAGES.house });

  let building: string | null = null;
  if (v('building')) {
    building = normalizeBuilding(v('building'));
    if (!building) errors.push({ key: 'building', message: ADDRESS_MESSAGES.building });
  }
  if (house?.building && building && house.building !== building) errors.push({ key: 'building', message: fill(ADDRESS_MESSAGES.buildingConflict, { a: house.building, b: building }) });

  let flat: string | null = null;
  if (v('flat') && !(flat = normalizeFlat(v('flat')))) errors.push({ key: 'flat', message: ADDRESS_MESSAGES.flat });
  let entrance: string | null = null;
  if (v('entrance') && !(entrance = normalizeEntrance(v('entrance')))) errors.push({ key: 'entrance', message: ADDRESS_MESSAGES.entrance });

  if (errors.length || !locality || !house) return { errors };
  return { fields: { city: locality.name, region: locality.region, street, house: house.house, building: building ?? house.building, flat, entrance } };
}

function localityOf(f: Pick<AddressFields, 'city' | 'region'>): Locality {
  return LOCALITIES.find((l) => l.name === f.city && l.region === f.region) ?? { name: f.city, kind: 'г.', region: f.region };
}

/** The line without flat and entrance (delivery_addresses.address): «Гомельская обл., г. Гомель, ул. Советская, д. 41, корп. 2». */
export function composeAddress(f: Omit<AddressFields, 'flat' | 'entrance'>): string {
  return [localityLine(localityOf(f)), f.street, `д. ${f.house}`, f.building ? `корп. ${f.building}` : ''].filter(Boolean).join(', ');
}

/** A flat/entrance suffix for any address line: «кв. 17», «офис 5», «подъезд 2». */
export function withUnit(address: string, flat: string | null, entrance: string | null): string {
  // "12" is a flat number; "офис 12" already says what it is.
  const unit = flat ? (/^\d/.test(flat) ? `кв. ${flat}` : flat) : '';
  return [address, unit, entrance ? `подъезд ${entrance}` : ''].filter(Boolean).join(', ');
}

/** The whole display line of an order: the address, then flat and entrance. */
export const addressLine = (f: AddressFields) => withUnit(composeAddress(f), f.flat, f.entrance);

/**
 * Best effort for a line saved before addresses had fields (migration 0036 keeps it whole and flags
 * it): the locality it names, the street, the house. Only pre-fills the form the user completes —
 * nothing is saved from it without the user's check.
 */
export function parseLegacy(line: string): Partial<AddressInput> & { region?: string } {
  const parts = line.split(',').map((p) => p.trim()).filter(Boolean);
  const out: Partial<AddressInput> & { region?: string } = {};
  const rest: string[] = [];
  for (const p of parts) {
    if (!out.city && /обл\.?$|р-н$|район$/i.test(p)) continue;
    if (!out.city) {
      const found = findLocality(p);
      if (found && 'locality' in found) {
        out.city = found.locality.name;
        out.region = found.locality.region;
        continue;
      }
    }
    rest.push(p);
  }
  for (const p of rest) {
    const house = /^(?:д\.?|дом)\s*(.+)$/i.exec(p)?.[1] ?? p;
    if (!out.house && out.street && normalizeHouse(house)) out.house = normalizeHouse(house)!.house;
    else if (/^(кв\.?|квартира|офис|оф\.|пом\.)\s*\S+/i.test(p) && !out.flat) out.flat = normalizeFlat(p) ?? undefined;
    else if (/^(корп\.?|корпус|к\.?)\s*\d/i.test(p) && !out.building) out.building = normalizeBuilding(p) ?? undefined;
    else if (/^подъезд\s*\d+/i.test(p) && !out.entrance) out.entrance = normalizeEntrance(p) ?? undefined;
    else if (!out.street) {
      // «Советская 41»: the street and its house in one part.
      // «Советская 41 кв 17 (домофон)»: the house is the first number, a flat may follow.
      const m = /^(.*?[а-яё.])\s+(\d[^\s,]*)(.*)$/i.exec(p);
      if (m && normalizeHouse(m[2]!)) {
        out.street = m[1]!.trim();
        out.house = normalizeHouse(m[2]!)!.house;
        const flat = /(?:кв\.?|квартира)\s*(\d{1,5}[а-яё]?)/i.exec(m[3]!);
        if (flat && !out.flat) out.flat = normalizeFlat(flat[1]!) ?? undefined;
      } else out.street = p;
    }
  }
  return out;
}

/** The columns of delivery_addresses for checked fields: the composed line and each field. */
export function storedAddress(f: AddressFields) {
  return { address: composeAddress(f), city: f.city, region: f.region, street: f.street, house: f.house, building: f.building, flat: f.flat, entrance: f.entrance, unstructured: false };
}

/** Checked fields, or an Error (for code that writes addresses it made itself: the demo seed, fixtures). */
export function addressOrThrow(input: AddressInput, region?: string): AddressFields {
  const r = checkAddress(input, region);
  if ('errors' in r) throw new Error(`address ${JSON.stringify(input)}: ${r.errors.map((e) => `${e.key} ${e.message}`).join('; ')}`);
  return r.fields;
}
