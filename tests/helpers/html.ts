/** Tiny HTML readers for HTTP tests (no DOM library needed for what the tests look at). */

export function jsonLd(html: string): Record<string, any>[] {
  const out: Record<string, any>[] = [];
  for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) out.push(JSON.parse(m[1]!));
  return out;
}

export function ldOfType(html: string, type: string): Record<string, any> | undefined {
  return jsonLd(html).find((x) => x['@type'] === type);
}

export function meta(html: string, name: string): string | null {
  const re = new RegExp(`<meta name="${name}" content="([^"]*)"`);
  return re.exec(html)?.[1] ?? null;
}

export function canonical(html: string): string | null {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
}

export function title(html: string): string | null {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
}

export function h1(html: string): string | null {
  return /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim() ?? null;
}

export function links(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** Checks a schema.org Product as Google's Product rich result expects it; returns the problems. */
export function productLdProblems(ld: Record<string, any> | undefined): string[] {
  const p: string[] = [];
  if (!ld) return ['no Product'];
  if (ld['@context'] !== 'https://schema.org') p.push('@context');
  if (typeof ld.name !== 'string' || !ld.name) p.push('name');
  if (!Array.isArray(ld.image) || !ld.image.length || !ld.image.every((u: string) => /^https?:\/\//.test(u))) p.push('image');
  if (typeof ld.sku !== 'string' || !ld.sku) p.push('sku');
  if (ld.brand?.['@type'] !== 'Brand' || !ld.brand?.name) p.push('brand');
  const o = ld.offers;
  if (o?.['@type'] !== 'Offer') p.push('offers.@type');
  if (typeof o?.price !== 'string' || !/^\d+\.\d{2}$/.test(o.price) || Number(o.price) <= 0) p.push('offers.price');
  if (o?.priceCurrency !== 'BYN') p.push('offers.priceCurrency');
  const avail = ['InStock', 'OutOfStock', 'BackOrder', 'PreOrder', 'Discontinued', 'LimitedAvailability'].map((s) => `https://schema.org/${s}`);
  if (!avail.includes(o?.availability)) p.push('offers.availability');
  if (!/^https?:\/\//.test(o?.url ?? '')) p.push('offers.url');
  return p;
}

export function breadcrumbProblems(ld: Record<string, any> | undefined): string[] {
  const p: string[] = [];
  if (!ld) return ['no BreadcrumbList'];
  const items = ld.itemListElement;
  if (!Array.isArray(items) || items.length < 2) return ['itemListElement'];
  items.forEach((it: any, i: number) => {
    if (it['@type'] !== 'ListItem') p.push(`[${i}].@type`);
    if (it.position !== i + 1) p.push(`[${i}].position`);
    if (typeof it.name !== 'string' || !it.name) p.push(`[${i}].name`);
    if (!/^https?:\/\/[^/]+\/.*\/$|^https?:\/\/[^/]+\/$/.test(it.item ?? '')) p.push(`[${i}].item`);
  });
  return p;
}
