/**
 * XLSX written as a stream by exceljs's WorkbookWriter (docs/decisions/0160-exports.md): each row
 * is committed and zipped as it comes, shared strings are off (they would keep every text in
 * memory to the end), so memory holds about one batch whatever the size. Text is always a text
 * cell — never a formula — and a text that looks like one also gets the Text number format ("@"),
 * so even editing the cell in Excel keeps it text.
 */
import ExcelJS from 'exceljs';
import { cleanText, looksLikeFormula, tableColumns } from './columns';
import type { FeedWriter, WriterInit } from './writer';

const MONEY = '#,##0.00';
const SHEET_NAME_BAD = /[\\/?*[\]:]/g;

export function xlsxWriter({ out, ctx, fields, list }: WriterInit): FeedWriter {
  const cols = tableColumns(ctx, fields);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet((list.name || 'Товары').replace(SHEET_NAME_BAD, ' ').slice(0, 31) || 'Товары', { views: [{ state: 'frozen', ySplit: 1 }] });
  return {
    begin() {
      sheet.columns = cols.map((c) => ({ width: c.width }));
      const head = sheet.addRow(cols.map((c) => c.label));
      head.font = { bold: true };
      head.commit();
    },
    rows(batch) {
      for (const r of batch) {
        const values = cols.map((c) => {
          const v = c.get(r);
          return typeof v === 'string' ? cleanText(v) : v;
        });
        const row = sheet.addRow(values);
        cols.forEach((c, i) => {
          const v = values[i];
          if (c.kind === 'money') row.getCell(i + 1).numFmt = MONEY;
          else if (typeof v === 'string' && looksLikeFormula(v)) row.getCell(i + 1).numFmt = '@';
        });
        row.commit();
      }
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}
