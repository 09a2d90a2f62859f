/**
 * YML (Yandex Market Language): the XML catalogue Belarusian marketplaces and site builders import.
 * shop → currencies (BYN) → categories (the whole section tree) → offers. An offer always has its
 * core (name, vendor, vendorCode, url, price in BYN, categoryId, picture); the list's other fields
 * add description, VAT, count, outlets (stock per branch) and params. Written as text, escaped.
 */
import { t } from '../../../i18n';
import { UNIT } from '../settings';
import type { FeedRow } from '../rows';
import { cleanText } from './columns';
import { moneyText } from '../../lib/money';
import { minskIso, type FeedWriter, type WriterInit } from './writer';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xml = (s: string | number) => cleanText(String(s)).replace(/[&<>"']/g, (c) => ESC[c]!);
const money = (n: number) => moneyText(n);
const MAX_PICTURES = 10;

export function ymlWriter({ out, ctx, fields, date }: WriterInit): FeedWriter {
  const has = new Set(fields);
  const offer = (r: FeedRow) => {
    let s = `<offer id="${r.id}" available="${r.stock > 0}">\n`;
    s += `<name>${xml(r.name)}</name>\n<vendor>${xml(r.brand)}</vendor>\n<vendorCode>${xml(r.article)}</vendorCode>\n`;
    s += `<url>${xml(r.url)}</url>\n<price>${money(r.myPrice)}</price>\n<currencyId>BYN</currencyId>\n<categoryId>${r.sectionId}</categoryId>\n`;
    for (const p of r.images.slice(0, MAX_PICTURES)) s += `<picture>${xml(p)}</picture>\n`;
    if (has.has('description') && r.description) s += `<description>${xml(r.description)}</description>\n`;
    if (has.has('vat')) s += '<vat>VAT_20</vat>\n';
    if (has.has('stock')) s += `<count>${r.stock}</count>\n`;
    if (has.has('stock_branches') && ctx.branches.length) {
      s += '<outlets>';
      ctx.branches.forEach((b, i) => (s += `<outlet id="${xml(b.code)}" instock="${r.branchStock[i] ?? 0}"/>`));
      s += '</outlets>\n';
    }
    if (has.has('retail_price')) s += `<param name="${xml(t('EXPORT_FIELD_RETAIL_PRICE'))}">${money(r.price)}</param>\n`;
    if (has.has('unit')) s += `<param name="${xml(t('EXPORT_FIELD_UNIT'))}">${UNIT}</param>\n`;
    if (has.has('properties')) for (const p of r.properties) s += `<param name="${xml(p.name)}"${p.unit ? ` unit="${xml(p.unit)}"` : ''}>${xml(p.value)}</param>\n`;
    return s + '</offer>\n';
  };
  return {
    begin() {
      let s = `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="${minskIso(date)}">\n<shop>\n`;
      s += `<name>${xml(t('SITE_NAME'))}</name>\n<company>${xml(t('SITE_NAME'))}</company>\n<url>${xml(ctx.site)}/</url>\n`;
      s += '<currencies><currency id="BYN" rate="1"/></currencies>\n<categories>\n';
      for (const node of ctx.tree.byId.values()) s += `<category id="${node.id}"${node.parentId ? ` parentId="${node.parentId}"` : ''}>${xml(node.name)}</category>\n`;
      out.write(s + '</categories>\n<offers>\n');
    },
    rows(batch) {
      let s = '';
      for (const r of batch) s += offer(r);
      out.write(s);
    },
    end() {
      out.write('</offers>\n</shop>\n</yml_catalog>\n');
    },
  };
}
