/** The confirmation before blocking or unblocking a company user, and the call itself (setBlockUser). */
import { useEffect, useRef, useState } from 'react';
import { companyDict as T } from '../../i18n/ru-company';
import { api } from '../../stores/api';
import type { BlockResult } from '../../server/company/manage';
import { errorsOf, fill } from './shared';

type Target = { userId: string; name: string; blocked: 'Y' | 'N' };
type Props = { target: Target | null; onDone: (result: BlockResult, target: Target) => void; onClose: () => void };

export default function BlockDialog({ target, onDone, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const block = target?.blocked === 'N';

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (target && !d.open) {
      setError(null);
      d.showModal();
    }
    if (!target && d.open) d.close();
  }, [target]);

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      const result = await api<BlockResult>('/api/personal/contragent/setBlockUser/', { method: 'POST', body: { userId: target.userId, blocked: block ? 'Y' : 'N' } });
      onDone(result, target);
    } catch (e) {
      setError(errorsOf(e, T.COMPANY_USERS_FAILED).message ?? T.COMPANY_USERS_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="block-title" onClose={onClose}>
      <h2 id="block-title">{block ? T.COMPANY_USERS_BLOCK_TITLE : T.COMPANY_USERS_UNBLOCK_TITLE}</h2>
      <p>{target && fill(block ? T.COMPANY_USERS_BLOCK_CONFIRM : T.COMPANY_USERS_UNBLOCK_CONFIRM, { name: target.name })}</p>
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="modal__actions">
        <button type="button" className="btn" disabled={busy} onClick={confirm}>{block ? T.COMPANY_USERS_BLOCK : T.COMPANY_USERS_UNBLOCK}</button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => dialog.current?.close()}>{T.COMPANY_USERS_CANCEL}</button>
      </div>
    </dialog>
  );
}
