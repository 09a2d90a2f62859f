import { describe, expect, it } from 'vitest';
import { addressLine, checkAddress, composeAddress, findLocality, normalizeBuilding, normalizeFlat, normalizeHouse, parseLegacy } from '../../src/server/geo/address';

const ok = (input: Parameters<typeof checkAddress>[0], region?: string) => {
  const r = checkAddress(input, region);
  if ('errors' in r) throw new Error(JSON.stringify(r.errors));
  return r.fields;
};
const errs = (input: Parameters<typeof checkAddress>[0]) => {
  const r = checkAddress(input);
  return 'errors' in r ? Object.fromEntries(r.errors.map((e) => [e.key, e.message])) : {};
};

describe('house numbers (Belarusian forms)', () => {
  it('accepts 12, 12А, 12/1, 12/1Б and writes the letter upper-case, joined', () => {
    expect(normalizeHouse('12')).toEqual({ house: '12', building: null });
    expect(normalizeHouse('12а')).toEqual({ house: '12А', building: null });
    expect(normalizeHouse('12 а')).toEqual({ house: '12А', building: null });
    expect(normalizeHouse('12-Б')).toEqual({ house: '12Б', building: null });
    expect(normalizeHouse('12/1')).toEqual({ house: '12/1', building: null });
    expect(normalizeHouse('12 / 1б')).toEqual({ house: '12/1Б', building: null });
  });
  it('splits a корпус typed in the house field', () => {
    expect(normalizeHouse('12 к2')).toEqual({ house: '12', building: '2' });
    expect(normalizeHouse('12к2')).toEqual({ house: '12', building: '2' });
    expect(normalizeHouse('7А корп. 3')).toEqual({ house: '7А', building: '3' });
    expect(normalizeHouse('7 корпус 3')).toEqual({ house: '7', building: '3' });
  });
  it('refuses what is not a house number', () => {
    for (const bad of ['', 'абв', '0', '012', '12345', '12A', '12-14', '12 13', 'д. 12', '12ъ', '12/', '/1', '12 корп.', 'Советская 12']) expect(normalizeHouse(bad), bad).toBeNull();
  });
});

describe('корпус, квартира', () => {
  it('normalises a корпус and refuses words', () => {
    expect(normalizeBuilding('2')).toBe('2');
    expect(normalizeBuilding('к. 2а')).toBe('2А');
    expect(normalizeBuilding('корп 3')).toBe('3');
    expect(normalizeBuilding('второй')).toBeNull();
  });
  it('takes a flat number with a letter, or an office, and refuses the rest', () => {
    expect(normalizeFlat('17')).toBe('17');
    expect(normalizeFlat('кв. 17а')).toBe('17А');
    expect(normalizeFlat('офис 5')).toBe('офис 5');
    expect(normalizeFlat('оф.5')).toBe('офис 5');
    expect(normalizeFlat('пом. 3')).toBe('пом. 3');
    expect(normalizeFlat('у двери')).toBeNull();
    expect(normalizeFlat('17; DROP')).toBeNull();
  });
});

describe('localities', () => {
  it('finds a locality typed or picked from the suggestions', () => {
    for (const typed of ['Гомель', 'г. Гомель', 'гомель', 'Гомельская обл., г. Гомель']) expect(findLocality(typed), typed).toEqual({ locality: expect.objectContaining({ name: 'Гомель', region: 'Гомельская обл.' }) });
    expect(findLocality('Рогачев')).toEqual({ locality: expect.objectContaining({ name: 'Рогачёв' }) });
    expect(findLocality('Гомелъ')).toBeNull();
    expect(findLocality('Москва')).toBeNull();
  });
  it('asks which one when a name is in two regions, and takes the region of a suggestion', () => {
    const both = findLocality('Свислочь');
    expect(both && 'ambiguous' in both && both.ambiguous.map((l) => l.region).sort()).toEqual(['Гродненская обл.', 'Минская обл.']);
    expect(findLocality('Свислочь', 'Минская обл.')).toEqual({ locality: expect.objectContaining({ kind: 'г.п.', region: 'Минская обл.' }) });
    expect(findLocality('Гродненская обл., г. Свислочь')).toEqual({ locality: expect.objectContaining({ kind: 'г.', region: 'Гродненская обл.' }) });
  });
});

describe('checkAddress and the composed line', () => {
  it('normalises every field and composes one display line', () => {
    const f = ok({ city: 'гомель', street: ' ул.  Советская ', house: '41 к2', flat: 'кв. 17', entrance: '3' });
    expect(f).toEqual({ city: 'Гомель', region: 'Гомельская обл.', street: 'ул. Советская', house: '41', building: '2', flat: '17', entrance: '3' });
    expect(composeAddress(f)).toBe('Гомельская обл., г. Гомель, ул. Советская, д. 41, корп. 2');
    expect(addressLine(f)).toBe('Гомельская обл., г. Гомель, ул. Советская, д. 41, корп. 2, кв. 17, подъезд 3');
    expect(addressLine(ok({ city: 'Минск', street: 'пр. Независимости', house: '12/1', flat: 'офис 5' }))).toBe('г. Минск, пр. Независимости, д. 12/1, офис 5');
    expect(composeAddress(ok({ city: 'Боровляны', street: 'ул. Лесная', house: '3' }))).toBe('Минская обл., Минский р-н, аг. Боровляны, ул. Лесная, д. 3');
  });
  it('names every wrong field with what to fix', () => {
    expect(errs({})).toEqual({ city: 'обязательное поле', street: 'обязательное поле', house: 'обязательное поле' });
    const e = errs({ city: 'Гомелъ', street: '41', house: '12-14', building: 'второй', flat: 'у двери', entrance: '0' });
    expect(Object.keys(e)).toEqual(['city', 'street', 'house', 'building', 'flat', 'entrance']);
    expect(e.city).toMatch(/нет в списке/);
    expect(e.house).toBe('номер дома указывается так: 12, 12А, 12/1 или 12 к2');
    expect(errs({ city: 'Свислочь', street: 'Ленина', house: '1' }).city).toMatch(/несколько .*Гродненская обл\., г\. Свислочь.*Минская обл\., г\.п\. Свислочь/);
    expect(errs({ city: 'Минск', street: 'Ленина', house: '1 к2', building: '3' }).building).toMatch(/по-разному/);
    expect(errs({ city: 'Минск', street: 'Л'.repeat(121), house: '1' }).street).toBe('не длиннее 120 символов');
  });
  it('accepts the same корпус given twice', () => {
    expect(ok({ city: 'Минск', street: 'Ленина', house: '1 к2', building: '2' }).building).toBe('2');
  });
});

describe('legacy lines', () => {
  it('pre-fills the fields from a line saved before addresses had fields', () => {
    expect(parseLegacy('г. Гомель, ул. Советская, 41, кв. 17')).toEqual({ city: 'Гомель', region: 'Гомельская обл.', street: 'ул. Советская', house: '41', flat: '17' });
    expect(parseLegacy('Гомельская обл., г. Гомель, Советская 41')).toEqual({ city: 'Гомель', region: 'Гомельская обл.', street: 'Советская', house: '41' });
    expect(parseLegacy('Минск, пр. Независимости, д. 12/1, корп. 2')).toEqual({ city: 'Минск', region: '', street: 'пр. Независимости', house: '12/1', building: '2' });
    expect(parseLegacy('г. Гомель, Советская 41 кв 17 (домофон не работает)')).toEqual({ city: 'Гомель', region: 'Гомельская обл.', street: 'Советская', house: '41', flat: '17' });
    expect(parseLegacy('у магазина за углом')).toEqual({ street: 'у магазина за углом' });
  });
});
