/**
 * Invisible captcha with no outside service by default: an ALTCHA proof of work (altcha-lib). The
 * browser spends about half a second finding a counter whose SHA-256 matches a signed prefix; bots
 * posting forms in bulk pay that per request. Challenges are HMAC-signed (stateless), expire after
 * 10 minutes and are single-use per server node.
 *
 * With RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET set, Google reCAPTCHA v3 (score-based, spec §5) is
 * used instead; its badge is hidden and the form shows the required notice.
 */
import { CappedMap, createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { captchaSecret } from '../http/secrets';
import { config } from '../config';

const TTL_MS = 10 * 60_000;
/** Never a public constant: CAPTCHA_SECRET, a key derived from AUTH_SECRET, or (development) random per process. */
const secret = captchaSecret;
const keySecret = () => `${secret()}:key`;
/** Signatures of solved challenges, so that one solution cannot be replayed (per node, for the challenge's lifetime). */
const used = new CappedMap<string, number>({ maxSize: 50_000 });

export const recaptchaConfigured = () => !!(config().RECAPTCHA_SITE_KEY && config().RECAPTCHA_SECRET);

/** The difficulty: the counter is random in this range (the solver starts from 0). */
const COUNTER = { min: 2_000, max: 12_000 };

export async function captchaChallenge(): Promise<{ provider: 'altcha'; challenge: Challenge } | { provider: 'recaptcha'; siteKey: string }> {
  if (recaptchaConfigured()) return { provider: 'recaptcha', siteKey: config().RECAPTCHA_SITE_KEY! };
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(COUNTER.min, COUNTER.max),
    deriveKey,
    expiresAt: new Date(Date.now() + TTL_MS),
    hmacSignatureSecret: secret(),
    hmacKeySignatureSecret: keySecret(),
  });
  return { provider: 'altcha', challenge };
}

async function verifyAltcha(payload: string): Promise<boolean> {
  let decoded: { challenge: Challenge; solution: Solution };
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (!decoded?.challenge?.parameters || !decoded.solution || typeof decoded.solution.counter !== 'number') return false;
  } catch {
    return false;
  }
  const result = await verifySolution({ challenge: decoded.challenge, solution: decoded.solution, deriveKey, hmacSignatureSecret: secret(), hmacKeySignatureSecret: keySecret() }).catch(() => null);
  if (!result?.verified) return false;
  const now = Date.now();
  if (used.size > 10_000) for (const [k, exp] of used) if (exp < now) used.delete(k);
  return used.setIfAbsent(decoded.challenge.signature!, now + TTL_MS);
}

async function verifyRecaptcha(token: string): Promise<boolean> {
  try {
    const res = await fetch('https://www.google.com/recaptcha/api/siteverify', {
      method: 'POST',
      body: new URLSearchParams({ secret: config().RECAPTCHA_SECRET!, response: token }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json()) as { success: boolean; score?: number };
    return body.success && (body.score ?? 0) >= config().RECAPTCHA_MIN_SCORE;
  } catch (e) {
    console.error('[captcha] reCAPTCHA verification failed', e);
    return false;
  }
}

export async function verifyCaptcha(value: string): Promise<boolean> {
  return recaptchaConfigured() ? verifyRecaptcha(value) : verifyAltcha(value);
}
