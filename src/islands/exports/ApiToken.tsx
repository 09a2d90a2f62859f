/** The API token panel: masked token and its last use; a new token is shown once, after a confirmation when it replaces one. */
import { useState } from 'react';
import { api, ApiFailure } from '../../stores/api';
import { Confirm, fill, minskDate, useCopy, type Labels, type TokenInfo } from './shared';

type Props = { labels: Labels; initial: TokenInfo; company: boolean; onNewToken: (token: string) => void };

export default function ApiToken({ labels: L, initial, company, onNewToken }: Props) {
  const [info, setInfo] = useState(initial);
  const [fresh, setFresh] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { copy, label } = useCopy(L.EXPORT_COPIED!);

  const generate = async () => {
    setBusy(true);
    setError(null);
    try {
      const data = await api<TokenInfo & { token: string }>('/web/profile/generateapitoken/', { method: 'POST' });
      const { token, ...rest } = data;
      setInfo(rest);
      setFresh(token);
      onNewToken(token);
      setAsking(false);
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel xtoken" aria-labelledby="xtoken-title">
      <h2 id="xtoken-title">{L.EXPORT_TOKEN_TITLE}</h2>
      <p className="xmuted">{company ? L.EXPORT_TOKEN_INTRO : L.EXPORT_TOKEN_INTRO_SELF}</p>
      {fresh ? (
        <div className="xtoken__fresh" role="status">
          <p><b>{L.EXPORT_TOKEN_SHOWN_ONCE}</b></p>
          <code className="xcode" data-testid="api-token">{fresh}</code>
          <div className="xrow">
            <button type="button" className="btn btn--ghost" onClick={() => copy('token', fresh)}>{label('token', L.EXPORT_COPY!)}</button>
            <button type="button" className="btn btn--ghost" onClick={() => setFresh(null)}>{L.EXPORT_TOKEN_DONE}</button>
          </div>
        </div>
      ) : info.exists ? (
        <code className="xcode" data-testid="api-token-masked">{info.masked}</code>
      ) : (
        <p>{L.EXPORT_TOKEN_NONE}</p>
      )}
      {info.exists && (
        <p className="xmuted">
          {fill(L.EXPORT_TOKEN_ISSUED, { date: minskDate(info.createdAt), name: info.issuedBy ?? '—' })}
          <br />
          {info.lastUsedAt ? fill(L.EXPORT_TOKEN_LAST_USED, { date: minskDate(info.lastUsedAt), ip: info.lastUsedIp ?? '—' }) : L.EXPORT_TOKEN_NEVER_USED}
        </p>
      )}
      {error && <p className="xerror" role="alert">{error}</p>}
      <button type="button" className="btn" disabled={busy} onClick={() => (info.exists ? setAsking(true) : generate())}>
        {info.exists ? L.EXPORT_TOKEN_REGENERATE : L.EXPORT_TOKEN_GENERATE}
      </button>
      <Confirm open={asking} text={L.EXPORT_TOKEN_REGENERATE_CONFIRM!} yes={L.EXPORT_TOKEN_REGENERATE!} no={L.EXPORT_CANCEL!} busy={busy} onYes={generate} onNo={() => setAsking(false)} />
    </section>
  );
}
