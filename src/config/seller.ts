/**
 * The store's own legal requisites: the seller on every invoice («Счёт на оплату») and in the
 * footer. One place, so that a change of bank or address is one edit.
 */
export const SELLER = {
  legalName: 'ООО «Инструмент Бай»',
  shortName: 'Инструмент.by',
  /** УНП: 9-digit Belarusian taxpayer number. */
  unp: '193456782',
  legalAddress: '220012, г. Минск, ул. Тимирязева, 65Б, пом. 301',
  /** Settlement account (IBAN, 28 characters for Belarus). */
  iban: 'BY86AKBB30120000418050000000',
  bankName: 'ОАО «АСБ Беларусбанк», г. Минск',
  bic: 'AKBBBY2X',
  phone: '+375 17 388-10-10',
  email: 'info@instrument.by',
  director: 'Михайлов А. В.',
  accountant: 'Сидоренко Е. Н.',
} as const;

/** VAT rate in Belarus, included in every price of the store. */
export const VAT_RATE = 20;
