/** Solves the site's ALTCHA challenge the way a browser does, so tests post forms like a visitor. */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Visitor } from './http';

export async function solveCaptcha(v: Visitor): Promise<string> {
  const { body } = await v.get('/api/captcha/challenge/');
  if (body.data.provider !== 'altcha') throw new Error('tests expect the default ALTCHA captcha');
  const solution = await solveChallenge({ challenge: body.data.challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge: body.data.challenge, solution })).toString('base64');
}
