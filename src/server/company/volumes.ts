/**
 * Expected monthly purchase volumes a contract request offers (BYN with VAT). Ranges rather than an
 * exact sum: that is what a sales manager needs to prepare terms, and what an admin can answer.
 * Pure data: the contract form island imports it too.
 */
export const MONTHLY_VOLUMES = {
  up_to_5k: 'до 5 000 BYN',
  '5k_20k': '5 000 – 20 000 BYN',
  '20k_50k': '20 000 – 50 000 BYN',
  over_50k: 'более 50 000 BYN',
} as const;

export type MonthlyVolume = keyof typeof MONTHLY_VOLUMES;
