/**
 * Creating an export list in four steps (spec §4), and editing one. Every step is saved through
 * api/profile/export/step/: while the visitor is still choosing, an autosave keeps the draft (so a
 * reload or a closed tab loses nothing); "Далее" saves the step whole and moves on. Editing a ready
 * list saves one step at a time with "Сохранить".
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { api, ApiFailure } from '../../stores/api';
import { fill, type ExportDto, type ExportForm, type Labels } from './shared';
import { foundText, StepFields, StepFormat, StepName, StepWhat, type WizardState } from './steps';

type Props = { labels: Labels; form: ExportForm; item: ExportDto | null; mode: 'new' | 'edit'; suggestedName: string };
type Step = 1 | 2 | 3 | 4;

const AUTOSAVE_MS = 600;

function initialState(item: ExportDto | null, form: ExportForm, suggestedName: string): WizardState {
  return {
    source: item?.source ?? 'all',
    sectionIds: item?.sectionIds ?? [],
    brandIds: item?.brandIds ?? [],
    months: item?.months ? String(item.months) : '12',
    articles: (item?.articles ?? []).join('\n'),
    inStockOnly: item?.inStockOnly ?? false,
    fields: item?.fields ?? form.defaultFields,
    format: item?.format ?? null,
    title: item?.name || suggestedName,
    schedule: item?.schedule ?? 'daily',
  };
}

function payload(step: Step, s: WizardState): Record<string, unknown> {
  if (step === 1) return { source: s.source, sectionIds: s.sectionIds, brandIds: s.brandIds, months: s.months.trim() || undefined, articles: s.articles, inStockOnly: s.inStockOnly ? 'Y' : 'N' };
  if (step === 2) return { fields: s.fields };
  if (step === 3) return { format: s.format ?? undefined };
  return { title: s.title, schedule: s.schedule };
}

const STEP_OF: Record<string, Step> = { source: 1, sectionIds: 1, brandIds: 1, months: 1, articles: 1, inStockOnly: 1, file: 1, fields: 2, format: 3, title: 4, schedule: 4 };

export default function ExportWizard({ labels: L, form, item, mode, suggestedName }: Props) {
  const [state, setState] = useState(() => initialState(item, form, suggestedName));
  const [id, setId] = useState<number | null>(item?.id ?? null);
  const [step, setStep] = useState<Step>(mode === 'edit' ? 1 : (Math.min(4, (item?.step ?? 0) + 1) as Step));
  const [done, setDone] = useState(item?.step ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<string | null>(foundText(L, item?.articlesFound ?? null, item?.articleCount ?? 0));
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const idRef = useRef(id);
  const dirty = useRef<Step | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const root = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);

  // A new step starts at the top of the wizard, not wherever the previous one was scrolled to.
  useLayoutEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    root.current?.scrollIntoView({ block: 'start' });
  }, [step]);
  useEffect(() => {
    if (Object.keys(errors).length) root.current?.querySelector('.xerror')?.scrollIntoView({ block: 'center' });
  }, [errors]);

  const remember = (saved: ExportDto) => {
    if (idRef.current === null) {
      idRef.current = saved.id;
      setId(saved.id);
      if (mode === 'new') history.replaceState(null, '', `/personal/unloading/new/?id=${saved.id}`);
    }
  };

  /** Saves in order, one request at a time: an autosave that creates the draft finishes before the next save needs its id. */
  const save = (s: Step, whole: boolean) => {
    const run = queue.current.then(async () => {
      const body = { ...payload(s, stateRef.current), step: s, draft: whole ? 'N' : 'Y', ...(idRef.current ? { id: idRef.current } : {}) };
      const saved = await api<ExportDto>('/api/profile/export/step/', { method: 'POST', body });
      remember(saved);
      return saved;
    });
    queue.current = run.catch(() => {});
    return run;
  };

  const flushAutosave = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const pending = dirty.current;
    dirty.current = null;
    if (pending && mode === 'new') save(pending, false).catch(() => {});
  };

  useEffect(() => () => flushAutosave(), []);
  useEffect(() => {
    const beforeUnload = () => flushAutosave();
    addEventListener('pagehide', beforeUnload);
    return () => removeEventListener('pagehide', beforeUnload);
  }, []);

  const set = (patch: Partial<WizardState>) => {
    setState((s) => ({ ...s, ...patch }));
    setNote(null);
    if (mode !== 'new') return;
    dirty.current = step;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flushAutosave, AUTOSAVE_MS);
  };

  const showErrors = (e: unknown) => {
    if (e instanceof ApiFailure) {
      const byField: Record<string, string> = {};
      for (const err of e.errors) if (err.field && !byField[err.field]) byField[err.field] = err.message.replace(/^[^:]+:\s*/, '');
      setErrors(byField);
      const other = e.errors.find((err) => !err.field || !(err.field in STEP_OF));
      setNote(other?.message ?? (Object.keys(byField).length ? null : e.message));
      const first = e.errors.map((err) => STEP_OF[err.field ?? '']).find(Boolean);
      if (first && first !== step) setStep(first);
    } else setNote(String(e));
  };

  const commit = async (next: Step | 'finish' | 'stay') => {
    if (timer.current) clearTimeout(timer.current);
    dirty.current = null;
    setBusy(true);
    setErrors({});
    setNote(null);
    try {
      const saved = await save(step, true);
      setDone(saved.step);
      if (saved.articlesFound !== null) setFound(foundText(L, saved.articlesFound, saved.articleCount));
      if (next === 'finish') {
        await api<ExportDto>('/api/profile/export/add/', { method: 'POST', body: { id: idRef.current, title: stateRef.current.title, schedule: stateRef.current.schedule } });
        location.assign('/personal/unloading/');
        return;
      }
      if (next === 'stay') setNote(L.EXPORT_SAVED!);
      else setStep(next);
    } catch (e) {
      showErrors(e);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File) => {
    setBusy(true);
    setErrors({});
    try {
      await queue.current;
      const body = new FormData();
      body.append('file', file);
      const query = { step: 1, draft: mode === 'new' ? 'Y' : 'N', inStockOnly: state.inStockOnly ? 'Y' : 'N', ...(idRef.current ? { id: idRef.current } : {}) };
      const saved = await api<ExportDto & { uploaded: { articles: number } }>('/api/profile/export/step/', { method: 'POST', body, query });
      remember(saved);
      setState((s) => ({ ...s, source: 'articles', articles: saved.articles.join('\n') }));
      setFound(foundText(L, saved.articlesFound, saved.articleCount));
    } catch (e) {
      showErrors(e);
    } finally {
      setBusy(false);
    }
  };

  const props = { L, form, state, set, errors };
  const titles = [L.EXPORT_STEP_1, L.EXPORT_STEP_2, L.EXPORT_STEP_3, L.EXPORT_STEP_4];
  const reachable = (n: number) => mode === 'edit' || n <= done + 1;

  return (
    <form ref={root} className="xwizard" onSubmit={(e) => { e.preventDefault(); commit(mode === 'edit' ? 'stay' : step === 4 ? 'finish' : ((step + 1) as Step)); }} noValidate>
      <ol className="xsteps">
        {titles.map((title, i) => {
          const n = (i + 1) as Step;
          return (
            <li key={n} className={n === step ? 'is-current' : n <= done ? 'is-done' : ''}>
              <button type="button" aria-label={`${n}. ${title}`} disabled={!reachable(n) || busy} aria-current={n === step ? 'step' : undefined} onClick={() => { flushAutosave(); setErrors({}); setStep(n); }}>
                <span className="xsteps__n">{n}</span>
                {/* A space (no box in the grid): the visible «1 Что выгружать» is then part of the name (WCAG 2.5.3). */}
                {' '}
                <span className="xsteps__t">{title}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <p className="xmuted xsteps__of" data-testid="wizard-step">{fill(L.EXPORT_STEP, { n: step })}</p>
      {step === 1 && <StepWhat {...props} onFile={upload} found={found} />}
      {step === 2 && <StepFields {...props} />}
      {step === 3 && <StepFormat {...props} />}
      {step === 4 && <StepName {...props} />}
      {note && <p className={note === L.EXPORT_SAVED ? 'xnote' : 'xerror'} role="status">{note}</p>}
      <div className="xrow xwizard__nav">
        {mode === 'new' && step > 1 && (
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => { flushAutosave(); setErrors({}); setStep((step - 1) as Step); }}>{L.EXPORT_BACK}</button>
        )}
        <button type="submit" className="btn" disabled={busy}>{mode === 'edit' ? L.EXPORT_SAVE : step === 4 ? L.EXPORT_FINISH : L.EXPORT_NEXT}</button>
        {mode === 'edit' && <a className="btn btn--ghost" href="/personal/unloading/">{L.EXPORT_BACK}</a>}
      </div>
      {mode === 'new' && <p className="xmuted">{L.EXPORT_DRAFT_KEPT}</p>}
    </form>
  );
}
