import { useState } from 'react';
import { addressesDict as T } from '../../i18n/ru-addresses';
import { addressCalls, failureText, loadAddresses, type AddressBook } from '../../stores/addresses';
import AddressCard from './AddressCard';
import AddressCodePanel from './AddressCodePanel';
import AddressForm from './AddressForm';
import AddressAllPanel from './AddressAllPanel';
import type { Run } from './run';

type Props = {
  initial: AddressBook;
  /** The 500 view's texts (spec §8: an address list that fails to load shows the 500 page). */
  failure: { code: string; title: string; text: string; reload: string; home: string };
};

/**
 * The delivery addresses page (spec §7 Addresses, §4 delivery address states): the list with
 * statuses, adding and deleting confirmed by a code, cancelling a deletion, and the notification
 * contacts per address or for all at once. After every change the list is loaded again from
 * GET /web/personal/addresses/; if that fails, the page turns into the 500 view.
 */
export default function DeliveryAddresses({ initial, failure }: Props) {
  const [book, setBook] = useState(initial);
  const [broken, setBroken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const [completing, setCompleting] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const reload = async (): Promise<AddressBook | null> => {
    try {
      const fresh = await loadAddresses();
      setBook(fresh);
      return fresh;
    } catch {
      setBroken(true);
      return null;
    }
  };

  const run: Run = async (change, opts = {}) => {
    setBusy(true);
    setMessage(null);
    let ok = true;
    try {
      const result = await change();
      const text = opts.done?.(result);
      if (text) setMessage({ text, error: false });
    } catch (e) {
      ok = false;
      if (opts.onError) opts.onError(e);
      else {
        const f = failureText(e, T.ADDR_FAILED);
        setMessage({ text: f.message ?? Object.values(f.fields)[0] ?? T.ADDR_FAILED, error: true });
      }
    }
    await reload();
    setBusy(false);
    return ok;
  };

  if (broken) {
    return (
      <section className="error-page" data-error="500">
        <div className="error-page__code">{failure.code}</div>
        <h2>{failure.title}</h2>
        <p>{failure.text}</p>
        <button type="button" className="btn" onClick={() => location.reload()}>{failure.reload}</button>
        <a className="btn btn--ghost" href="/">{failure.home}</a>
      </section>
    );
  }

  const remove = (id: number) =>
    run(() => addressCalls.requestDelete(id), {
      done: (r) => {
        if (r.status === 'deletion_requested') setConfirming(id);
        return r.status === 'deleted' ? T.ADDR_DELETED : null;
      },
    });

  return (
    <div className="addrbook">
      {book.company && <p className="muted">{T.ADDR_COMPANY_NOTE.replace('{company}', book.company.name)}</p>}
      {!book.canManage && <p className="addrbook__readonly" role="note">{T.ADDR_READ_ONLY_NOTE}</p>}
      {message && (
        <p className={message.error ? 'addrbook__message addrbook__message--error' : 'addrbook__message'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}

      {book.addresses.length === 0 ? (
        <p className="empty">{book.canManage ? T.ADDR_EMPTY : T.ADDR_EMPTY_READ_ONLY}</p>
      ) : (
        <ul className="addrlist">
          {book.addresses.map((a) => (
            <AddressCard
              key={a.id}
              address={a}
              canManage={book.canManage}
              showAddedBy={!!book.company}
              busy={busy}
              run={run}
              onConfirm={() => setConfirming(a.id)}
              confirming={confirming === a.id}
              onDelete={() => void remove(a.id)}
              onCancelDelete={() => void run(() => addressCalls.cancelDelete(a.id), { done: () => { setConfirming(null); return T.ADDR_DELETE_CANCELLED; } })}
              onComplete={book.canManage && completing !== a.id ? () => setCompleting(a.id) : undefined}
            >
              {completing === a.id && (
                <AddressForm
                  own={book.own}
                  replaces={a}
                  onCancel={() => setCompleting(null)}
                  onAdded={(added) => {
                    setCompleting(null);
                    setConfirming(added.id);
                    void reload();
                  }}
                />
              )}
              {confirming === a.id && a.status !== 'active' && (
                <AddressCodePanel
                  address={a}
                  own={book.own}
                  onClose={() => setConfirming(null)}
                  onDone={(r) => {
                    setConfirming(null);
                    void run(async () => r, { done: () => (r.status === 'deleted' ? T.ADDR_DELETED : T.ADDR_CONFIRMED) });
                  }}
                />
              )}
            </AddressCard>
          ))}
        </ul>
      )}

      {book.canManage &&
        (adding ? (
          <AddressForm
            own={book.own}
            onCancel={() => setAdding(false)}
            onAdded={(a) => {
              setAdding(false);
              setConfirming(a.id);
              void reload();
            }}
          />
        ) : (
          book.addresses.length < book.limit && (
            <p>
              <button type="button" className="btn addrbook__add" onClick={() => setAdding(true)}>+ {T.ADDR_ADD}</button>
            </p>
          )
        ))}

      {book.canManage && book.addresses.length > 0 && <AddressAllPanel own={book.own} busy={busy} run={run} />}
    </div>
  );
}
