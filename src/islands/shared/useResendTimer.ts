/**
 * The spec's resend timer (§4): counts down each second to 0 and shows 00:SS while above 0;
 * "send again" is allowed at 0. Every code form (registration, restore, first login, contact
 * changes, delivery addresses) uses this one hook.
 */
import { useCallback, useEffect, useState } from 'react';

export function formatTimer(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export function useResendTimer(initial = 0): { left: number; label: string; canResend: boolean; start: (seconds: number) => void } {
  const [until, setUntil] = useState(() => (initial > 0 ? Date.now() + initial * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    // The label changes when the time left crosses a whole second: that is (left % 1000) ms from now.
    const id = setTimeout(() => setNow(Date.now()), ((until - Date.now()) % 1000 || 1000) + 5);
    return () => clearTimeout(id);
  }, [until, now]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  }, []);
  return { left, label: formatTimer(left), canResend: left === 0, start };
}
