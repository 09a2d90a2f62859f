/** The fuzz suite's judge of an answer (tests/helpers/fuzz.ts problemsOf): /web/ answers the envelope, except a file call's success. */
import { describe, expect, it } from 'vitest';
import { problemsOf, type Answer, type Call } from '../helpers/fuzz';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const get = (path: string): Call => ({ kind: 'query fields', method: 'GET', path });
const answer = (status: number, type: string, body: string | Buffer): Answer => ({ status, headers: { 'content-type': type }, body: Buffer.from(body) });

describe('problemsOf', () => {
  it('takes the desk export\'s spreadsheet as its success, with junk in the query', () => {
    expect(problemsOf(get('/web/desk/orders/export/?zzz=%00&from='), answer(200, XLSX, 'PK\u0003\u0004'))).toEqual([]);
  });

  it('still wants the envelope when the export refuses, and JSON from every other /web/ call', () => {
    expect(problemsOf(get('/web/desk/orders/export/?from=x'), answer(422, XLSX, 'PK'))).toEqual([`422 not JSON (${XLSX})`]);
    expect(problemsOf(get('/web/profile/get/'), answer(200, XLSX, 'PK'))).toEqual([`200 not JSON (${XLSX})`]);
    expect(problemsOf(get('/web/desk/orders/export/'), answer(500, XLSX, 'PK'))).toContain('HTTP 500');
  });
});
