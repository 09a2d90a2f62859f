/**
 * A company admin's join requests (registrants who gave the company's УНП): the list from
 * GET /web/personal/contragent/joinRequests/ and «Принять» / «Отклонить» through
 * POST /api/profile/contragent/joinRequest/. Self-contained, so it can sit on any admin page.
 */
import { useEffect, useState } from 'react';
import { api } from '../../stores/api';
import { isLoginRedirect, splitErrors, type Texts } from '../accounts/ui';

type Row = { id: number; status: 'pending' | 'approved' | 'rejected'; name: string; email: string; phone: string | null; companyName: string | null; legalAddress: string | null; createdAt: string };

const date = (iso: string) => new Date(iso).toLocaleDateString('ru-BY', { day: 'numeric', month: 'long', year: 'numeric' });

export default function JoinRequests({ texts, initial }: { texts: Texts; initial?: Row[] }) {
  const [rows, setRows] = useState<Row[] | null>(initial ?? null);
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (initial) return;
    api<{ items: Row[] }>('/web/personal/contragent/joinRequests/')
      .then((d) => setRows(d.items))
      .catch((err) => {
        if (!isLoginRedirect(err)) setMessage(splitErrors(err, [], texts).summary);
      });
  }, [initial, texts]);

  const decide = async (row: Row, approve: boolean) => {
    setBusy(row.id);
    setMessage('');
    try {
      const { status } = await api<{ status: Row['status'] }>('/api/profile/contragent/joinRequest/', { method: 'POST', body: { id: row.id, approve: approve ? 'Y' : 'N' } });
      setRows((rs) => rs?.map((r) => (r.id === row.id ? { ...r, status } : r)) ?? null);
    } catch (err) {
      if (isLoginRedirect(err)) return;
      setMessage(splitErrors(err, [], texts).summary);
    } finally {
      setBusy(null);
    }
  };

  if (!rows) return message ? <p role="alert">{message}</p> : null;
  return (
    <div className="ajoin">
      {rows.length === 0 && <p className="empty">{texts.ACC_UI_JOIN_EMPTY}</p>}
      <ul className="ajoin__list">
        {rows.map((r) => (
          <li key={r.id} className={`ajoin__item ajoin__item--${r.status}`}>
            <p className="ajoin__who">
              <b>{r.name}</b>
              <span>{r.email}</span>
              {r.phone && <span>{r.phone}</span>}
            </p>
            <p className="ajoin__meta">
              {texts.ACC_UI_JOIN_DATE} {date(r.createdAt)}
              {r.companyName && (
                <>
                  {' · '}
                  {texts.ACC_UI_JOIN_TYPED}: «{r.companyName}»
                </>
              )}
            </p>
            {r.status === 'pending' ? (
              <div className="aform__buttons">
                <button type="button" className="btn" disabled={busy === r.id} onClick={() => decide(r, true)} aria-label={`${texts.ACC_UI_JOIN_APPROVE}: ${r.name}`}>
                  {texts.ACC_UI_JOIN_APPROVE}
                </button>
                <button type="button" className="btn btn--ghost" disabled={busy === r.id} onClick={() => decide(r, false)} aria-label={`${texts.ACC_UI_JOIN_REJECT}: ${r.name}`}>
                  {texts.ACC_UI_JOIN_REJECT}
                </button>
              </div>
            ) : (
              <p className={`status ${r.status === 'approved' ? 'status--done' : 'status--cancelled'}`} role="status">
                {r.status === 'approved' ? texts.ACC_UI_JOIN_APPROVED : texts.ACC_UI_JOIN_REJECTED_ROW}
              </p>
            )}
          </li>
        ))}
      </ul>
      {message && <p role="alert" className="aform__summary">{message}</p>}
    </div>
  );
}
