/**
 * /personal/details/: order-status e-mails (spec profile send_status) and which statuses they are
 * about (checkboxes), plus an SMS copy — POST /api/profile/sendOrderStatus/.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../../stores/api';
import { Summary, isLoginRedirect, splitErrors, type Texts } from '../accounts/ui';

type Props = { texts: Texts; statuses: { code: string; name: string }[]; sendStatus: boolean; checkboxes: string[] };
const SMS = 'sms';

export default function OrderStatusSettings({ texts, statuses, sendStatus, checkboxes }: Props) {
  const [send, setSend] = useState(sendStatus);
  const [boxes, setBoxes] = useState<Set<string>>(new Set(checkboxes));
  const [summary, setSummary] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const toggle = (code: string) => {
    setDone(false);
    setBoxes((b) => {
      const next = new Set(b);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setSummary('');
    try {
      const saved = await api<{ send_status: 'Y' | 'N'; checkboxes: string[] }>('/api/profile/sendOrderStatus/', { method: 'POST', body: { send_status: send ? 'Y' : 'N', checkboxes: [...boxes] } });
      setSend(saved.send_status === 'Y');
      setBoxes(new Set(saved.checkboxes));
      setDone(true);
    } catch (err) {
      if (isLoginRedirect(err)) return;
      setSummary(splitErrors(err, [], texts).summary);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="aform" onSubmit={save}>
      <label className="acheck">
        <input
          type="checkbox"
          checked={send}
          onChange={(e) => {
            setSend(e.target.checked);
            setDone(false);
          }}
        />
        <span>{texts.ACC_UI_NOTIFY_SEND}</span>
      </label>
      <fieldset className="aform__boxes" disabled={!send}>
        <legend>{texts.ACC_UI_NOTIFY_STATUSES}</legend>
        {statuses.map((s) => (
          <label className="acheck" key={s.code}>
            <input type="checkbox" name="checkboxes" value={s.code} checked={boxes.has(s.code)} onChange={() => toggle(s.code)} />
            <span>{s.name}</span>
          </label>
        ))}
        <label className="acheck acheck--sms">
          <input type="checkbox" name="checkboxes" value={SMS} checked={boxes.has(SMS)} onChange={() => toggle(SMS)} />
          <span>{texts.ACC_UI_NOTIFY_SMS}</span>
        </label>
      </fieldset>
      <Summary id="notify-summary" text={summary} />
      <button className="btn aform__submit" type="submit" disabled={busy}>
        {busy ? texts.ACC_UI_SENDING : texts.ACC_UI_SAVE}
      </button>
      {done && (
        <p className="aform__done" role="status">
          {texts.ACC_UI_SAVED}
        </p>
      )}
    </form>
  );
}
