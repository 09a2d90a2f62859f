/**
 * Whether one Lighthouse run meets every assertion of lighthouserc.json's `assertMatrix` that is aggregated by median
 * for this URL (`minScore` of a category, `maxNumericValue` of an audit). scripts/lhci.mjs stops a page's runs once
 * more than half of them do: the median of all of them would then pass too. A URL with no median assertion never
 * counts as within, so all its runs are made.
 */
export function withinMedianBudgets(assertMatrix, url, lhr) {
  const checks = (assertMatrix ?? [])
    .filter((m) => new RegExp(m.matchingUrlPattern).test(url))
    .flatMap((m) => Object.entries(m.assertions))
    .filter(([, [level, opts]]) => level === 'error' && opts?.aggregationMethod === 'median');
  if (!checks.length) return false;
  return checks.every(([key, [, opts]]) => {
    const value = key.startsWith('categories:') ? lhr.categories?.[key.slice('categories:'.length)]?.score : lhr.audits?.[key]?.numericValue;
    if (typeof value !== 'number') return false;
    if (opts.minScore !== undefined && !(value >= opts.minScore)) return false;
    if (opts.maxNumericValue !== undefined && !(value <= opts.maxNumericValue)) return false;
    return true;
  });
}
