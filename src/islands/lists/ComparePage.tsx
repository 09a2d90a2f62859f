import { useEffect, useState } from 'react';
import { useClientStore } from '../../stores/hooks';
import { basketDict as T } from '../../i18n/ru-basket';
import { api } from '../../stores/api';
import { $basketIds, onRemoteChange, startHeaderSync } from '../../stores/header';
import { addToBasket } from '../../stores/lists';
import { change, imageUrl, money, ownPrice, post } from '../../stores/basket';

type Item = { id: number; url: string; name: string; price: number; personalPrice: number | null; canBuy: boolean; section_id: number; properties: Record<string, string> };
type Section = { section_id: number; section_name: string; items: Item[]; compare_properties_name: Record<string, string> };
export type CompareData = { sections: Record<string, Section>; compare_properties_name: Record<string, string>; count: number };

/** Active tab -1 means every section (spec §4). */
const ALL = -1;

function Table({ section, onlyDiff, busy, inBasket, onRemove, onBuy }: { section: Section; onlyDiff: boolean; busy: boolean; inBasket: number[]; onRemove: (id: number) => void; onBuy: (id: number) => void }) {
  const props = Object.entries(section.compare_properties_name).filter(([code]) => {
    if (!onlyDiff || section.items.length < 2) return true;
    return new Set(section.items.map((i) => i.properties[code] ?? '—')).size > 1;
  });
  return (
    <div className="ctable" role="region" aria-label={section.section_name} tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col" className="ctable__corner">{section.section_name}</th>
            {section.items.map((i) => (
              <th scope="col" key={i.id} data-testid="compare-item">
                <img src={imageUrl(i.id)} width={96} height={96} alt="" loading="lazy" />
                <a href={i.url}>{i.name}</a>
                <b>{money(ownPrice(i) ?? i.price)}</b>
                {ownPrice(i) !== null && <span className="card__your">{T.BASKET_UI_YOUR_PRICE}</span>}
                {inBasket.includes(i.id) ? (
                  <a className="btn btn--ghost" href="/basket/">{T.BASKET_UI_IN_BASKET}</a>
                ) : (
                  <button type="button" className="btn" disabled={busy || !i.canBuy} onClick={() => onBuy(i.id)} aria-label={`${T.BASKET_UI_TO_BASKET}: ${i.name}`}>{T.BASKET_UI_TO_BASKET}</button>
                )}
                <button type="button" className="linkbtn" disabled={busy} onClick={() => onRemove(i.id)} aria-label={`${T.BASKET_UI_COMPARE_REMOVE}: ${i.name}`}>{T.BASKET_UI_REMOVE}</button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.map(([code, name]) => (
            <tr key={code} data-testid="compare-prop">
              <th scope="row">{name}</th>
              {section.items.map((i) => (
                <td key={i.id}>{i.properties[code] ?? '—'}</td>
              ))}
            </tr>
          ))}
          {props.length === 0 && (
            <tr>
              <td colSpan={section.items.length + 1} className="muted">{T.BASKET_UI_NO_DIFF}</td>
            </tr>
          )}
        </tbody>
      </table>
      {section.items.length === 1 && <p className="ctable__one muted">{T.BASKET_UI_COMPARE_ONE}</p>}
    </div>
  );
}

export default function ComparePage({ initial }: { initial: CompareData }) {
  const [data, setData] = useState(initial);
  const [tab, setTab] = useState(ALL);
  const [onlyDiff, setOnlyDiff] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inBasket = useClientStore($basketIds, []);

  const reload = async () => {
    const next = await api<CompareData>('/web/compare/');
    setData(next);
    // The section of the active tab is gone with its last item: back to all.
    setTab((t) => (t === ALL || next.sections[String(t)] ? t : ALL));
  };

  useEffect(() => {
    startHeaderSync();
    const off = onRemoteChange(() => void reload().catch(() => {}));
    return () => {
      off();
    };
  }, []);

  async function run(action: () => Promise<unknown>, reloadAfter = true) {
    setBusy(true);
    setError(null);
    try {
      await change(action);
      if (reloadAfter) await reload();
    } catch (e) {
      setError(e instanceof Error ? e.message : T.BASKET_UI_FAILED);
    } finally {
      setBusy(false);
    }
  }

  const sections = Object.values(data.sections);
  if (!sections.length) {
    return (
      <div className="bempty" data-testid="compare-empty">
        <p>{T.BASKET_UI_COMPARE_EMPTY}</p>
        <a className="btn" href="/catalog/">{T.BASKET_UI_TO_CATALOG}</a>
      </div>
    );
  }
  const shown = tab === ALL ? sections : sections.filter((s) => s.section_id === tab);
  return (
    <div className="compare" aria-busy={busy}>
      {/* A filter of the table below (toggle buttons), not tabs: there is one table, not a panel per tab. */}
      <div className="ctabs" role="group" aria-label={T.BASKET_UI_SECTIONS}>
        <button type="button" aria-pressed={tab === ALL} onClick={() => setTab(ALL)}>
          {T.BASKET_UI_ALL_SECTIONS} ({data.count})
        </button>
        {sections.map((s) => (
          <button type="button" key={s.section_id} aria-pressed={tab === s.section_id} onClick={() => setTab(s.section_id)}>
            {s.section_name} ({s.items.length})
          </button>
        ))}
      </div>
      <div className="compare__tools">
        <label className="switch">
          <input type="checkbox" checked={onlyDiff} onChange={(e) => setOnlyDiff((e.target as HTMLInputElement).checked)} />
          <span>{T.BASKET_UI_ONLY_DIFF}</span>
        </label>
        {tab !== ALL && (
          <button type="button" className="linkbtn" disabled={busy} onClick={() => run(() => post('/api/compare/clear/', { section_id: tab }))}>
            {T.BASKET_UI_CLEAR_SECTION}
          </button>
        )}
        <button type="button" className="linkbtn" disabled={busy} onClick={() => confirm(T.BASKET_UI_COMPARE_CLEAR_CONFIRM) && run(() => post('/api/compare/clear/'))}>
          {T.BASKET_UI_CLEAR_ALL}
        </button>
      </div>
      {error && <p className="basket__error" role="alert">{error}</p>}
      {shown.map((s) => (
        <section key={s.section_id} aria-label={s.section_name}>
          {tab === ALL && <h2>{s.section_name}</h2>}
          <Table
            section={s}
            onlyDiff={onlyDiff}
            busy={busy}
            inBasket={inBasket}
            onRemove={(id) => run(() => post('/api/compare/remove/', { product_id: id }))}
            onBuy={(id) => run(() => addToBasket(id), false)}
          />
        </section>
      ))}
    </div>
  );
}
