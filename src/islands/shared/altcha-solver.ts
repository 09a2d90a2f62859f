/** Browser side of the ALTCHA proof of work: loaded only when a visitor starts filling a form. */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

export async function solve(challenge: unknown): Promise<string> {
  const c = challenge as Challenge;
  const solution = await solveChallenge({ challenge: c, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('captcha');
  return btoa(JSON.stringify({ challenge: c, solution }));
}
