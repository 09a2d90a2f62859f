/** Small pieces the company islands share: dates in Minsk time, message templates, field errors. */
import { useEffect, useState, type RefObject } from 'react';
import { ApiFailure } from '../../stores/api';
import { TOAST_DURATION_MS } from '../../config/constants';

const dateTime = new Intl.DateTimeFormat('ru-BY', { timeZone: 'Europe/Minsk', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('ru-BY', { timeZone: 'Europe/Minsk', day: '2-digit', month: '2-digit', year: 'numeric' });

/** «12.03.2026, 14:20» — the same on the server and in the browser (fixed time zone: no hydration mismatch). */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** Fills {name}-style placeholders of a dictionary text. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Field errors of a failed call, keyed by field; the rest as one message. */
export function errorsOf(e: unknown, fallback: string): { fields: Record<string, string>; message: string | null } {
  if (!(e instanceof ApiFailure)) return { fields: {}, message: fallback };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const err of e.errors) {
    // Under its own field the message needs no "Label: " prefix (the API keeps it for other clients).
    if (err.field && !(err.field in fields)) fields[err.field] = capitalize(err.message.replace(/^[^:]{1,60}:\s+/, ''));
    else if (!err.field) rest.push(err.message);
  }
  return { fields, message: rest[0] ?? (Object.keys(fields).length ? null : e.message || fallback) };
}

/** A toast that hides itself after the spec's 5 s. */
export function useToast(): [string | null, (text: string | null) => void] {
  const [toast, setToast] = useState<string | null>(null);
  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(id);
  }, [toast]);
  return [toast, setToast];
}

/**
 * What a visitor typed before the island hydrated lives only in the DOM; a controlled input would
 * drop it at the next render. On mount, the form's text fields that differ from the state are
 * taken over into it.
 */
export function useAdoptTypedValues<V extends Record<string, unknown>>(form: RefObject<HTMLFormElement | null>, setValues: (update: (v: V) => V) => void) {
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const typed: Record<string, string> = {};
    for (const input of Array.from(el.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name]:not([type=checkbox]), textarea[name]'))) typed[input.name] = input.value;
    setValues((v) => {
      const next = { ...v };
      let changed = false;
      for (const [k, value] of Object.entries(typed)) {
        if (k in v && typeof v[k] === 'string' && v[k] !== value) {
          (next as Record<string, unknown>)[k] = value;
          changed = true;
        }
      }
      return changed ? next : v;
    });
  }, []);
}
