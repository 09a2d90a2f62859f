import { describe, expect, it } from 'vitest';
import { checkTypedInput, describeFields, type AppealTypeView } from '../../src/server/requests/types';
import { cleanFileName } from '../../src/server/requests/files';
import { formatAge } from '../../src/server/requests/format';
import { endOfDayMinsk } from '../../src/server/desk/announcements';
import { HttpError } from '../../src/server/http/api';

const warranty: AppealTypeView = {
  code: 'warranty',
  name: 'Гарантийный ремонт',
  description: '',
  fields: [
    { key: 'order', kind: 'order', label: 'Заказ', required: true },
    { key: 'product', kind: 'product', label: 'Инструмент', required: true },
    { key: 'serial', kind: 'text', label: 'Серийный номер', max: 10 },
    { key: 'kind', kind: 'select', label: 'Вид', options: [{ value: 'a', label: 'Первый' }] },
    { key: 'message', kind: 'message', label: 'Опишите неисправность', required: true },
    { key: 'photos', kind: 'files', label: 'Фото' },
  ],
};

const errorsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpError) return Object.fromEntries(e.errors.map((x) => [x.field, x.message]));
    throw e;
  }
  return {};
};

describe('a request form checked against its type', () => {
  it('takes the links, the type’s own fields and the message', () => {
    const out = checkTypedInput(warranty, { order: '12', product: 7, serial: ' SN-1 ', kind: 'a', message: ' Не работает ' }, 1);
    expect(out).toEqual({ orderId: 12, productId: 7, fields: { serial: 'SN-1', kind: 'a' }, subject: null, message: 'Не работает' });
    expect(describeFields(warranty, out.fields)).toEqual([
      { label: 'Серийный номер', value: 'SN-1' },
      { label: 'Вид', value: 'Первый' },
    ]);
  });

  it('names every problem at once, in Russian, by the form’s labels', () => {
    expect(errorsOf(() => checkTypedInput(warranty, { order: '-1', serial: 'x'.repeat(11), kind: 'zzz' }, 0))).toEqual({
      order: 'Заказ: выберите из списка',
      product: 'Инструмент: выберите из списка',
      serial: 'Серийный номер: не длиннее 10 символов',
      kind: 'Вид: выберите из списка',
      message: 'Опишите неисправность: обязательное поле',
    });
  });

  it('refuses files where the type takes none, and a product without its order', () => {
    const noFiles: AppealTypeView = { ...warranty, fields: warranty.fields.filter((f) => f.kind !== 'files' && f.kind !== 'order') };
    expect(errorsOf(() => checkTypedInput(noFiles, { product: 3, message: 'x' }, 2))).toMatchObject({ files: 'К этому обращению файлы не прикладываются', order: 'Заказ: выберите из списка' });
  });
});

describe('small helpers', () => {
  it('file names lose paths and control characters and take the real extension', () => {
    expect(cleanFileName('C:\\Users\\me\\фото\u0000 шильдика.JPG.exe', 'jpg')).toBe('фото шильдика.JPG.jpg');
    expect(cleanFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(cleanFileName('', 'png')).toBe('file.png');
  });

  it('ages read as a person says them', () => {
    expect(formatAge(20_000)).toBe('меньше минуты');
    expect(formatAge(7 * 60_000)).toBe('7 мин');
    expect(formatAge(135 * 60_000)).toBe('2 ч 15 мин');
    expect(formatAge((2 * 1440 + 180) * 60_000)).toBe('2 дня 3 ч');
    expect(formatAge(5 * 1440 * 60_000)).toBe('5 дней');
  });

  it('an announcement’s last day lasts until midnight in Minsk', () => {
    expect(endOfDayMinsk('2027-01-03').toISOString()).toBe('2027-01-03T20:59:59.999Z');
  });
});

describe('plain form posts', () => {
  const formCtx = (accept: string) => ({ request: new Request('http://x/api/appeals/add/', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', accept } }) });

  it('a browser form gets a 303 back with the errors and what was typed, in a cookie that fits', async () => {
    const { formAction, takeFlash } = await import('../../src/server/requests/form-post');
    const raw = { type: 'other', subject: 'Тема', message: 'Длинное сообщение. '.repeat(300), token: 'secret' };
    const res = await formAction(formCtx('text/html'), raw, { back: '/personal/requests/new/other/' }, async () => {
      throw new HttpError(422, [{ code: 102, field: 'message', message: 'Сообщение: не длиннее 5000 символов' }]);
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/personal/requests/new/other/');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie.length).toBeLessThan(4096);
    const value = cookie.split(';')[0]!.split('=')[1]!;
    const jar = { get: () => ({ value }), delete: () => {} } as never;
    const flash = takeFlash(jar);
    expect(flash.errors![0]!.message).toBe('Сообщение: не длиннее 5000 символов');
    expect(flash.values!.subject).toBe('Тема');
    expect(flash.values!.token).toBeUndefined();
    expect(raw.message.startsWith(flash.values!.message!)).toBe(true);
  });

  it('a script gets the envelope', async () => {
    const { formAction } = await import('../../src/server/requests/form-post');
    const res = await formAction(formCtx('application/json'), {}, { back: '/' }, async () => ({ id: 7 }));
    expect(await res.json()).toEqual({ status: 'success', data: { id: 7 }, errors: [] });
  });
});
