/** GET web/guarantee/: warranty terms (the badges of spec §3: 1, 3, '3big'), service centres and the form's address. */
import type { Db } from '../db/client';
import { listBranches } from '../branches/branches';
import { t } from '../../i18n';

export type GuaranteeTerm = { code: '1' | '3' | '3big'; title: string; text: string };

export const GUARANTEE_TERMS: GuaranteeTerm[] = [
  { code: '1', title: t('CONTENT_GUARANTEE_1'), text: t('CONTENT_GUARANTEE_1_TEXT') },
  { code: '3', title: t('CONTENT_GUARANTEE_3'), text: t('CONTENT_GUARANTEE_3_TEXT') },
  { code: '3big', title: t('CONTENT_GUARANTEE_3BIG'), text: t('CONTENT_GUARANTEE_3BIG_TEXT') },
];

export async function guaranteeInfo(db: Db) {
  const branches = await listBranches(db);
  return {
    terms: GUARANTEE_TERMS,
    serviceCenters: branches.map((b) => ({ code: b.code, city: b.city, name: b.name, address: b.address, phones: b.phones, hours: b.hours, url: b.url })),
    registerUrl: '/guaranty-register/',
    addRequest: '/api/guarantee/addRequest/',
  };
}
