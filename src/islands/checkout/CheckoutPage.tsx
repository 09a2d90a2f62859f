import { useEffect, useMemo, useState } from 'react';
import { ordersDict as T } from '../../i18n/ru-orders';
import { ApiFailure } from '../../stores/api';
import { createOrder, findOrganizations, loadCheckout, money, type CheckoutState, type Organization } from '../../stores/checkout';
import AddressFields, { EMPTY_ADDRESS, type AddressKey, type AddressValues } from '../address/AddressFields';
import Summary from './Summary';

type Props = { initial: CheckoutState };
type Form = {
  deliveryTypeId: '1' | '2';
  branchId: number | null;
  addressId: number | null;
  newAddress: AddressValues;
  deliveryDate: string;
  name: string;
  phone: string;
  email: string;
  comment: string;
  payment: string;
  payerCompanyId: number | null;
};

function initialForm(s: CheckoutState): Form {
  return {
    deliveryTypeId: s.deliveryTypeId,
    branchId: s.user?.branchId ?? s.branches[0]?.id ?? null,
    addressId: s.addresses[0]?.id ?? null,
    newAddress: EMPTY_ADDRESS,
    deliveryDate: s.delivery.dates[0]?.date ?? '',
    name: s.user?.name ?? '',
    phone: s.user?.phone ?? '',
    email: s.user?.email ?? '',
    comment: '',
    payment: s.payment.default,
    payerCompanyId: s.organizations[0]?.id ?? null,
  };
}

/** `required`: marked with an asterisk (explained above the form) and announced; `hint`: the expected format, always shown. */
function Field({ name, label, value, error, type = 'text', autoComplete, required, hint, onChange }: { name: keyof Form; label: string; value: string; error?: string; type?: string; autoComplete?: string; required?: boolean; hint?: string; onChange: (v: string) => void }) {
  const described = [error ? `co-${name}-err` : '', hint ? `co-${name}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={`co-${name}`}>
        {label}
        {required && <span className="req" aria-hidden="true"> *</span>}
      </label>
      <input id={`co-${name}`} name={name} type={type} value={value} autoComplete={autoComplete} required={required} aria-required={required || undefined} aria-invalid={!!error} aria-describedby={described} onChange={(e) => onChange(e.target.value)} />
      {hint && <span id={`co-${name}-hint`} className="muted">{hint}</span>}
      {error && <span id={`co-${name}-err`} className="field__error">{error}</span>}
    </div>
  );
}

/** The API's names of the new address's fields (spec §3 newAddress*, issue 30). */
const NEW_ADDRESS_NAMES: Record<AddressKey, string> = { city: 'newAddressCity', street: 'newAddressStreet', house: 'newAddressHouse', building: 'newAddressBuilding', flat: 'newAddressFlat', entrance: 'newAddressEntrance' };
const newAddressBody = (a: AddressValues) => ({ ...Object.fromEntries(Object.entries(NEW_ADDRESS_NAMES).map(([k, name]) => [name, a[k as AddressKey]])), newAddressRegion: a.region });
const newAddressErrors = (errors: Record<string, string>) => Object.fromEntries(Object.entries(NEW_ADDRESS_NAMES).flatMap(([k, name]) => (errors[name] ? [[k, errors[name]]] : []))) as Partial<Record<AddressKey, string>>;

/** Errors that mean the basket changed under the buyer (prices, stock): only these offer «Обновить заказ». */
const STALE_FIELDS = new Set(['basket', 'expectedTotal']);

/** The first of these fields in the page's order (not the server's), so focus never skips one above it. */
function firstInPage(fields: string[]): HTMLElement | null {
  const els = fields.map((f) => document.querySelector<HTMLElement>(`.co [name="${f}"]`)).filter((e): e is HTMLElement => !!e);
  els.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return els[0] ?? null;
}

/** /checkout/: how to get the order, who receives it, how to pay; submits once per idempotency key. */
export default function CheckoutPage({ initial }: Props) {
  const [state, setState] = useState(initial);
  const [form, setForm] = useState(() => initialForm(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [sending, setSending] = useState(false);
  const [payers, setPayers] = useState<Organization[]>(initial.organizations);
  const [payerSearch, setPayerSearch] = useState('');
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  useEffect(() => {
    if (!state.organizations.length) return;
    // No search: the server's list, which the page already carries — no request on every visit to the checkout.
    if (!payerSearch.trim()) return setPayers(state.organizations);
    const timer = setTimeout(() => findOrganizations(payerSearch).then((r) => setPayers(r.items)).catch(() => {}), 250);
    return () => clearTimeout(timer);
  }, [payerSearch, state.organizations]);

  const self = form.deliveryTypeId === '1';
  // The server's charge for the chosen way of getting the order: no money is computed here.
  const totals = state.delivery_totals[form.deliveryTypeId];
  const branch = useMemo(() => state.branches.find((b) => b.id === form.branchId), [state.branches, form.branchId]);
  const names = useMemo(() => new Map(state.basket.items.map((i) => [i.product_id, i.name])), [state.basket.items]);

  const refresh = async () => {
    const next = await loadCheckout();
    setState(next);
    setForm((f) => ({ ...f, deliveryDate: next.delivery.dates.some((d) => d.date === f.deliveryDate) ? f.deliveryDate : (next.delivery.dates[0]?.date ?? '') }));
    setGeneral([]);
    setStale(false);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    setErrors({});
    setGeneral([]);
    try {
      const body = {
        idempotencyKey: state.sessid,
        deliveryTypeId: form.deliveryTypeId,
        branchId: self ? form.branchId : undefined,
        addressId: !self && form.addressId ? form.addressId : undefined,
        ...(!self && !form.addressId ? newAddressBody(form.newAddress) : {}),
        deliveryDate: self ? undefined : form.deliveryDate,
        name: form.name,
        phone: form.phone,
        email: form.email,
        comment: form.comment,
        payment: form.payment,
        payerCompanyId: form.payment === 'invoice' ? form.payerCompanyId : undefined,
        onOrder: state.basket.items.filter((i) => i.on_order).map((i) => i.product_id),
        expectedTotal: totals.total,
      };
      const placed = await createOrder(body);
      // A card order goes straight to the payment page; ЕРИП and the rest to the confirmation.
      location.assign(placed.payment?.method === 'card' ? placed.payment.url : placed.url);
    } catch (err) {
      setSending(false);
      if (!(err instanceof ApiFailure)) return setGeneral([String((err as Error).message)]);
      const byField: Record<string, string> = {};
      const rest: string[] = [];
      for (const x of err.errors) {
        if (x.field && x.field !== 'basket' && x.field !== 'expectedTotal') byField[x.field] = x.message;
        else rest.push(x.message);
      }
      setErrors(byField);
      setGeneral(rest.length ? rest : [T.CHECKOUT_UI_FIX]);
      setStale(err.errors.some((x) => x.field !== undefined && STALE_FIELDS.has(x.field)));
      // After React has drawn the messages: the first faulty field in the page, else the error box.
      requestAnimationFrame(() => {
        const first = firstInPage(Object.keys(byField));
        if (first) first.focus();
        else document.getElementById('co-errors')?.focus();
      });
    }
  };

  if (!state.basket.items.length) {
    return (
      <div className="panel">
        <h2>{T.CHECKOUT_EMPTY_TITLE}</h2>
        <p>{state.reason ?? T.CHECKOUT_EMPTY_TEXT}</p>
        <a className="btn" href="/catalog/">{T.CHECKOUT_DONE_CONTINUE}</a>
      </div>
    );
  }

  return (
    <form className="co" onSubmit={submit} noValidate>
      <div className="co__main">
        {!state.user && (
          <p className="muted">
            {T.CHECKOUT_UI_GUEST} <a href="/login/?backurl=%2Fcheckout%2F">{T.CHECKOUT_UI_LOGIN}</a> · <a href="/registration/?backurl=%2Fcheckout%2F" data-testid="checkout-register">{T.CHECKOUT_UI_REGISTER}</a>
          </p>
        )}
        {general.length > 0 && (
          <div id="co-errors" className="co-errors" role="alert" tabIndex={-1}>
            <ul>{general.map((g) => <li key={g}>{g}</li>)}</ul>
            {stale && <button type="button" className="btn btn--ghost" onClick={() => void refresh()}>{T.CHECKOUT_UI_REFRESH}</button>}
          </div>
        )}
        {state.reason && <p className="co-errors" role="alert">{state.reason}</p>}

        <fieldset className="panel">
          <legend>{T.CHECKOUT_UI_HOW}</legend>
          <div className="co-switch">
            <label className={`co-choice${!self ? ' is-on' : ''}`}>
              <input type="radio" name="deliveryTypeId" value="2" checked={!self} onChange={() => set('deliveryTypeId', '2')} />
              <span>{state.deliveryType.delivery.name}</span>
            </label>
            <label className={`co-choice${self ? ' is-on' : ''}`}>
              <input type="radio" name="deliveryTypeId" value="1" checked={self} onChange={() => set('deliveryTypeId', '1')} />
              <span>{state.deliveryType.self.name}</span>
            </label>
          </div>

          {self ? (
            <div role="radiogroup" aria-label={T.CHECKOUT_UI_BRANCH} className="co-branches">
              {state.branches.map((b) => (
                <label key={b.id} className={`co-branch${b.id === form.branchId ? ' is-on' : ''}`} data-testid="branch-option">
                  <input type="radio" name="branchId" value={b.id} checked={b.id === form.branchId} onChange={() => set('branchId', b.id)} />
                  <span className="co-branch__body">
                    <b>{b.name}</b>
                    <span>{b.address}</span>
                    <span className="muted">{b.hours}</span>
                    <span className={b.all_now ? 'co-ok' : 'co-warn'}>{b.all_now ? T.CHECKOUT_UI_ALL_NOW : T.CHECKOUT_UI_PART_NOW}. {T.CHECKOUT_UI_READY}: {b.ready_label}</span>
                    {!b.all_now && (
                      <span className="co-branch__lines">
                        {b.lines.filter((l) => l.later > 0).map((l) => (
                          <span key={l.product_id}>
                            {names.get(l.product_id)}: {T.CHECKOUT_UI_NOW} {l.now}, {T.CHECKOUT_UI_LATER} {l.later} {T.CHECKOUT_UI_PCS}
                          </span>
                        ))}
                      </span>
                    )}
                    <a href={b.map_url} target="_blank" rel="noopener">{T.CHECKOUT_UI_MAP}</a>
                  </span>
                </label>
              ))}
              {errors.branchId && <span className="field__error">{errors.branchId}</span>}
            </div>
          ) : (
            <div className="co-delivery">
              {state.addresses.length > 0 && (
                <div role="radiogroup" aria-label={T.CHECKOUT_UI_WHERE} className="co-addresses">
                  {state.addresses.map((a) => (
                    <label key={a.id} className={`co-choice co-choice--wide${form.addressId === a.id ? ' is-on' : ''}`}>
                      <input type="radio" name="addressId" value={a.id} checked={form.addressId === a.id} onChange={() => set('addressId', a.id)} />
                      <span>{[a.address, a.flat && (/^\d/.test(a.flat) ? `кв. ${a.flat}` : a.flat), a.entrance && `подъезд ${a.entrance}`].filter(Boolean).join(', ')}</span>
                    </label>
                  ))}
                  <label className={`co-choice co-choice--wide${form.addressId == null ? ' is-on' : ''}`}>
                    <input type="radio" name="addressId" value="" checked={form.addressId == null} onChange={() => set('addressId', null)} />
                    <span>{T.CHECKOUT_UI_NEW_ADDRESS}</span>
                  </label>
                  {errors.addressId && <span className="field__error">{errors.addressId}</span>}
                </div>
              )}
              {form.addressId == null && (
                <div className="co-newaddr">
                  <AddressFields names={NEW_ADDRESS_NAMES} values={form.newAddress} errors={newAddressErrors(errors)} onChange={(v) => set('newAddress', v)} />
                  {errors.newAddressAddress && <span className="field__error">{errors.newAddressAddress}</span>}
                </div>
              )}
              <div className="field">
                <label htmlFor="co-deliveryDate">{T.CHECKOUT_UI_DATE}</label>
                <select id="co-deliveryDate" name="deliveryDate" value={form.deliveryDate} aria-invalid={!!errors.deliveryDate} onChange={(e) => set('deliveryDate', e.target.value)}>
                  {state.delivery.dates.map((d) => <option key={d.date} value={d.date}>{d.label}</option>)}
                </select>
                {errors.deliveryDate && <span className="field__error">{errors.deliveryDate}</span>}
                <span className="muted">{T.CHECKOUT_UI_CUT_OFF.replace('{hour}', String(state.delivery.cut_off_hour))}</span>
              </div>
            </div>
          )}
        </fieldset>

        <fieldset className="panel">
          <legend>{T.CHECKOUT_UI_CONTACT}</legend>
          <p className="muted co-required-note"><span className="req" aria-hidden="true">*</span> — обязательные поля</p>
          <Field name="name" label={T.CHECKOUT_UI_NAME} value={form.name} error={errors.name} autoComplete="name" required onChange={(v) => set('name', v)} />
          <Field name="phone" label={T.CHECKOUT_UI_PHONE} type="tel" value={form.phone} error={errors.phone} autoComplete="tel" required hint="Например: +375 29 123-45-67" onChange={(v) => set('phone', v)} />
          <Field name="email" label={T.CHECKOUT_UI_EMAIL} type="email" value={form.email} error={errors.email} autoComplete="email" required hint="Например: ivan@example.by" onChange={(v) => set('email', v)} />
          <div className="field">
            <label htmlFor="co-comment">{T.CHECKOUT_UI_COMMENT}</label>
            {/* Chromium scrolls a focused text field only until its caret line shows (the first of three here), which could
                leave the rest below the screen's edge: the whole field is brought into sight (issue 23; scroll-padding keeps the header clear). */}
            <textarea id="co-comment" name="comment" rows={3} maxLength={1000} value={form.comment} onFocus={(e) => e.currentTarget.scrollIntoView({ block: 'nearest' })} onChange={(e) => set('comment', e.target.value)} />
          </div>
        </fieldset>

        <fieldset className="panel">
          <legend>{T.CHECKOUT_UI_PAYMENT}</legend>
          <div role="radiogroup" aria-label={T.CHECKOUT_UI_PAYMENT} className="co-pay">
            {state.payment.types.map((p) => (
              <label key={p.id} className={`co-choice co-choice--wide${form.payment === p.id ? ' is-on' : ''}`}>
                <input type="radio" name="payment" value={p.id} checked={form.payment === p.id} onChange={() => set('payment', p.id)} />
                <span>{p.name}</span>
              </label>
            ))}
          </div>
          {errors.payment && <span className="field__error">{errors.payment}</span>}
          {form.payment === 'invoice' && (
            <div className="co-payer">
              <div className="field">
                <label htmlFor="co-payer-search">{T.CHECKOUT_UI_PAYER_SEARCH}</label>
                <input id="co-payer-search" type="search" value={payerSearch} onChange={(e) => setPayerSearch(e.target.value)} />
              </div>
              <div className="field">
                <label htmlFor="co-payerCompanyId">{T.CHECKOUT_UI_PAYER}</label>
                <select id="co-payerCompanyId" name="payerCompanyId" value={form.payerCompanyId ?? ''} aria-invalid={!!errors.payerCompanyId} onChange={(e) => set('payerCompanyId', e.target.value ? Number(e.target.value) : null)}>
                  {payers.map((o) => <option key={o.id} value={o.id}>{o.name}, УНП {o.unp}</option>)}
                </select>
                {errors.payerCompanyId && <span className="field__error">{errors.payerCompanyId}</span>}
              </div>
            </div>
          )}
        </fieldset>
      </div>

      <div className="co__side">
        <Summary state={state} totals={totals} showDelivery={!self} />
        {totals.needs_approval && state.approval.text != null ? (
          <p className="co-note">{T.CHECKOUT_UI_APPROVAL.replace('{limit}', state.approval.text)}</p>
        ) : state.approval.text != null && <p className="muted" data-testid="co-limit">{T.CHECKOUT_UI_LIMIT.replace('{limit}', state.approval.text)}</p>}
        {self && branch && <p className="muted">{branch.name}: {T.CHECKOUT_UI_READY.toLowerCase()} {branch.ready_label}</p>}
        <button type="submit" className="btn co-submit" disabled={sending || !state.can_order} aria-busy={sending}>
          {sending ? T.CHECKOUT_UI_SENDING : T.CHECKOUT_UI_SUBMIT}
        </button>
        <p className="muted co-agree">
          {T.CHECKOUT_UI_AGREE_BEFORE} <a href="/agreement/" target="_blank" rel="noopener">{T.CHECKOUT_UI_AGREE_TERMS}</a> {T.CHECKOUT_UI_AGREE_AND} <a href="/political/" target="_blank" rel="noopener">{T.CHECKOUT_UI_AGREE_PRIVACY}</a>.
        </p>
      </div>
    </form>
  );
}
