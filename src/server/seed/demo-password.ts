/** The password of every demo and fixture account (README), apart so that tests naming it load no seed. */
export const DEMO_PASSWORD = 'Demo2026pass';
