/**
 * The seller's requisites: one place for the footer, the legal pages, the delivery terms and
 * (checkout) the invoice. A Belarusian online shop must show its legal name, УНП, legal address,
 * its registration in the Trade Register and its contacts (Закон «О торговле», Положение о порядке
 * организации и осуществления торговли с использованием сети Интернет).
 *
 * Demo values: plausible, not a real company. Replace them with the registration certificate's data.
 */
export const SELLER = {
  /** Full legal name as registered. */
  legalName: 'Общество с ограниченной ответственностью «Инструмент.бай»',
  shortName: 'ООО «Инструмент.бай»',
  /** Учётный номер плательщика: 9 digits. */
  unp: '193456782',
  legalAddress: '220036, г. Минск, ул. Тимирязева, 65Б, пом. 12',
  postalAddress: '220036, г. Минск, ул. Тимирязева, 65Б',
  /** State registration (ЕГР). */
  registration: {
    authority: 'Минский городской исполнительный комитет',
    /** «Зарегистрировано Мингорисполкомом» */
    authorityBy: 'Мингорисполкомом',
    date: '2019-03-14',
    number: '193456782',
  },
  /** Entry in the Trade Register of the Republic of Belarus. */
  tradeRegister: { number: '512874', date: '2019-05-20' },
  /** Official registration of the online shop's domain in BY. */
  domain: 'instrument.by',
  bank: {
    iban: 'BY86ALFA30122891230010270000',
    name: 'ЗАО «Альфа-Банк»',
    bic: 'ALFABY2X',
    address: 'г. Минск, ул. Сурганова, 43-47',
  },
  director: 'Козловский Андрей Викторович',
  /** As signed on invoices. */
  directorShort: 'Козловский А. В.',
  accountantShort: 'Сидоренко Е. Н.',
  phone: '+375 17 388-10-10',
  phoneHref: 'tel:+375173881010',
  email: 'info@instrument.by',
  /** Consumer complaints and requests (Закон «О защите прав потребителей»). */
  complaintsEmail: 'claims@instrument.by',
  hours: 'Пн–Пт 8:30–19:00, Сб 9:00–16:00',
  /** The book of remarks and suggestions is kept at the legal address. */
  remarksBook: 'Книга замечаний и предложений находится по адресу: г. Минск, ул. Тимирязева, 65Б',
} as const;

/** Delivery and payment terms (the info page `dostavka-i-oplata`, edited in the desk), linked near every price and from the basket. */
export const DELIVERY_TERMS_URL = '/dostavka-i-oplata/';

/** «14.03.2019» */
export function ruDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

/** The lines every page's footer prints, in this order (the legal pages show the full requisites). */
export function sellerLines(): string[] {
  const s = SELLER;
  return [
    `${s.shortName}, УНП ${s.unp}`,
    `Юридический адрес: ${s.legalAddress}`,
    `Зарегистрировано ${s.registration.authorityBy} ${ruDate(s.registration.date)}, № ${s.registration.number}`,
    `Торговый реестр Республики Беларусь: № ${s.tradeRegister.number} от ${ruDate(s.tradeRegister.date)}`,
  ];
}

/** VAT rate in Belarus, included in every price of the store (checkout, invoices, export feeds). */
export const VAT_RATE = 20;
// The VAT included in an amount is computed in kopecks by src/server/lib/money.ts `vatIncluded`.
