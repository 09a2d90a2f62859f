/**
 * The API tokens panel: the owner's live tokens (masked) with name, scope, issuer and last use, each
 * revocable on its own after a confirmation; a form that issues a named token for all lists or some,
 * shown once.
 */
import { useState } from 'react';
import { api, ApiFailure } from '../../stores/api';
import { Confirm, fill, minskDate, useCopy, type Labels, type TokenInfo, type TokenList } from './shared';

type Props = { labels: Labels; initial: TokenList; lists: { id: number; name: string }[]; onNewToken: (token: string) => void };

export default function ApiTokens({ labels: L, initial, lists, onNewToken }: Props) {
  const [items, setItems] = useState(initial.items);
  const [fresh, setFresh] = useState<{ token: string; name: string } | null>(null);
  const [name, setName] = useState('');
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<number[]>([]);
  const [revoking, setRevoking] = useState<TokenInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { copy, label } = useCopy(L.EXPORT_COPIED!);
  const full = items.length >= initial.max;

  const generate = async () => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const data = await api<{ token: string; item: TokenInfo }>('/web/profile/generateapitoken/', { method: 'POST', body: { name, lists: all ? [] : chosen } });
      setItems((list) => [data.item, ...list]);
      setFresh({ token: data.token, name: data.item.name });
      onNewToken(data.token);
      setName('');
      setAll(true);
      setChosen([]);
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    setError(null);
    try {
      await api('/web/profile/revokeapitoken/', { method: 'POST', body: { id: revoking.id } });
      setItems((list) => list.filter((i) => i.id !== revoking.id));
      setNote(fill(L.EXPORT_TOKEN_REVOKED, { name: revoking.name }));
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : String(e));
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  const scope = (tk: TokenInfo) => (tk.lists === null ? L.EXPORT_TOKEN_SCOPE_ALL : tk.lists.length ? tk.lists.map((l) => l.name).join(', ') : L.EXPORT_TOKEN_SCOPE_NONE);

  return (
    <section className="panel xtoken" aria-labelledby="xtoken-title">
      <h2 id="xtoken-title">{L.EXPORT_TOKEN_TITLE}</h2>
      <p className="xmuted">{L.EXPORT_TOKEN_INTRO}</p>
      {fresh && (
        <div className="xtoken__fresh" role="status">
          <p><b>{fresh.name}.</b> {L.EXPORT_TOKEN_SHOWN_ONCE}</p>
          <code className="xcode" data-testid="api-token">{fresh.token}</code>
          <div className="xrow">
            <button type="button" className="btn btn--ghost" onClick={() => copy('token', fresh.token)}>{label('token', L.EXPORT_COPY!)}</button>
            <button type="button" className="btn btn--ghost" onClick={() => setFresh(null)}>{L.EXPORT_TOKEN_DONE}</button>
          </div>
        </div>
      )}
      {note && <p className="xnote" role="status">{note}</p>}
      {items.length === 0 ? (
        <p>{L.EXPORT_TOKEN_NONE}</p>
      ) : (
        <ul className="xtokens">
          {items.map((tk) => (
            <li key={tk.id} className="xtokens__item" data-testid="api-token-item">
              <h3 className="xtokens__name">{tk.name}</h3>
              <code className="xcode" data-testid="api-token-masked">{tk.masked}</code>
              <dl className="xfacts">
                <dt>{L.EXPORT_TOKEN_SCOPE}</dt>
                <dd>{scope(tk)}</dd>
                <dd className="xmuted">
                  {fill(L.EXPORT_TOKEN_ISSUED, { date: minskDate(tk.createdAt), name: tk.issuedBy ?? '—' })}
                  <br />
                  {tk.lastUsedAt ? fill(L.EXPORT_TOKEN_LAST_USED, { date: minskDate(tk.lastUsedAt), ip: tk.lastUsedIp ?? '—', count: tk.useCount }) : L.EXPORT_TOKEN_NEVER_USED}
                </dd>
              </dl>
              {tk.canRevoke && (
                <button type="button" className="btn btn--ghost xtokens__revoke" onClick={() => setRevoking(tk)}>{L.EXPORT_TOKEN_REVOKE}</button>
              )}
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="xmuted">{fill(L.EXPORT_TOKEN_LIMIT_REACHED, { max: initial.max })}</p>
      ) : (
        <form className="xtokens__new" onSubmit={(e) => { e.preventDefault(); void generate(); }}>
          <div className="field">
            <label htmlFor="x-token-name">{L.EXPORT_TOKEN_NAME}</label>
            <input id="x-token-name" type="text" maxLength={60} value={name} placeholder={L.EXPORT_TOKEN_NAME_HINT} onChange={(e) => setName(e.target.value)} />
          </div>
          {lists.length > 0 && (
            <fieldset className="xstep">
              <legend className="xlabel">{L.EXPORT_TOKEN_LISTS}</legend>
              <div className="xchoices">
                <label className="xcheck">
                  <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
                  <span>{L.EXPORT_TOKEN_LISTS_ALL}</span>
                </label>
                {!all && lists.map((l) => (
                  <label key={l.id} className="xcheck xcheck--sub">
                    <input type="checkbox" checked={chosen.includes(l.id)} onChange={(e) => setChosen((c) => (e.target.checked ? [...c, l.id] : c.filter((x) => x !== l.id)))} />
                    <span>{l.name || L.EXPORT_UNTITLED}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {error && <p className="xerror" role="alert">{error}</p>}
          <button type="submit" className="btn" disabled={busy || (!all && chosen.length === 0)}>{L.EXPORT_TOKEN_GENERATE}</button>
        </form>
      )}
      <Confirm open={!!revoking} text={fill(L.EXPORT_TOKEN_REVOKE_CONFIRM, { name: revoking?.name ?? '' })} yes={L.EXPORT_TOKEN_REVOKE!} no={L.EXPORT_CANCEL!} busy={busy} onYes={revoke} onNo={() => setRevoking(null)} />
    </section>
  );
}
