/**
 * How a query was understood, in words (search/intent.ts's chips): one home for the labels the
 * results page's chips and the header overlay's show («до 150 р.», «мощность ≥ 1500 Вт»,
 * «кроме makita», «задача: резка керамогранита»), and the query each chip's removal leaves.
 */
import { t } from '../../i18n';
import { withoutPhrase, type Chip } from './intent';
import type { Dim } from './units';

/** A chip as the header overlay gets it: its words, and the query without its phrase. */
export type ChipView = { name: string; query: string };

const n = (v: number) => String(Math.round(v * 100) / 100).replace('.', ',');
const limits = (min: number | null, max: number | null, unit: string) =>
  min !== null && max !== null ? `${n(min)}–${n(max)} ${unit}` : min !== null ? `≥ ${n(min)} ${unit}` : `≤ ${n(max!)} ${unit}`;

export function chipLabel(c: Chip): string {
  switch (c.kind) {
    case 'price':
      return c.min !== null && c.max !== null ? `${n(c.min)}–${n(c.max)} ${t('SEARCH_CHIP_RUB')}` : c.min !== null ? `${t('SEARCH_CHIP_FROM')} ${n(c.min)} ${t('SEARCH_CHIP_RUB')}` : `${t('SEARCH_CHIP_TO')} ${n(c.max!)} ${t('SEARCH_CHIP_RUB')}`;
    case 'range': {
      const [name, unit] = t(`SEARCH_DIM_${c.dim.toUpperCase()}`).split('|');
      return `${name} ${limits(c.min, c.max, unit ?? '')}`;
    }
    case 'sort': {
      const s = c.sort;
      const dir = s.dir.toUpperCase();
      const key = s.by === 'price' ? `SEARCH_CHIP_PRICE_${dir}` : s.dims[0] === 'power' || s.dims[0] === 'weight' ? `SEARCH_CHIP_${s.dims[0].toUpperCase()}_${dir}` : `SEARCH_CHIP_DIM_${dir}`;
      return `${t('SEARCH_CHIP_SORT')}: ${t(key)}`;
    }
    case 'exclude':
      return `${t('SEARCH_CHIP_EXCEPT')} ${c.word}`;
    case 'or':
      return c.words.join(` ${t('SEARCH_CHIP_OR')} `);
    case 'task':
      return `${t('SEARCH_CHIP_TASK')}: ${c.name}`;
  }
}

export function chipViews(query: string, chips: readonly Chip[]): ChipView[] {
  return chips.map((c) => ({ name: chipLabel(c), query: withoutPhrase(query, c.phrase) }));
}

/** «мощность до 1400 Вт» / «вес от 1,8 кг»: a dimension's name, a word and a value in its base unit. */
export function dimValueLabel(dim: Dim, word: 'from' | 'to', value: number): string {
  const [name, unit] = t(`SEARCH_DIM_${dim.toUpperCase()}`).split('|');
  return `${name} ${t(word === 'from' ? 'SEARCH_CHIP_FROM' : 'SEARCH_CHIP_TO')} ${n(value)} ${unit ?? ''}`.trim();
}

/**
 * Why the closest products are shown instead of exact ones, naming the type and the limit: «Лобзики: до 50 р. —
 * таких нет. Самые дешёвые из найденных — от 62,00 р.»; «Пилы дисковые: мощность ≥ 1500 Вт — таких нет. Ближайшие —
 * мощность до 1400 Вт». `nearest` is already in words (a price with its currency, or `dimValueLabel`).
 */
export function closestReason(type: string | null, limit: Chip | undefined, toward: 'price_asc' | 'price_desc' | 'dim_asc' | 'dim_desc', nearest: string | null): string {
  const what = [type, limit && chipLabel(limit)].filter(Boolean).join(': ');
  const none = what ? `${what} — ${t('SEARCH_CLOSEST_NONE')}.` : `${t('SEARCH_CLOSEST_NONE_AT_ALL')}.`;
  return nearest ? `${none} ${t(`SEARCH_CLOSEST_${toward.toUpperCase()}`)} ${nearest}` : none;
}
