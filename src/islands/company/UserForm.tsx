/**
 * The company user form: /personal/users/new/ (addManager: the new user is invited by e-mail) and
 * the user's card /personal/users/{id}/ (updateUser, block/unblock). Permissions are the spec's
 * `scope`; "only by invoice" narrows placing orders, so it sits under it.
 */
import { useRef, useState } from 'react';
import { companyDict as T } from '../../i18n/ru-company';
import { api } from '../../stores/api';
import type { CompanyUser } from '../../server/company/users';
import type { BlockResult } from '../../server/company/manage';
import BlockDialog from './BlockDialog';
import { errorsOf, fill, formatDateTime, useAdoptTypedValues, useToast } from './shared';

type Permission = { code: string; label: string };
type Props = {
  permissions: Permission[];
  defaults: string[];
  /** Absent on the "new" page. */
  user?: CompanyUser;
  /** Shown once after adding: whether the invitation went out. */
  invited?: 'Y' | 'N' | null;
};

type Values = { name: string; email: string; phone: string; position: string; permissions: string[]; orderLimit: string; orderLimitPeriod: string };

const limitText = (v: string | null) => (v ? v.replace('.', ',').replace(/,00$/, '') : '');

function Field(props: { name: keyof Values; label: string; hint?: string; error?: string; value: string; onChange: (v: string) => void; type?: string; inputMode?: 'email' | 'tel' | 'decimal' | 'text'; autoComplete?: string; required?: boolean; readOnly?: boolean }) {
  const id = `f-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}{props.required && <span aria-hidden="true"> *</span>}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? 'off'}
        value={props.value}
        readOnly={props.readOnly}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error || props.hint ? `${id}-note` : undefined}
        onInput={(e) => props.onChange((e.target as HTMLInputElement).value)}
      />
      {props.error ? <span id={`${id}-note`} className="field__error">{props.error}</span> : props.hint ? <span id={`${id}-note`} className="field__hint">{props.hint}</span> : null}
    </div>
  );
}

export default function UserForm({ permissions, defaults, user: initialUser, invited }: Props) {
  const [user, setUser] = useState(initialUser);
  const [values, setValues] = useState<Values>({
    name: initialUser?.name ?? '',
    email: initialUser?.email ?? '',
    phone: initialUser?.phone ?? '',
    position: initialUser?.position ?? '',
    permissions: initialUser ? initialUser.permissions : defaults,
    orderLimit: limitText(initialUser?.orderLimit ?? null),
    orderLimitPeriod: initialUser?.orderLimitPeriod ?? 'order',
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [blockTarget, setBlockTarget] = useState<CompanyUser | null>(null);
  const [toast, setToast] = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptTypedValues(formRef, setValues);
  const isNew = !user;
  const isAdmin = !!user?.isContragentAdmin;

  const set = (k: keyof Values) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setFields((f) => ({ ...f, [k]: '' }));
  };
  const toggle = (code: string, on: boolean) => {
    setValues((s) => {
      let next = on ? [...s.permissions, code] : s.permissions.filter((p) => p !== code);
      // "Only by invoice" restricts placing orders: without that right it means nothing.
      if (code === 'place_orders' && !on) next = next.filter((p) => p !== 'invoice_only');
      return { ...s, permissions: [...new Set(next)] };
    });
    setFields((f) => ({ ...f, permissions: '' }));
  };

  const submit = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const body = { name: values.name, phone: values.phone, position: values.position, permissions: values.permissions, orderLimit: values.orderLimit, orderLimitPeriod: values.orderLimitPeriod };
    try {
      if (isNew) {
        const res = await api<{ user: CompanyUser; invitationSent: boolean }>('/api/profile/contragent/addManager/', { method: 'POST', body: { ...body, email: values.email } });
        location.assign(`/personal/users/${encodeURIComponent(res.user.userId)}/?invited=${res.invitationSent ? 'Y' : 'N'}`);
        return;
      }
      const res = await api<{ user: CompanyUser }>('/api/personal/contragent/updateUser/', { method: 'POST', body: { ...body, userId: user!.userId } });
      setUser(res.user);
      setValues((s) => ({ ...s, phone: res.user.phone ?? '', orderLimit: limitText(res.user.orderLimit), orderLimitPeriod: res.user.orderLimitPeriod, permissions: res.user.permissions }));
      setFields({});
      setToast(T.COMPANY_USER_SAVED);
    } catch (err) {
      const { fields: f, message: m } = errorsOf(err, T.COMPANY_USERS_FAILED);
      setFields(f);
      setMessage(m ?? T.COMPANY_USER_FIX_FIELDS);
    }
    setBusy(false);
  };

  const onBlocked = (result: BlockResult) => {
    setBlockTarget(null);
    if (user) setUser({ ...user, blocked: result.blocked });
    setToast(fill(result.blocked === 'Y' ? T.COMPANY_USERS_BLOCKED_DONE : T.COMPANY_USERS_UNBLOCKED_DONE, { name: user?.name ?? '' }));
  };

  const has = (code: string) => values.permissions.includes(code);

  return (
    <div className="cform">
      {invited && user && <p className={invited === 'Y' ? 'notice notice--ok' : 'notice notice--warn'} role="status">{invited === 'Y' ? fill(T.COMPANY_USER_INVITED, { email: user.email }) : T.COMPANY_USER_INVITE_FAILED}</p>}
      {user && (
        <section className="panel cform__state" aria-label={T.COMPANY_USER_ACCESS}>
          <p>
            {T.COMPANY_USER_STATUS}:{' '}
            <span className={user.blocked === 'Y' ? 'status status--cancelled' : 'status status--done'}>{user.blocked === 'Y' ? T.COMPANY_USER_BLOCKED : T.COMPANY_USER_ACTIVE}</span>
            {user.isContragentAdmin && <> <span className="status status--admin">{T.COMPANY_USERS_ADMIN}</span></>}
          </p>
          <p className="cuser__login">{user.invitationPending ? T.COMPANY_USERS_INVITED : `${T.COMPANY_USERS_LAST_LOGIN}: ${user.lastLoginAt ? formatDateTime(user.lastLoginAt) : T.COMPANY_USERS_NEVER}`}</p>
          {!user.isSelf && (
            <button type="button" className="btn btn--ghost" onClick={() => setBlockTarget(user)}>{user.blocked === 'Y' ? T.COMPANY_USERS_UNBLOCK : T.COMPANY_USERS_BLOCK}</button>
          )}
        </section>
      )}
      <form ref={formRef} className="panel" onSubmit={submit} noValidate>
        <Field name="name" label={T.COMPANY_USER_NAME} value={values.name} onChange={set('name')} error={fields.name} autoComplete="off" required />
        <Field name="email" label={T.COMPANY_USER_EMAIL} type="email" inputMode="email" value={values.email} onChange={set('email')} error={fields.email} hint={isNew ? T.COMPANY_USER_EMAIL_HINT : undefined} readOnly={!isNew} required />
        <Field name="phone" label={T.COMPANY_USER_PHONE} type="tel" inputMode="tel" value={values.phone} onChange={set('phone')} error={fields.phone} hint={T.COMPANY_USER_PHONE_HINT} />
        <Field name="position" label={T.COMPANY_USER_POSITION} value={values.position} onChange={set('position')} error={fields.position} hint={T.COMPANY_USER_POSITION_HINT} />
        {isAdmin ? (
          <p className="field__hint">{T.COMPANY_USER_ADMIN_NOTE}</p>
        ) : (
          <>
            <fieldset className="cform__perms" aria-invalid={fields.permissions ? true : undefined}>
              <legend>{T.COMPANY_USER_PERMISSIONS}</legend>
              {permissions.map((p) => (
                <label key={p.code} className={p.code === 'invoice_only' ? 'check check--nested' : 'check'}>
                  <input type="checkbox" name="permissions" value={p.code} checked={has(p.code)} disabled={p.code === 'invoice_only' && !has('place_orders')} onChange={(e) => toggle(p.code, (e.target as HTMLInputElement).checked)} />
                  <span>{p.label}</span>
                </label>
              ))}
              {fields.permissions && <span className="field__error">{fields.permissions}</span>}
            </fieldset>
            <Field name="orderLimit" label={T.COMPANY_USER_LIMIT} inputMode="decimal" value={values.orderLimit} onChange={set('orderLimit')} error={fields.orderLimit} hint={T.COMPANY_USER_LIMIT_HINT} />
            <div className="field">
              <label htmlFor="f-orderLimitPeriod">{T.COMPANY_USER_LIMIT_PERIOD}</label>
              <select id="f-orderLimitPeriod" name="orderLimitPeriod" value={values.orderLimitPeriod} aria-invalid={fields.orderLimitPeriod ? true : undefined} onChange={(e) => set('orderLimitPeriod')((e.target as HTMLSelectElement).value)}>
                <option value="order">{T.COMPANY_USER_LIMIT_ORDER}</option>
                <option value="day">{T.COMPANY_USER_LIMIT_DAY}</option>
                <option value="week">{T.COMPANY_USER_LIMIT_WEEK}</option>
                <option value="month">{T.COMPANY_USER_LIMIT_MONTH}</option>
              </select>
              {fields.orderLimitPeriod && <span className="field__error">{fields.orderLimitPeriod}</span>}
            </div>
          </>
        )}
        {message && <p className="form-error" role="alert">{message}</p>}
        <button type="submit" className="btn cform__submit" disabled={busy}>{busy ? T.COMPANY_USER_SAVING : isNew ? T.COMPANY_USER_INVITE : T.COMPANY_USER_SAVE}</button>
      </form>
      <p><a href="/personal/users/">← {T.COMPANY_USER_BACK}</a></p>
      <BlockDialog target={blockTarget} onDone={onBlocked} onClose={() => setBlockTarget(null)} />
      {toast && <div className="toast" role="status">{toast}</div>}
    </div>
  );
}
