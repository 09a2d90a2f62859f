/**
 * The 1C "Обмен с сайтом" endpoint (docs/decisions/0200-exchange-1c.md), answering at
 * /bitrix/admin/1c_exchange.php and /1c_exchange.php without a redirect, in the protocol's plain text:
 * `success\n<cookie>\n<value>` (checkauth), `zip=yes\nfile_limit=<bytes>` (init), `success` (file),
 * `progress\n<line>` then `success` (import, exchange/jobs.ts), `failure\n<Russian reason>` on anything refused. Never cached, not subject to the
 * cross-site form refusal (1C posts without an Origin; the session cookie is what authorises).
 */
import { getDb, getWriteDb } from '../db/client';
import { config } from '../config';
import { hit, refuseIfUsedUp, RateLimited, retryText, type Limit } from '../http/rate-limit';
import { checkBasic, EXCHANGE_COOKIE, findSession, openSession } from './session';
import { appendBody, badFileName, resetSessionDir, sessionFile, TooLarge } from './files';
import { closeSessionJobs, importable, importStep } from './jobs';
import type { Db } from '../db/client';
import { saleFile, saleQuery, saleSuccess } from './sale';


const text = (body: string, status = 200, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra } });
const failure = (why: string, status = 200) => text(`failure\n${why}`, status);

/** Failed sign-ins per address: 10 in 15 minutes (successful ones are not counted). */
const limits = (ip: string): Limit[] => [{ key: `exchange:ip:${ip}`, max: 10, windowSeconds: 900 }];

export async function handleExchange(request: Request, ip: string): Promise<Response> {
  const url = new URL(request.url);
  const type = url.searchParams.get('type') ?? '';
  const mode = url.searchParams.get('mode') ?? '';
  if (type !== 'catalog' && type !== 'sale') return failure(`неизвестный тип обмена type=${type || '(пусто)'}: поддерживаются catalog и sale`, 400);
  const db = await getWriteDb();

  if (mode === 'checkauth') {
    try {
      await refuseIfUsedUp(db, limits(ip));
    } catch (e) {
      if (e instanceof RateLimited) return text(`failure\n${retryText(e.retryAfter)}`, 429, { 'retry-after': String(Math.ceil(e.retryAfter)) });
      throw e;
    }
    const check = checkBasic(request.headers.get('authorization'));
    if (check.result === 'unconfigured') return failure('обмен не настроен: задайте EXCHANGE_LOGIN и EXCHANGE_PASSWORD в настройках сервера', 503);
    if (check.result !== 'ok') {
      await hit(db, limits(ip)).catch((e) => {
        if (!(e instanceof RateLimited)) throw e;
      });
      return text(check.result === 'missing' ? 'failure\nНужна авторизация: укажите логин и пароль обмена' : 'failure\nНеверный логин или пароль обмена', 401, {
        'www-authenticate': 'Basic realm="1C exchange", charset="UTF-8"',
      });
    }
    const session = await openSession(db, check.login!);
    return text(`success\n${EXCHANGE_COOKIE}\n${session.token}`, 200, { 'set-cookie': `${EXCHANGE_COOKIE}=${session.token}; Path=/; HttpOnly; SameSite=Lax` });
  }

  const session = await findSession(await getDb(), request.headers.get('cookie'));
  if (!session) return failure('сессия обмена не найдена или истекла: сначала mode=checkauth', 401);

  if (type === 'sale') return handleSale(request, mode, db);

  switch (mode) {
    case 'init': {
      await resetSessionDir(session.id);
      await closeSessionJobs(db, session.id);
      // zip=yes: 1C then sends one archive (import.xml, offers.xml, import_files/…), unpacked at the first mode=import.
      return text(`zip=yes\nfile_limit=${Math.floor(config().EXCHANGE_FILE_LIMIT_MB * 1024 * 1024)}`);
    }
    case 'file': {
      if (request.method !== 'POST') return failure('файл передаётся методом POST', 405);
      const name = url.searchParams.get('filename') ?? '';
      const bad = badFileName(name);
      if (bad) return failure(`${name || 'filename'}: ${bad}`, 400);
      const max = Math.floor(config().EXCHANGE_MAX_FILE_MB * 1024 * 1024);
      try {
        const length = Number(request.headers.get('content-length') ?? NaN);
        await appendBody(sessionFile(session.id, name), request.body, max, Number.isFinite(length) ? length : undefined);
      } catch (e) {
        if (e instanceof TooLarge) return failure(`${name}: файл больше допустимых ${config().EXCHANGE_MAX_FILE_MB} МБ`, 413);
        throw e;
      }
      return text('success');
    }
    case 'import': {
      const name = url.searchParams.get('filename') ?? '';
      const bad = badFileName(name);
      if (bad) return failure(`${name || 'filename'}: ${bad}`, 400);
      // A job already known answers from its row; a new one needs its file (or a zip that may hold it).
      const answer = await importStep(session.id, name, () => importable(session.id, name));
      if (answer.status === 'success') return text('success');
      return text(`${answer.status}\n${answer.line}`);
    }
    case 'deactivate':
    case 'complete':
      return text('success');
    default:
      return failure(`неизвестный режим mode=${mode || '(пусто)'}`, 400);
  }
}

/**
 * `type=sale` (docs/decisions/0200, «Заказы»): `init`; `query` — the orders 1C has not taken, as a CommerceML
 * document; `success` — 1C took them; `file` — a document of order changes from 1C, applied at once (status,
 * payment, shipment, document numbers), answered `success` with any Russian lines about orders it could not
 * apply, or `failure` when nothing could be applied.
 */
async function handleSale(request: Request, mode: string, db: Db): Promise<Response> {
  switch (mode) {
    case 'init':
      return text(`zip=no\nfile_limit=${Math.floor(config().EXCHANGE_FILE_LIMIT_MB * 1024 * 1024)}`);
    case 'query':
      return new Response(await saleQuery(db), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-store' } });
    case 'success':
      await saleSuccess(db);
      return text('success');
    case 'file': {
      if (request.method !== 'POST') return failure('файл передаётся методом POST', 405);
      const max = Math.floor(config().EXCHANGE_FILE_LIMIT_MB * 1024 * 1024);
      const declared = Number(request.headers.get('content-length') ?? NaN);
      if (Number.isFinite(declared) && declared > max) return failure(`файл заказов больше допустимых ${config().EXCHANGE_FILE_LIMIT_MB} МБ`, 413);
      const body = Buffer.from(await request.arrayBuffer());
      if (body.length > max) return failure(`файл заказов больше допустимых ${config().EXCHANGE_FILE_LIMIT_MB} МБ`, 413);
      const { updated, errors } = await saleFile(db, body.toString('utf8'));
      if (!updated && errors.length) return failure(errors.join('\n'));
      return text(['success', ...errors].join('\n'));
    }
    default:
      return failure(`неизвестный режим mode=${mode || '(пусто)'}`, 400);
  }
}
