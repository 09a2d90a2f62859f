/**
 * Tabs of the company users page (spec §4: activeUsers / blockedUsers). Generic over the tab key so
 * that more tabs (e.g. «Заявки» — join requests) are one more entry in `tabs`, nothing else.
 */
export type TabDef<K extends string> = { key: K; label: string; count?: number; hidden?: boolean };

type Props<K extends string> = { tabs: TabDef<K>[]; active: K; label: string; panelId: string; onSelect: (key: K) => void };

export default function Tabs<K extends string>({ tabs, active, label, panelId, onSelect }: Props<K>) {
  const shown = tabs.filter((t) => !t.hidden || t.key === active);
  return (
    <div className="ctabs" role="tablist" aria-label={label}>
      {shown.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          id={`tab-${t.key}`}
          aria-selected={t.key === active}
          aria-controls={panelId}
          className="ctabs__tab"
          onClick={() => t.key !== active && onSelect(t.key)}
        >
          {t.label}
          {t.count !== undefined && <span className="ctabs__count">{t.count}</span>}
        </button>
      ))}
    </div>
  );
}
