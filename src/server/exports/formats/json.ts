/** JSON: one object with the list's facts and an `items` array, written item by item. */
import { fieldLabel, UNIT, VAT_RATE } from '../settings';
import type { FeedRow } from '../rows';
import { cleanText, vatOf } from './columns';
import type { FeedWriter, WriterInit } from './writer';

export function jsonWriter({ out, ctx, fields, list, date }: WriterInit): FeedWriter {
  const has = new Set(fields);
  let first = true;
  const item = (r: FeedRow) => {
    const o: Record<string, unknown> = { id: r.id };
    if (has.has('article')) o.article = cleanText(r.article);
    if (has.has('name')) o.name = cleanText(r.name);
    if (has.has('brand')) o.brand = r.brand;
    if (has.has('section')) o.section = { id: r.sectionId, path: r.sectionPath };
    if (has.has('my_price')) o.price = r.myPrice;
    if (has.has('retail_price')) o.retail_price = r.price;
    if (has.has('vat')) o.vat = { rate: VAT_RATE, amount: vatOf(r.myPrice) };
    if (has.has('stock')) o.stock = r.stock;
    if (has.has('stock_branches')) o.stock_branches = ctx.branches.map((b, i) => ({ id: b.id, code: b.code, name: b.name, quantity: r.branchStock[i] ?? 0 }));
    if (has.has('unit')) o.unit = UNIT;
    if (has.has('images')) o.images = r.images;
    if (has.has('description')) o.description = cleanText(r.description);
    if (has.has('properties')) o.properties = r.properties.map((p) => ({ name: p.name, value: p.value, unit: p.unit }));
    if (has.has('url')) o.url = r.url;
    return o;
  };
  return {
    begin() {
      const head = { list: { id: list.id, name: list.name }, generated_at: date.toISOString(), currency: 'BYN', fields: fields.map((f) => ({ code: f, name: fieldLabel(f) })) };
      out.write(JSON.stringify(head).slice(0, -1) + ',"items":[\n');
    },
    rows(batch) {
      let s = '';
      for (const r of batch) {
        s += (first ? '' : ',\n') + JSON.stringify(item(r));
        first = false;
      }
      out.write(s);
    },
    end() {
      out.write('\n]}\n');
    },
  };
}
