/**
 * Accounts in Chromium at 360×800 (issue 11 acceptance): register a retail customer and a company
 * (wrong УНП first), restore a password, first authorization of an employee without a password,
 * change the phone with an SMS code on /personal/details/, an admin's join requests, an unconfirmed
 * registrant confirming at login, and error 101
 * sending an island to /login/ and back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { accounts, PASSWORD as DEMO_PASSWORD } from './fixtures';
import { ready } from './support';

/** This spec's own accounts (tests/e2e/fixtures.ts): its invited employee and its company. */
const acc = accounts('accounts');

const OUTBOX = path.resolve('data/e2e/outbox');
const PASSWORD = 'Garden2026pass';

const unique = (p: string) => `${p}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.by`;

/** The code of the newest message to `to` not read before (e-mail subject or SMS text). */
const read = new Set<string>();
async function codeFor(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).sort() : [];
        for (const f of files) {
          if (read.has(f)) continue;
          let m;
          try {
            m = JSON.parse(fs.readFileSync(path.join(OUTBOX, f), 'utf8'));
          } catch {
            continue;
          }
          const addr = typeof m.to === 'string' ? m.to : (m.to ?? []).map((a: { address: string }) => a.address).join(',');
          const found = addr.toLowerCase() === to.toLowerCase() ? /\b(\d{6})\b/.exec(m.kind === 'sms' ? m.text : m.subject)?.[1] : undefined;
          if (found) {
            read.add(f);
            code = found;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return code!;
}


async function noOverflow(page: Page) {
  const wide = await page.evaluate(() => [...document.querySelectorAll('main *, dialog *')].filter((e) => e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > innerWidth + 1).map((e) => e.className || e.tagName));
  expect(wide).toEqual([]);
}

async function captcha(request: APIRequestContext): Promise<string> {
  const { data } = await (await request.get('/api/captcha/challenge/')).json();
  const solution = await solveChallenge({ challenge: data.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: data.challenge, solution })).toString('base64');
}

/** A confirmed account made through the API (for tests about something else than registering). */
async function accountViaApi(request: APIRequestContext, over: Record<string, string> = {}) {
  const email = unique('api');
  const sent = await request.post('/api/registration/', { data: { type: 'retail', name: 'Тест Тестов', email, phone: '+375 29 100-20-30', password: PASSWORD, confirm_password: PASSWORD, agree: 'Y', captcha: await captcha(request), ...over } });
  expect(sent.status()).toBe(200);
  const confirmed = await request.post('/api/registration/confirm/', { data: { email, code: await codeFor(email) } });
  expect(confirmed.status()).toBe(200);
  return email;
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login/');
  await ready(page);
  await page.getByLabel('Email').fill(email);
  await loginPassword(page).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/** The login form's password field (its label also holds the show/hide toggle). */
const loginPassword = (page: Page) => page.locator('input[name="password"]');

test('register a retail customer: code from the outbox, confirm, signed in', async ({ page }) => {
  const email = unique('retail');
  await page.goto('/registration/');
  await ready(page);
  await noOverflow(page);
  await page.getByLabel('Имя и фамилия').fill('Алина Громова');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Телефон').fill('8 029 765 43 21');
  await page.getByLabel('Пароль', { exact: true }).fill('weak');
  await page.getByLabel('Повторите пароль').fill('weak');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  // Each wrong field says in Russian what to fix.
  await expect(page.getByText('Пароль: не менее 8 символов, хотя бы одна цифра и одна латинская буква')).toBeVisible();
  await expect(page.getByText('Согласие: отметьте согласие, чтобы продолжить')).toBeVisible();
  await expect(page.getByLabel('Пароль', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Повторите пароль').fill(PASSWORD);
  await page.getByLabel(/Я принимаю/).check();
  const form = page.locator('main form');
  await expect(form.getByRole('link', { name: 'пользовательское соглашение' })).toHaveAttribute('href', '/agreement/');
  await expect(form.getByRole('link', { name: 'политику обработки персональных данных' })).toHaveAttribute('href', '/political/');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

  await expect(page.getByRole('heading', { name: 'Подтвердите email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // The spec's resend timer: 00:SS counting down, resend only at 0.
  const timer = page.locator('.aform__timer');
  await expect(timer).toHaveText(/^00:(5\d|60)$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!, { timeout: 3000 });
  await expect(page.getByRole('button', { name: 'Отправить код ещё раз' })).toHaveCount(0);
  await noOverflow(page);

  const code = await codeFor(email);
  await page.getByLabel('Код из письма').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Неверный код. Осталось попыток: 4')).toBeVisible();
  await page.getByLabel('Код из письма').fill(code);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/personal\/$/);
  const profile = await (await page.request.get('/web/profile/get/')).json();
  expect(profile.data.user).toMatchObject({ email, name: 'Алина Громова', phone: '+375 29 765-43-21', isContragentAdmin: false });
});

test('register a company: a wrong УНП check digit is a clear error, the right one makes a company admin', async ({ page }) => {
  const email = unique('firm');
  await page.goto('/registration/');
  await ready(page);
  await page.getByLabel('Компания или ИП').check();
  await page.getByLabel('УНП').fill('100217337');
  await page.getByLabel('Название компании').fill('ООО «ТестСтрой»');
  await page.getByLabel('Юридический адрес').fill('г. Витебск, ул. Ленина, 5');
  await page.getByLabel('Имя и фамилия').fill('Игорь Климов');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Телефон').fill('+375 33 765-43-21');
  await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Повторите пароль').fill(PASSWORD);
  await page.getByLabel(/Я принимаю/).check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('УНП: неверная контрольная цифра — проверьте номер по свидетельству о регистрации')).toBeVisible();
  await expect(page.getByLabel('УНП')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('УНП')).toBeFocused();
  await noOverflow(page);

  await page.getByLabel('УНП').fill('100217336');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.getByLabel('Код из письма').fill(await codeFor(email));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/personal\/$/);
  const profile = await (await page.request.get('/web/profile/get/')).json();
  expect(profile.data.user.isContragentAdmin).toBe(true);
  expect(profile.data.company).toMatchObject({ name: 'ООО «ТестСтрой»', unp: '100217336' });
  await page.goto('/personal/details/');
  await expect(page.getByText('Вы — администратор компании')).toBeVisible();
});

test('forgot password: code, new password, signed in; the old password fails', async ({ page, request }) => {
  const email = await accountViaApi(request);
  await page.goto('/login/');
  await ready(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(`/restore/?email=${encodeURIComponent(email)}`);
  await ready(page);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText(`Если учётная запись с адресом ${email} есть, мы отправили на него код.`, { exact: false })).toBeVisible();
  await noOverflow(page);
  await page.getByLabel('Код из письма').fill(await codeFor(email));
  await page.getByRole('button', { name: 'Проверить код' }).click();
  await page.getByLabel('Новый пароль').fill('Restored2026pass');
  await page.getByLabel('Повторите пароль').fill('Restored2026pass');
  await page.getByRole('button', { name: 'Сохранить пароль и войти' }).click();
  await expect(page).toHaveURL(/\/personal\/$/);
  expect((await (await page.request.get('/web/profile/get/')).json()).data.user.email).toBe(email);
  // The header's first calls (counters, the bell) are done before the session ends behind the page's back:
  // a 101 answered to them would rightly send this page to /login/ in the middle of the next step. The header
  // boot makes them and paints «Кабинет» and the bell without hydrating anything (decision 0300).
  await expect(page.locator('.usernav a[href="/personal/notifications/"]')).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.request.post('/api/logout/', { data: {} });
  await login(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Неверный email или пароль');
  await loginPassword(page).fill('Restored2026pass');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal\/$/);
});

test('an employee without a password (user_not_auth) sets one through the first-authorization dialog', async ({ page }) => {
  const email = acc.invited.email;
  await page.goto('/login/?backurl=%2Fpersonal%2Fdetails%2F');
  await ready(page);
  await page.getByLabel('Email').fill(email);
  await loginPassword(page).fill('whatever');
  await page.getByRole('button', { name: 'Войти' }).click();
  const dialog = page.getByRole('dialog', { name: 'Первый вход' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(email)).toBeVisible();
  await noOverflow(page);
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  await dialog.getByLabel('Код из письма').fill(await codeFor(email));
  await dialog.getByRole('button', { name: 'Проверить код' }).click();
  await dialog.getByLabel('Новый пароль').fill('Worker2026pass');
  await dialog.getByLabel('Повторите пароль').fill('Worker2026pass');
  await dialog.getByRole('button', { name: 'Сохранить пароль и войти' }).click();
  await expect(page).toHaveURL(/\/personal\/details\/$/);
  await expect(page.getByRole('heading', { name: 'Личные данные' })).toBeVisible();
  await expect(page.getByText(acc.company.name)).toBeVisible();
});

test('change the phone on /personal/details/ with the SMS code from the outbox', async ({ page, request }) => {
  const email = await accountViaApi(request);
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/personal\/$/);
  await page.goto('/personal/details/');
  await ready(page);
  await noOverflow(page);
  await page.getByRole('button', { name: 'Изменить: Телефон' }).click();
  await page.getByLabel('Телефон').fill('8 044 123 45 67');
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText('Мы отправили код на +375 44 123-45-67')).toBeVisible();
  await expect(page.locator('.aform__timer')).toHaveText(/^00:\d\d$/);
  await noOverflow(page);
  await page.getByLabel('Код из SMS').fill(await codeFor('+375 44 123-45-67'));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('status')).toHaveText('Телефон изменён');
  await expect(page.locator('.adetails__value', { hasText: '+375 44 123-45-67' })).toBeVisible();
  await page.reload();
  await expect(page.locator('.adetails__value', { hasText: '+375 44 123-45-67' })).toBeVisible();
});

test("a company admin accepts a registrant's join request (JoinRequests island)", async ({ page, request }) => {
  const email = await accountViaApi(request, { type: 'business', unp: acc.company.unp, company_name: 'СтройМонтаж', legal_address: 'г. Минск' });
  await login(page, acc.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/personal\/$/);
  await page.goto('/personal/users/');
  const section = page.locator('#join-requests');
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator('astro-island')).not.toHaveAttribute('ssr');
  const item = section.getByRole('listitem').filter({ hasText: email });
  await expect(item).toContainText('Тест Тестов');
  await noOverflow(page);
  await item.getByRole('button', { name: 'Принять: Тест Тестов' }).click();
  await expect(item.getByRole('status')).toHaveText('Принят в компанию');
  const registrant = await request.get('/web/profile/get/');
  expect((await registrant.json()).data.company.unp).toBe(acc.company.unp);
});

test('an answer with error 101 sends the island to /login/ keeping the page, and login returns there', async ({ page, context, request }) => {
  const email = await accountViaApi(request);
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/personal\/$/);
  await page.goto('/personal/details/');
  await ready(page);
  // The header's first calls (counters, the bell: the boot's, decision 0300) are done before the session
  // ends, so the 101 that follows comes from the details island's own call.
  await expect(page.locator('.usernav a[href="/personal/notifications/"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The session ends behind the page's back (another tab logged out).
  await context.clearCookies();
  await page.getByRole('button', { name: 'Изменить: Имя и фамилия' }).click();
  await page.getByLabel('Имя и фамилия').fill('Новое Имя');
  await page.locator('.adetails').getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL('/login/?backurl=%2Fpersonal%2Fdetails%2F');
  await ready(page);
  await page.getByLabel('Email').fill(email);
  await loginPassword(page).fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal\/details\/$/);
});

test('a registrant who has not confirmed the e-mail is asked for the code at login, and confirms there', async ({ page, request }) => {
  const email = unique('later');
  const sent = await request.post('/api/registration/', { data: { type: 'retail', name: 'Вера Позднякова', email, phone: '+375 29 300-40-50', password: PASSWORD, confirm_password: PASSWORD, agree: 'Y', captcha: await captcha(request) } });
  expect(sent.status()).toBe(200);
  await login(page, email, PASSWORD);
  const dialog = page.getByRole('dialog', { name: 'Подтвердите email' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(email)).toBeVisible();
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  // The registration's code is still fresh: the resend timer runs and that code is the one to type.
  await expect(dialog.locator('.aform__timer')).toHaveText(/^0\d:\d\d$/);
  await noOverflow(page);
  await dialog.getByLabel('Код из письма').fill(await codeFor(email));
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/personal\/$/);
  expect((await (await page.request.get('/web/profile/get/')).json()).data.user.email).toBe(email);
});
