/**
 * /personal/unloading/: the owner's lists as cards (a 360 px screen has no room for a table) with
 * their last build and last pull, the feed link, download, edit and remove (after a confirmation),
 * and the API tokens panel.
 */
import { useState } from 'react';
import { api, ApiFailure } from '../../stores/api';
import ApiTokens from './ApiTokens';
import { Confirm, fileSize, fill, minskDate, useCopy, type ExportDto, type Labels, type TokenList } from './shared';

type Props = { labels: Labels; items: ExportDto[]; tokens: TokenList; site: string; formats: Record<string, string>; schedules: Record<string, string> };

export default function ExportLists({ labels: L, items: initial, tokens, site, formats, schedules }: Props) {
  const [items, setItems] = useState(initial);
  const [removing, setRemoving] = useState<ExportDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [apiToken, setApiToken] = useState<string | null>(null);
  const { copy, label } = useCopy(L.EXPORT_COPIED!);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await api('/api/profile/export/remove/', { method: 'POST', body: { id: removing.id } });
      setItems((list) => list.filter((i) => i.id !== removing.id));
      setMessage(L.EXPORT_REMOVED!);
    } catch (e) {
      setMessage(e instanceof ApiFailure ? e.message : String(e));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const feedUrl = (path: string) => `${site}${path}?token=${apiToken ?? L.EXPORT_TOKEN_PLACEHOLDER}`;

  return (
    <div className="xlists">
      <p className="xactions">
        <a className="btn" href="/personal/unloading/new/">{L.EXPORT_CREATE}</a>
      </p>
      {message && <p className="xnote" role="status">{message}</p>}
      {items.length === 0 && <p className="empty">{L.EXPORT_EMPTY}</p>}
      <ul className="xcards">
        {items.map((item) => (
          <li key={item.id} className="panel xcard" data-testid="export-card">
            <div className="xcard__head">
              <h2 className="xcard__name">{item.name || L.EXPORT_UNTITLED}</h2>
              {item.status === 'draft' ? <span className="status status--approval">{L.EXPORT_DRAFT}</span> : item.format && <span className="status">{item.format.toUpperCase()}</span>}
            </div>
            <dl className="xfacts">
              <dt>{L.EXPORT_WHAT}</dt>
              <dd>{item.summary}</dd>
              {item.status === 'draft' ? (
                <>
                  <dt>{L.EXPORT_DRAFT}</dt>
                  <dd>{fill(L.EXPORT_DRAFT_STEP, { step: item.step })}</dd>
                </>
              ) : (
                <>
                  <dt>{L.EXPORT_FORMAT_AND_SCHEDULE}</dt>
                  <dd>{item.format ? formats[item.format] : '—'}, {schedules[item.schedule]?.toLowerCase()}</dd>
                  <dt>{L.EXPORT_LAST_BUILD}</dt>
                  <dd data-testid="export-build">{item.build.at ? `${minskDate(item.build.at)} · ${fileSize(item.build.size)} · ${item.build.rows} ${L.EXPORT_ROWS}` : L.EXPORT_NEVER_BUILT}</dd>
                  <dt>{L.EXPORT_LAST_PULL}</dt>
                  <dd>{item.pull.at ? `${minskDate(item.pull.at)}, IP ${item.pull.ip}` : L.EXPORT_NEVER_PULLED}</dd>
                </>
              )}
            </dl>
            {item.feedPath && (
              <div className="xfeed">
                <span className="xmuted">{L.EXPORT_FEED_URL}</span>
                <code className="xcode" data-testid="export-feed-url">{feedUrl(item.feedPath)}</code>
              </div>
            )}
            <div className="xrow">
              {item.status === 'draft' ? (
                <a className="btn" href={`/personal/unloading/new/?id=${item.id}`}>{L.EXPORT_CONTINUE}</a>
              ) : (
                <>
                  {item.feedPath && <a className="btn" href={item.feedPath} download>{L.EXPORT_DOWNLOAD}</a>}
                  {item.feedPath && <button type="button" className="btn btn--ghost" onClick={() => copy(`u${item.id}`, feedUrl(item.feedPath!))}>{label(`u${item.id}`, L.EXPORT_COPY!)}</button>}
                  <a className="btn btn--ghost" href={`/personal/unloading/${item.id}/`}>{L.EXPORT_EDIT}</a>
                </>
              )}
              <button type="button" className="btn btn--ghost" onClick={() => setRemoving(item)}>{L.EXPORT_REMOVE}</button>
            </div>
          </li>
        ))}
      </ul>
      <ApiTokens labels={L} initial={tokens} lists={items.filter((i) => i.feedPath).map((i) => ({ id: i.id, name: i.name }))} onNewToken={setApiToken} />
      <Confirm open={!!removing} text={fill(L.EXPORT_REMOVE_CONFIRM, { name: removing?.name || L.EXPORT_UNTITLED! })} yes={L.EXPORT_REMOVE_YES!} no={L.EXPORT_CANCEL!} busy={busy} onYes={remove} onNo={() => setRemoving(null)} />
    </div>
  );
}
