import { useState } from 'react';
import { pricelistDict as T } from '../../i18n/ru-pricelist';
import { api } from '../../stores/api';
import type { ApplyResult, PriceListPlan } from '../../server/exchange/pricelist';

const MAX_FILE = 2 * 1024 * 1024;
/** Rows drawn at once; the counts above always cover the whole file. */
const SHOWN = 300;

const money = (n: number) => n.toLocaleString('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The desk's price-list import: check a file (server-side preview), then apply exactly that. */
export default function PriceListImport() {
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<PriceListPlan | null>(null);
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ApplyResult | null>(null);

  async function check(f: File | null) {
    setPlan(null);
    setDone(null);
    setError(null);
    if (!f) return;
    if (f.size > MAX_FILE) return setError(T.PLIST_UI_TOO_BIG);
    const form = new FormData();
    form.append('file', f);
    setBusy('check');
    try {
      setPlan(await api<PriceListPlan>('/api/desk/pricelist/preview/', { method: 'POST', body: form }));
    } catch (e) {
      setError(e instanceof Error ? e.message : T.PLIST_UI_FAILED);
    } finally {
      setBusy(null);
    }
  }

  async function apply(skipErrors: boolean) {
    if (!file || !plan) return;
    const form = new FormData();
    form.append('file', file);
    form.append('token', plan.token);
    if (skipErrors) form.append('skip_errors', '1');
    setBusy('apply');
    setError(null);
    try {
      setDone(await api<ApplyResult>('/api/desk/pricelist/apply/', { method: 'POST', body: form }));
      setPlan(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : T.PLIST_UI_FAILED);
    } finally {
      setBusy(null);
    }
  }

  const c = plan?.counts;
  return (
    <div className="plist" aria-busy={busy !== null}>
      <form
        className="panel plist__form"
        onSubmit={(e) => {
          e.preventDefault();
          void check(file);
        }}
      >
        <label className="field">
          <span>{T.PLIST_UI_CHOOSE}</span>
          <input
            type="file"
            name="file"
            required
            data-testid="plist-file"
            accept=".xlsx,.csv,.txt,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            disabled={busy !== null}
            onChange={(e) => {
              const f = e.currentTarget.files?.[0] ?? null;
              setFile(f);
              void check(f);
            }}
          />
        </label>
        <button className="btn btn--ghost" type="submit" disabled={!file || busy !== null}>{T.PLIST_UI_CHECK}</button>
      </form>
      {busy && <p role="status" className="muted">{busy === 'check' ? T.PLIST_UI_CHECKING : T.PLIST_UI_APPLYING}</p>}
      {error && <p className="plist__error" role="alert">{error}</p>}
      {done && (
        <p className="plist__done" role="status" data-testid="plist-done">
          {T.PLIST_UI_APPLIED} «{done.file}»: {T.PLIST_UI_PRICES} — {done.prices}, {T.PLIST_UI_STOCKS} — {done.stocks}
          {done.skipped > 0 && `, ${T.PLIST_UI_ERRORS} — ${done.skipped}`}.
        </p>
      )}
      {plan && c && (
        <section className="plist__preview" aria-labelledby="plist-h">
          <h2 id="plist-h">{T.PLIST_UI_PREVIEW}: «{plan.file}»</h2>
          <p className="plist__counts" data-testid="plist-counts">
            <span className="st">{T.PLIST_UI_ROWS}: {c.rows}</span>
            <span className="st st--found">{T.PLIST_UI_FOUND}: {c.found}</span>
            {c.not_found > 0 && <span className="st st--not_found">{T.PLIST_UI_NOT_FOUND}: {c.not_found}</span>}
            {c.errors > 0 && <span className="st st--not_found">{T.PLIST_UI_ERRORS}: {c.errors}</span>}
            <span className="st st--ambiguous">{T.PLIST_UI_CHANGED}: {c.changed_rows} ({T.PLIST_UI_PRICES} {c.prices}, {T.PLIST_UI_STOCKS} {c.stocks})</span>
            <span className="st">{T.PLIST_UI_SAME}: {c.same}</span>
          </p>
          {plan.rows.length > SHOWN && <p className="muted">{T.PLIST_UI_SHOWN} {SHOWN}.</p>}
          <ol className="plist__rows">
            {plan.rows.slice(0, SHOWN).map((r) => (
              <li key={r.line} className={`prow prow--${r.status}`} data-status={r.status} data-article={r.article}>
                <div className="prow__head">
                  <span className="muted">{T.PLIST_UI_LINE} {r.line}</span>
                  <b>{r.article || '—'}</b>
                  {r.product ? <a href={r.product.url}>{r.product.name}</a> : r.article && <span className="st st--not_found">{T.PLIST_UI_NOT_FOUND_ONE}</span>}
                </div>
                {r.price && (
                  <div className="prow__change">
                    {T.PLIST_UI_PRICE}: <s>{money(r.price.old)}</s> → <b>{money(r.price.new)}</b> {T.PLIST_UI_BYN}
                  </div>
                )}
                {r.stocks.map((s) => (
                  <div className="prow__change" key={s.branch_id}>
                    {T.PLIST_UI_STOCK} {s.branch}: <s>{s.old}</s> → <b>{s.new}</b>
                  </div>
                ))}
                {r.errors.length > 0 && (
                  <ul className="prow__errors">
                    {r.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          {c.changed_rows === 0 && c.errors === 0 ? (
            <p className="muted">{T.PLIST_UI_NOTHING}</p>
          ) : (
            <div className="plist__actions">
              {c.errors > 0 && <p className="plist__error">{T.PLIST_UI_HAS_ERRORS}</p>}
              {c.errors === 0 ? (
                <button className="btn" type="button" disabled={busy !== null} onClick={() => void apply(false)} data-testid="plist-apply">
                  {T.PLIST_UI_APPLY}
                </button>
              ) : (
                c.changed_rows > 0 && (
                  <button className="btn btn--ghost" type="button" disabled={busy !== null} onClick={() => void apply(true)} data-testid="plist-apply-skip">
                    {T.PLIST_UI_APPLY_SKIP}
                  </button>
                )
              )}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
