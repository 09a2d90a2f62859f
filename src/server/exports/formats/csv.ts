/**
 * CSV the way Excel in the Russian locale opens it with a double click: UTF-8 with a BOM, `;`
 * between cells, CRLF lines, decimal commas. csv-stringify quotes what needs quoting and defuses
 * formulas (`escape_formulas`: a cell starting with = + - @ gets a leading apostrophe).
 */
import { stringify } from 'csv-stringify/sync';
import { cleanText, tableColumns } from './columns';
import { moneyText } from '../../lib/money';
import type { FeedWriter, WriterInit } from './writer';

const money = (n: number) => moneyText(n).replace('.', ',');

export function csvWriter({ out, ctx, fields }: WriterInit): FeedWriter {
  const cols = tableColumns(ctx, fields);
  const options = { delimiter: ';', record_delimiter: 'windows', escape_formulas: true } as const;
  return {
    begin() {
      out.write('\uFEFF' + stringify([cols.map((c) => c.label)], options));
    },
    rows(batch) {
      const records = batch.map((r) =>
        cols.map((c) => {
          const v = c.get(r);
          if (c.kind === 'money') return money(v as number);
          return typeof v === 'string' ? cleanText(v) : v;
        }),
      );
      out.write(stringify(records, options));
    },
    end() {},
  };
}
