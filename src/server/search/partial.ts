/**
 * When no product has every clause of a query: which part of the query to answer. Pure policy over
 * "how many products match exactly this set of clauses" (a bit mask per set), so any engine that can
 * count masks shares it.
 *
 * The best part keeps the most important clauses (type 3, brand 2, article 2, attribute 1; ties: more
 * products). It is shown only when it is an honest answer:
 *  - it keeps a type, a brand or an article (an attribute alone, «кожаные», says nothing);
 *  - what it keeps weighs at least as much as what it drops (a sofa query is not answered by one word);
 *  - it drops no brand the catalogue carries, as typed (`hard`; a typo «corrected» into a brand may go):
 *    «дрель stihl» has no answer, it is not Bosch drills.
 * Otherwise the page says «ничего не найдено» and may offer the part as «Возможно, вы искали»
 * (`suggest`), under the same first two rules.
 */
import { IMPORTANCE, type Role } from './lexicon';

export type Coverage = { mask: number; count: number };
export type PartialChoice = { kept: number[]; ignored: number[]; count: number; show: boolean; suggest: boolean };

const ANCHOR: Role[] = ['type', 'brand', 'article'];

export function choosePartial(roles: Role[], masks: Coverage[], hard: boolean[] = roles.map((r) => r === 'brand')): PartialChoice | null {
  const n = roles.length;
  if (n < 2 || !masks.length) return null;
  const weight = (mask: number) => roles.reduce((s, r, i) => s + (mask & (1 << i) ? IMPORTANCE[r] : 0), 0);
  const total = weight((1 << n) - 1);
  let best: Coverage | null = null;
  let bestW = -1;
  for (const m of masks) {
    const w = weight(m.mask);
    if (w > bestW || (w === bestW && m.count > best!.count)) [best, bestW] = [m, w];
  }
  if (!best) return null;
  const kept = roles.map((_, i) => i).filter((i) => best!.mask & (1 << i));
  const ignored = roles.map((_, i) => i).filter((i) => !(best!.mask & (1 << i)));
  const honest = kept.some((i) => ANCHOR.includes(roles[i]!)) && bestW >= total - bestW;
  const dropsBrand = ignored.some((i) => hard[i]);
  return { kept, ignored, count: best.count, show: honest && !dropsBrand, suggest: honest };
}
