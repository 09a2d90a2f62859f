/**
 * No call that takes an e-mail answers differently for a registered and an unregistered one: each
 * call is made for both under the same conditions, and the answers (status and body, with the
 * e-mail itself masked) must be identical. The one deliberate exception, the spec's
 * `user_not_auth` for an account without a password, is checked in accounts-codes.test.ts (first
 * authorization), together with its code flow answering like any other e-mail's.
 */
import { describe, expect, it } from 'vitest';
import { IpVisitor, nextCodeTo, uniqueEmail } from '../helpers/accounts';
import { solveCaptcha } from '../helpers/captcha';
import type { Envelope } from '../helpers/http';
import { fixture, PASSWORD as FIXTURE_PASSWORD } from '../helpers/fixtures';

/** This file's own signed-in customer (tests/helpers/fixtures.ts), not the demo one. */
const acc = fixture('accounts-enumeration');

const PASSWORD = 'Known2026pass';

async function registered(): Promise<string> {
  const v = new IpVisitor();
  const email = uniqueEmail('known');
  await v.post('/api/registration/', { type: 'retail', name: 'Пётр Ус', email, phone: '+375291230000', password: PASSWORD, confirm_password: PASSWORD, agree: 'Y', captcha: await solveCaptcha(v) });
  expect((await v.post('/api/registration/confirm/', { email, code: await nextCodeTo(email) })).body.status).toBe('success');
  return email;
}

type Call = (v: IpVisitor, email: string) => Promise<{ res: Response; body: Envelope }>;

/** Makes `call` for both e-mails, each from a fresh address, and returns the two masked answers. */
async function both(call: Call, known: string, unknown: string) {
  const run = async (email: string) => {
    const { res, body } = await call(new IpVisitor(), email);
    return { status: res.status, body: JSON.stringify(body).replaceAll(email, '<email>') };
  };
  return [await run(known), await run(unknown)] as const;
}

describe('answers do not depend on whether the e-mail is registered', () => {
  it('on every call that takes an e-mail', async () => {
    const signedIn = new IpVisitor();
    await signedIn.post('/api/authentication/', { login: acc.retail.email, password: FIXTURE_PASSWORD });
    const wrongLogin: Call = (v, email) => v.post('/api/authentication/', { login: email, password: 'Wrong2026pass' });
    const sendCode = (event: string): Call => (v, email) => v.post('/api/sendVerifyCode/', { email, event });
    const check: Call = (v, email) => v.post('/api/checkVerifyCode/', { email, code: '000000' });
    const confirm: Call = (v, email) => v.post('/api/registration/confirm/', { email, code: '000000' });
    const restore: Call = (v, email) => v.post('/api/password/restore/', { email, code: '000000', password: 'Next2026pass', confirm_password: 'Next2026pass' });
    const register: Call = async (v, email) => v.post('/api/registration/', { type: 'retail', name: 'Кто-то', email, phone: '+375291230001', password: PASSWORD, confirm_password: PASSWORD, agree: 'Y', captcha: await solveCaptcha(v) });
    const changeEmail: Call = (_v, email) => signedIn.post('/api/profile/update/', { email });

    // Each scenario starts from a fresh registered account and a fresh unknown e-mail; every step's
    // answers must match. (A wrong code "000000" could be right once in a million runs.)
    const scenarios: Record<string, Call[]> = {
      'login with a wrong password': [wrongLogin, wrongLogin],
      'checks and confirmations with nothing asked for': [check, confirm, restore],
      'USER_VERIFY_CODE: send, check, confirm, resend': [sendCode('USER_VERIFY_CODE'), check, confirm, sendCode('USER_VERIFY_CODE')],
      'PASSWORD_CHANGE_VERIFY: send, check, restore, resend': [sendCode('PASSWORD_CHANGE_VERIFY'), check, restore, sendCode('PASSWORD_CHANGE_VERIFY')],
      'registration, then its code and login': [register, confirm, wrongLogin],
      'e-mail change in the profile, twice': [changeEmail, changeEmail],
    };
    for (const [name, steps] of Object.entries(scenarios)) {
      const known = await registered();
      const unknown = uniqueEmail('unknown');
      for (const [i, step] of steps.entries()) {
        const [a, b] = await both(step, known, unknown);
        // The seconds of a running timer may tick between the two calls.
        expect({ ...a, body: a.body.replace(/"retryAfter":\d+|через \d+/g, '#') }, `${name}, step ${i + 1}`).toEqual({ ...b, body: b.body.replace(/"retryAfter":\d+|через \d+/g, '#') });
      }
    }
  });

  it('the pages that take an e-mail render alike (/login/ no-JS post, /restore/, /registration/)', async () => {
    const known = await registered();
    const unknown = uniqueEmail('unknown');
    const page = async (email: string, path: string, init?: RequestInit) => {
      const res = await new IpVisitor().raw(path.replace('{e}', encodeURIComponent(email)), init);
      // Astro's island ids and the captcha differ per render; the visible text must not.
      const text = (await res.text()).replaceAll(email, '<email>').replaceAll(encodeURIComponent(email), '<email>').replace(/uid="[^"]*"|astro-island[^>]*>/g, '').replace(/\s+/g, ' ');
      return { status: res.status, text: text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
    };
    const base = (await import('../helpers/http')).base();
    const loginFromOrigin = (email: string) => page(email, '/login/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, accept: 'text/html' }, body: `login=${encodeURIComponent(email)}&password=Wrong2026pass` });
    const [lk, lu] = [await loginFromOrigin(known), await loginFromOrigin(unknown)];
    expect(lk.status).toBe(401);
    expect(lk).toEqual(lu);
    expect(lk.text).toContain('Неверный email или пароль');
    for (const path of ['/restore/?email={e}', '/registration/?email={e}']) expect(await page(known, path), path).toEqual(await page(unknown, path));
  });
});
