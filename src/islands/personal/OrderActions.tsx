import { useState } from 'react';
import { ordersDict as T } from '../../i18n/ru-orders';
import { ApiFailure } from '../../stores/api';
import { cancelOrder, decideOrder, type RepeatReport } from '../../stores/checkout';
import RepeatPreview from './RepeatPreview';

type Props = { orderNumber: string; canCancel: boolean; canApprove: boolean; compact?: boolean };

/** «Повторить заказ» (through its preview, ./RepeatPreview.tsx), cancel while new, and the company admin's approve/reject of an order above a limit. */
export default function OrderActions({ orderNumber, canCancel, canApprove, compact = false }: Props) {
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<RepeatReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');
  const [previewing, setPreviewing] = useState(false);

  const run = async (call: () => Promise<unknown>, reload = true) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      if (reload) location.reload();
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oactions" data-testid="order-actions">
      <div className="oactions__row">
        <button type="button" className={compact ? 'btn btn--ghost btn--sm' : 'btn'} disabled={busy} aria-haspopup="dialog" onClick={() => {
            setReport(null);
            setPreviewing(true);
          }}>{T.ORDER_REPEAT}</button>
        {canApprove && (
          <>
            <button type="button" className="btn btn--ok" disabled={busy} onClick={() => void run(() => decideOrder(orderNumber, true))}>{T.ORDER_APPROVE}</button>
            <button type="button" className="btn btn--ghost" disabled={busy} aria-expanded={rejecting} onClick={() => setRejecting((r) => !r)}>{T.ORDER_REJECT}</button>
          </>
        )}
        {canCancel && !canApprove && (
          <button type="button" className={compact ? 'btn btn--ghost btn--sm' : 'btn btn--ghost'} disabled={busy} onClick={() => confirm(T.ORDERS_UI_CONFIRM_CANCEL.replace('{n}', orderNumber)) && void run(() => cancelOrder(orderNumber))}>{T.ORDER_CANCEL}</button>
        )}
      </div>
      {rejecting && (
        <div className="oactions__reject">
          <label htmlFor={`rej-${orderNumber}`}>{T.ORDERS_UI_REJECT_COMMENT}</label>
          <textarea id={`rej-${orderNumber}`} rows={2} maxLength={500} value={comment} onChange={(e) => setComment(e.target.value)} />
          <button type="button" className="btn" disabled={busy} onClick={() => void run(() => decideOrder(orderNumber, false, comment || undefined))}>{T.ORDERS_UI_REJECT_CONFIRM}</button>
        </div>
      )}
      <RepeatPreview orderNumber={orderNumber} open={previewing} onClose={() => setPreviewing(false)} onDone={(r) => {
        setReport(r);
        setPreviewing(false);
      }} />
      {error && <p className="co-errors" role="alert">{error}</p>}
      {report && (
        <div className="oactions__report" role="status" data-testid="repeat-report">
          <p>{T.ORDERS_UI_REPEATED.replace('{n}', String(report.added.length))} <a href="/basket/">{T.ORDERS_UI_TO_BASKET}</a></p>
          {report.added.some((a) => a.limited || a.on_order) && (
            <ul>
              {report.added.filter((a) => a.limited || a.on_order).map((a) => (
                <li key={a.product_id}>{a.name}: {a.limited ? T.ORDERS_UI_LIMITED.replace('{q}', String(a.quantity)).replace('{r}', String(a.requested)) : T.CHECKOUT_UI_ON_ORDER}</li>
              ))}
            </ul>
          )}
          {report.refused.length > 0 && (
            <>
              <p>{T.ORDERS_UI_NOT_ADDED}</p>
              <ul>{report.refused.map((r, i) => <li key={i}>{r.name}{r.article ? ` (арт. ${r.article})` : ''} — {r.reason}</li>)}</ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
