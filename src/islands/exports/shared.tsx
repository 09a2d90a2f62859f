/** Small pieces the export islands share: labels, Minsk-time dates, sizes, a confirmation dialog, copying. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ExportDto } from '../../server/exports/lists';
import type { ExportForm } from '../../server/exports/reference';
import type { TokenInfo, TokenList } from '../../server/exports/tokens';

export type { ExportDto, ExportForm, TokenInfo, TokenList };
export type Labels = Record<string, string>;

/** A label with its {placeholders} filled in. */
export function fill(text: string | undefined, vars: Record<string, string | number> = {}): string {
  return (text ?? '').replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}

/** Dates in Minsk time (UTC+3 all year) so that the server's render and the browser's agree. */
export function minskDate(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() + 3 * 3_600_000).toISOString();
  return `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)} ${d.slice(11, 16)}`;
}

export function fileSize(bytes: number | null): string {
  if (bytes == null) return '';
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace('.', ',')} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`;
}

export function useCopy(doneLabel: string) {
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(id);
  }, [copied]);
  const copy = async (key: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard refused (insecure origin): the text stays selectable on screen.
    }
    setCopied(key);
  };
  return { copy, label: (key: string, idle: string) => (copied === key ? doneLabel : idle) };
}

type ConfirmProps = { open: boolean; text: string; yes: string; no: string; busy?: boolean; onYes: () => void; onNo: () => void; children?: ReactNode };

/** A modal question (spec §4: one modal open at a time). */
export function Confirm({ open, text, yes, no, busy, onYes, onNo, children }: ConfirmProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="xdialog" onCancel={(e) => { e.preventDefault(); onNo(); }}>
      <p className="xdialog__text">{text}</p>
      {children}
      <div className="xdialog__actions">
        <button type="button" className="btn" onClick={onYes} disabled={busy}>{yes}</button>
        <button type="button" className="btn btn--ghost" onClick={onNo} disabled={busy}>{no}</button>
      </div>
    </dialog>
  );
}
