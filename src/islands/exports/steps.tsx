/** The four steps of an export list, as plain controlled forms (the wizard owns the state and the saving). */
import type { ChangeEvent } from 'react';
import { fill, type ExportForm, type Labels } from './shared';
import type { Field, Format, Schedule, Source } from '../../server/exports/settings';

export type WizardState = {
  source: Source;
  sectionIds: number[];
  brandIds: number[];
  months: string;
  articles: string;
  inStockOnly: boolean;
  fields: Field[];
  format: Format | null;
  title: string;
  schedule: Schedule;
};

export type StepProps = {
  L: Labels;
  form: ExportForm;
  state: WizardState;
  set: (patch: Partial<WizardState>) => void;
  errors: Record<string, string>;
};

const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));

function FieldError({ errors, name }: { errors: Record<string, string>; name: string }) {
  return errors[name] ? <p className="xerror" id={`err-${name}`} role="alert">{errors[name]}</p> : null;
}

export function StepWhat({ L, form, state, set, errors, onFile, found }: StepProps & { onFile: (file: File) => void; found: string | null }) {
  const roots = form.sections.filter((s) => s.depth === 1);
  return (
    <fieldset className="xstep">
      <legend className="xstep__title">{L.EXPORT_STEP_1}</legend>
      <div className="xchoices" role="radiogroup">
        {form.sources.map((s) => (
          <label key={s.code} className="xchoice">
            <input type="radio" name="source" value={s.code} checked={state.source === s.code} onChange={() => set({ source: s.code })} />
            <span>{s.label}</span>
          </label>
        ))}
      </div>
      {state.source === 'sections' && (
        <div className="xsub" aria-label={L.EXPORT_SECTIONS_PICK}>
          {roots.map((root) => {
            const children = form.sections.filter((c) => c.parentId === root.id);
            const picked = children.filter((c) => state.sectionIds.includes(c.id)).length + (state.sectionIds.includes(root.id) ? 1 : 0);
            return (
              <details key={root.id} className="xgroup" open={picked > 0}>
                <summary>{root.name}{picked > 0 && <span className="xcount">{picked}</span>}</summary>
                <label className="xcheck">
                  <input type="checkbox" checked={state.sectionIds.includes(root.id)} onChange={(e) => set({ sectionIds: toggle(state.sectionIds, root.id, e.target.checked) })} />
                  <span><b>{L.EXPORT_WHOLE_SECTION}</b></span>
                </label>
                {children.map((c) => (
                  <label key={c.id} className="xcheck xcheck--sub">
                    <input type="checkbox" checked={state.sectionIds.includes(c.id) || state.sectionIds.includes(root.id)} disabled={state.sectionIds.includes(root.id)} onChange={(e) => set({ sectionIds: toggle(state.sectionIds, c.id, e.target.checked) })} />
                    <span>{c.name}</span>
                  </label>
                ))}
              </details>
            );
          })}
          <FieldError errors={errors} name="sectionIds" />
        </div>
      )}
      {state.source === 'brands' && (
        <div className="xsub">
          <div className="xgrid" aria-label={L.EXPORT_BRANDS_PICK}>
            {form.brands.map((b) => (
              <label key={b.id} className="xcheck">
                <input type="checkbox" checked={state.brandIds.includes(b.id)} onChange={(e) => set({ brandIds: toggle(state.brandIds, b.id, e.target.checked) })} />
                <span>{b.name}</span>
              </label>
            ))}
          </div>
          <FieldError errors={errors} name="brandIds" />
        </div>
      )}
      {state.source === 'purchased' && (
        <div className="xsub field">
          <label htmlFor="x-months">{L.EXPORT_MONTHS}</label>
          <input id="x-months" type="number" inputMode="numeric" min={1} max={form.limits.months} value={state.months} aria-invalid={!!errors.months} onChange={(e) => set({ months: e.target.value })} />
          <FieldError errors={errors} name="months" />
        </div>
      )}
      {state.source === 'articles' && (
        <div className="xsub field">
          <label htmlFor="x-articles">{L.EXPORT_SOURCE_ARTICLES}</label>
          <p className="xmuted">{L.EXPORT_ARTICLES_HINT}</p>
          <textarea id="x-articles" rows={6} value={state.articles} aria-invalid={!!errors.articles} onChange={(e) => set({ articles: e.target.value })} />
          <label className="btn btn--ghost xfile">
            {L.EXPORT_ARTICLES_FILE}
            <input type="file" accept=".xlsx,.csv,.txt" onChange={(e: ChangeEvent<HTMLInputElement>) => e.target.files?.[0] && onFile(e.target.files[0])} />
          </label>
          {found && <p className="xnote">{found}</p>}
          <FieldError errors={errors} name="articles" />
          <FieldError errors={errors} name="file" />
        </div>
      )}
      <label className="xcheck xcheck--main">
        <input type="checkbox" checked={state.inStockOnly} onChange={(e) => set({ inStockOnly: e.target.checked })} />
        <span>{L.EXPORT_IN_STOCK_ONLY}</span>
      </label>
    </fieldset>
  );
}

export function StepFields({ L, form, state, set, errors }: StepProps) {
  const core = state.format === 'yml' ? new Set(form.ymlCoreFields) : new Set<Field>();
  return (
    <fieldset className="xstep">
      <legend className="xstep__title">{L.EXPORT_STEP_2}</legend>
      {state.format === 'yml' && <p className="xmuted">{L.EXPORT_YML_CORE}</p>}
      <div className="xchoices">
        {form.fields.map((f) => (
          <label key={f.code} className="xcheck">
            <input type="checkbox" name="fields" value={f.code} checked={state.fields.includes(f.code) || core.has(f.code)} disabled={core.has(f.code)} onChange={(e) => set({ fields: form.fields.map((x) => x.code).filter((c) => (c === f.code ? e.target.checked : state.fields.includes(c))) })} />
            <span>{f.label}</span>
          </label>
        ))}
      </div>
      <FieldError errors={errors} name="fields" />
    </fieldset>
  );
}

export function StepFormat({ L, form, state, set, errors }: StepProps) {
  return (
    <fieldset className="xstep">
      <legend className="xstep__title">{L.EXPORT_STEP_3}</legend>
      <div className="xchoices" role="radiogroup">
        {form.formats.map((f) => (
          <label key={f.code} className="xchoice xchoice--card">
            <input type="radio" name="format" value={f.code} checked={state.format === f.code} onChange={() => set({ format: f.code })} />
            <span>
              <b>{f.label}</b>
              <small>{f.hint}</small>
            </span>
          </label>
        ))}
      </div>
      <FieldError errors={errors} name="format" />
    </fieldset>
  );
}

export function StepName({ L, form, state, set, errors }: StepProps) {
  return (
    <fieldset className="xstep">
      <legend className="xstep__title">{L.EXPORT_STEP_4}</legend>
      <div className="field">
        <label htmlFor="x-title">{L.EXPORT_NAME}</label>
        <input id="x-title" type="text" maxLength={form.limits.name} value={state.title} aria-invalid={!!errors.title} onChange={(e) => set({ title: e.target.value })} />
        <FieldError errors={errors} name="title" />
      </div>
      <p className="xlabel">{L.EXPORT_SCHEDULE}</p>
      <div className="xchoices" role="radiogroup">
        {form.schedules.map((s) => (
          <label key={s.code} className="xchoice">
            <input type="radio" name="schedule" value={s.code} checked={state.schedule === s.code} onChange={() => set({ schedule: s.code })} />
            <span>{s.label}</span>
          </label>
        ))}
      </div>
      <p className="xmuted">{L.EXPORT_SCHEDULE_HINT}</p>
      <FieldError errors={errors} name="schedule" />
    </fieldset>
  );
}

export const foundText = (L: Labels, found: number | null, total: number) => (found === null ? null : fill(L.EXPORT_ARTICLES_FOUND, { found, total }));
