/**
 * A hostile XLSX for the upload tests: the parts of a real workbook, but a sheet that inflates to
 * `inflatedMb` megabytes while both the local header and the central directory claim 2 KB — the
 * lie that walked past a check of the declared sizes.
 */
import { zipSync } from 'fflate';

const te = new TextEncoder();

export function lyingXlsx(inflatedMb = 150): Uint8Array {
  const head = te.encode('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>');
  const sheet = new Uint8Array(inflatedMb * 1024 * 1024);
  sheet.fill(0x41);
  sheet.set(head, 0);
  const zip = zipSync(
    {
      '[Content_Types].xml': te.encode('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'),
      '_rels/.rels': te.encode('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
      'xl/workbook.xml': te.encode('<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Заказ" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      'xl/_rels/workbook.xml.rels': te.encode('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
      'xl/worksheets/sheet1.xml': sheet,
    },
    { level: 6 },
  );
  // Rewrite every "uncompressed size" field (local headers at +22, central directory at +24) to 2 KB.
  const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i + 4 <= zip.length; i++) {
    const sig = dv.getUint32(i, true);
    if (sig === 0x04034b50 && dv.getUint32(i + 22, true) > 4096) dv.setUint32(i + 22, 2048, true);
    if (sig === 0x02014b50 && dv.getUint32(i + 24, true) > 4096) dv.setUint32(i + 24, 2048, true);
  }
  return zip;
}
