import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/** A cell's text: rich text joined, a formula's result, a date as mm/dd/yyyy, a number as written. */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date)
    return `${String(v.getUTCMonth() + 1).padStart(2, '0')}/${String(v.getUTCDate()).padStart(2, '0')}/${v.getUTCFullYear()}`;
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v);
}

/** "PK": an XLSX workbook is a zip. */
const isZip = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0x50 && bytes[1] === 0x4b;

/**
 * The rows of a spreadsheet as text cells, the header first: the first sheet of an XLSX workbook, or a CSV (commas,
 * semicolons or tabs, quoted cells, a byte-order mark dropped). null when the bytes are neither.
 */
export async function spreadsheetCells(bytes: Buffer): Promise<string[][] | null> {
  if (isZip(bytes)) {
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      return null;
    }
    const sheet = book.worksheets[0];
    if (!sheet) return null;
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      // ExcelJS's values are 1-based: the first slot is empty.
      rows.push((row.values as ExcelJS.CellValue[]).slice(1).map(cellText));
    });
    return rows;
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) return null;
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  return parsed.data.length ? parsed.data : null;
}
