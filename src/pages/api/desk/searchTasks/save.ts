import { z } from 'astro/zod';
import { readRaw } from '../../../../server/http/api';
import { authed } from '../../../../server/http/guard';
import { zId } from '../../../../server/http/zod';
import { getDb } from '../../../../server/db/client';
import { formAction, parseWith } from '../../../../server/requests/form-post';
import { saveTask } from '../../../../server/desk/search-tasks';
import { t } from '../../../../i18n';

const phrase = z.string().trim().min(3, { error: t('STASK_ERR_PHRASE') }).max(100, { error: t('STASK_ERR_PHRASE') });
const input = z.object({
  id: z.preprocess((v) => (v === '' ? undefined : v), zId.optional()),
  name: z.string().trim().min(3).max(100),
  // A form's textarea: one phrase a line; JSON: a list.
  phrases: z.preprocess((v) => (typeof v === 'string' ? v.split(/\r?\n/).map((s) => s.trim()).filter(Boolean) : v), z.array(phrase).min(1).max(40)),
  sections: z.array(z.string().regex(/^[a-z0-9-]{1,100}$/)).min(1).max(20),
});
const labels = { name: t('STASK_NAME'), phrases: t('STASK_PHRASES'), sections: t('STASK_SECTIONS') };

/**
 * POST /api/desk/searchTasks/save/ {id?, name, phrases: string[] | one a line, sections: codes[]} (editors) → the task.
 * A plain form sends each chosen section as a checkbox `s_<code>`, in the order of the page.
 */
export const POST = authed({ staff: 'content' }, async (ctx, staff) => {
  const db = await getDb();
  const raw = await readRaw(ctx.request, ctx.url);
  const back = typeof raw.id === 'string' && /^\d+$/.test(raw.id) ? `/desk/search-tasks/?edit=${raw.id}` : '/desk/search-tasks/?edit=new';
  const fields = raw.sections === undefined ? { ...raw, sections: Object.keys(raw).filter((k) => k.startsWith('s_')).map((k) => k.slice(2)) } : raw;
  return formAction(ctx, raw, { back, okText: t('STASK_SAVED'), done: () => '/desk/search-tasks/' }, () => saveTask(db, staff, parseWith(input, fields, labels)));
});
