/**
 * The contact fields of the public forms (callback, feedback, guarantee registration), each defined
 * once; the lengths are those of the zod rules in server/forms/schemas.ts.
 */
import type { FieldDef } from '../../islands/forms/PublicForm';
import { t } from '../../i18n';

export const nameField = (): FieldDef => ({ name: 'name', label: t('CONTENT_FIELD_NAME'), type: 'text', required: true, autocomplete: 'name', maxLength: 100 });

export const emailField = (): FieldDef => ({ name: 'email', label: t('CONTENT_FIELD_EMAIL'), type: 'email', required: true, autocomplete: 'email', inputMode: 'email', maxLength: 254 });

export const phoneField = (opts: { required: boolean; placeholder?: string }): FieldDef => ({
  name: 'phone',
  label: t('CONTENT_FIELD_PHONE'),
  type: 'tel',
  ...(opts.required ? { required: true } : {}),
  autocomplete: 'tel',
  inputMode: 'tel',
  ...(opts.placeholder ? { placeholder: opts.placeholder } : {}),
  maxLength: 32,
});
