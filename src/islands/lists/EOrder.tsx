import { useState } from 'react';
import { basketDict as T } from '../../i18n/ru-basket';
import { api } from '../../stores/api';
import { serial } from '../../stores/lists';
import { change, money, post, type ListResult, type MatchReport, type MatchRow } from '../../stores/basket';

const STATUS: Record<MatchRow['status'], string> = {
  found: T.BASKET_UI_ST_FOUND,
  not_found: T.BASKET_UI_ST_NOT_FOUND,
  ambiguous: T.BASKET_UI_ST_AMBIGUOUS,
  unavailable: T.BASKET_UI_ST_UNAVAILABLE,
  invalid: T.BASKET_UI_ST_INVALID,
};

const MAX_FILE = 2 * 1024 * 1024;

/** Quick order: paste or upload a list, check it, pick among ambiguous matches, add everything found in one step. */
export default function EOrder() {
  const [text, setText] = useState('');
  const [report, setReport] = useState<MatchReport | null>(null);
  const [choice, setChoice] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ListResult | null>(null);

  async function check(call: () => Promise<MatchReport>) {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const r = await call();
      setReport(r);
      setChoice({});
    } catch (e) {
      setError(e instanceof Error ? e.message : T.BASKET_UI_FAILED);
    } finally {
      setBusy(false);
    }
  }

  const checkText = () => {
    if (!text.trim()) return setError(T.BASKET_UI_PASTE_EMPTY);
    void check(() => post<MatchReport>('/api/basket/find/', { search: text }));
  };

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE) return setError(T.BASKET_ERR_FILE_TOO_BIG);
    const form = new FormData();
    form.append('file', file);
    void check(() => serial(() => api<MatchReport>('/api/basket/file/', { method: 'POST', body: form })));
  };

  const lines = report
    ? report.rows.flatMap((r) => {
        if (r.status === 'found' && r.product) return [{ product: r.product.id, quantity: r.quantity }];
        if (r.status === 'ambiguous' && choice[r.line]) return [{ product: choice[r.line]!, quantity: r.quantity }];
        return [];
      })
    : [];

  async function addAll() {
    setBusy(true);
    setError(null);
    try {
      setDone(await change(() => post<ListResult>('/api/basket/list/add/', { product_list: lines })));
    } catch (e) {
      setError(e instanceof Error ? e.message : T.BASKET_UI_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="eorder" aria-busy={busy}>
      <div className="eorder__inputs">
        <label className="eorder__paste">
          <span>{T.BASKET_UI_PASTE_LABEL}</span>
          <textarea rows={8} value={text} maxLength={100000} placeholder={T.BASKET_UI_PASTE_PLACEHOLDER} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="button" className="btn" disabled={busy} onClick={checkText}>{T.BASKET_UI_CHECK}</button>
        <div className="eorder__file">
          <label className="btn btn--ghost">
            {T.BASKET_UI_UPLOAD}
            <input
              type="file"
              accept=".xlsx,.csv,.txt,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              className="visually-hidden"
              disabled={busy}
              data-testid="eorder-file"
              onChange={(e) => {
                const input = e.target as HTMLInputElement;
                upload(input.files?.[0]);
                input.value = '';
              }}
            />
          </label>
          <span className="muted">
            {T.BASKET_UI_SAMPLE} <a href="/e-order/sample.xlsx" download>XLSX</a> · <a href="/e-order/sample.csv" download>CSV</a>
          </span>
        </div>
      </div>
      {busy && <p role="status" className="muted">{T.BASKET_UI_CHECKING}</p>}
      {error && <p className="eorder__error" role="alert">{error}</p>}
      {report && (
        <section className="eorder__report" aria-labelledby="report-h">
          <h2 id="report-h">{T.BASKET_UI_REPORT}</h2>
          <p className="eorder__counts" data-testid="eorder-counts">
            <span className="st st--found">{T.BASKET_UI_ST_FOUND}: {report.found}</span>
            <span className="st st--not_found">{T.BASKET_UI_ST_NOT_FOUND}: {report.not_found}</span>
            <span className="st st--ambiguous">{T.BASKET_UI_ST_AMBIGUOUS}: {report.ambiguous}</span>
            {report.unavailable > 0 && <span className="st st--unavailable">{T.BASKET_UI_ST_UNAVAILABLE}: {report.unavailable}</span>}
            {report.invalid > 0 && <span className="st st--invalid">{T.BASKET_UI_ST_INVALID}: {report.invalid}</span>}
          </p>
          <ol className="eorder__rows">
            {report.rows.map((r) => (
              <li key={r.line} className={`erow erow--${r.status}`} data-status={r.status}>
                <div className="erow__head">
                  <span className={`st st--${r.status}`}>{STATUS[r.status]}</span>
                  <span className="muted">{T.BASKET_UI_LINE} {r.line}: {r.input}</span>
                </div>
                {r.product && (
                  <div className="erow__product">
                    <a href={r.product.url}>{r.product.name}</a>
                    <span>{T.BASKET_UI_ARTICLE} {r.product.article} · {money(r.product.price)} · {r.quantity} {T.BASKET_UI_PCS}</span>
                  </div>
                )}
                {r.message && !r.choices && <p className="erow__msg">{r.message}</p>}
                {r.choices && (
                  <fieldset className="erow__choices">
                    <legend>{r.message}</legend>
                    {r.choices.map((c) => (
                      <label key={c.id}>
                        <input type="radio" name={`line-${r.line}`} value={c.id} checked={choice[r.line] === c.id} disabled={!c.can_buy} onChange={() => setChoice((s) => ({ ...s, [r.line]: c.id }))} />
                        <span>
                          {c.name} <small className="muted">({T.BASKET_UI_ARTICLE} {c.article}, {money(c.price)}{c.can_buy ? '' : `, ${T.BASKET_UI_ST_UNAVAILABLE.toLowerCase()}`})</small>
                        </span>
                      </label>
                    ))}
                  </fieldset>
                )}
              </li>
            ))}
          </ol>
          <div className="eorder__go">
            <button type="button" className="btn" disabled={busy || !lines.length} onClick={addAll} data-testid="eorder-add">
              {T.BASKET_UI_ADD_FOUND} ({lines.length})
            </button>
          </div>
        </section>
      )}
      {done && (
        <div className="basket__notice" role="status" data-testid="eorder-done">
          {T.BASKET_UI_ADDED} {done.added.length}.
          {done.added.some((a) => a.limited) && ` ${T.BASKET_UI_LIMITED}`}
          {done.refused.length > 0 && ` ${T.BASKET_UI_REFUSED} ${done.refused.length}.`} <a href="/basket/">{T.BASKET_UI_GO_BASKET}</a>
        </div>
      )}
    </div>
  );
}
