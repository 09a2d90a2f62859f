/**
 * Amounts in words for documents («Сто двенадцать белорусских рублей 40 копеек»), by
 * number-to-words-ru with the Belarusian rouble described as its own currency (the library knows
 * only the Russian one).
 */
import words from 'number-to-words-ru';
import { moneyText } from '../lib/money';

const BYN = {
  currencyNameCases: ['белорусский рубль', 'белорусских рубля', 'белорусских рублей'] as [string, string, string],
  fractionalPartNameCases: ['копейка', 'копейки', 'копеек'] as [string, string, string],
  currencyNounGender: { integer: 0 as const, fractionalPart: 1 as const },
  fractionalPartMinLength: 2,
};

export function bynInWords(amount: number): string {
  return words.convert(moneyText(amount), { currency: BYN });
}
