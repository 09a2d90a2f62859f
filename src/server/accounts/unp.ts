/**
 * УНП (учётный номер плательщика) of a Belarusian organisation: 9 digits — the region (1–7), a
 * serial number, and a check digit. The check digit is the weighted sum of the first eight digits
 * with the weights 29, 23, 19, 17, 13, 7, 5, 3, modulo 11; a remainder of 10 is never issued, so
 * such numbers are invalid. (Private persons' numbers with letters are not business customers.)
 * Pure: islands may import it to warn before sending.
 */
const WEIGHTS = [29, 23, 19, 17, 13, 7, 5, 3] as const;

/** Strips what people type around the number: spaces, dashes and a leading «УНП»/«UNP». */
export function normalizeUnp(value: string): string {
  return value
    .trim()
    .replace(/^(УНП|UNP)\s*:?\s*/i, '')
    .replace(/[\s-]/g, '');
}

/** The check digit for the first eight digits, or null when the remainder is 10 (no valid number). */
export function unpCheckDigit(firstEight: string): number | null {
  if (!/^\d{8}$/.test(firstEight)) return null;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(firstEight[i]) * WEIGHTS[i]!;
  const digit = sum % 11;
  return digit === 10 ? null : digit;
}

export type UnpProblem = 'format' | 'region' | 'check_digit';

/** Why a (normalized) value is not an organisation's УНП, or null when it is one. */
export function unpProblem(value: string): UnpProblem | null {
  if (!/^\d{9}$/.test(value)) return 'format';
  if (!/^[1-7]/.test(value)) return 'region';
  const digit = unpCheckDigit(value.slice(0, 8));
  return digit !== null && digit === Number(value[8]) ? null : 'check_digit';
}

export function isValidUnp(value: string): boolean {
  return unpProblem(normalizeUnp(value)) === null;
}
