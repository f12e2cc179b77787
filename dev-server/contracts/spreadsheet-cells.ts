import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { Readable } from 'node:stream';
import { log } from '../http/server-log.ts';
import { zipBeyondBounds } from '../storage/zip-bounds.ts';

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
 * What a workbook may hold unpacked: a 50,000-row fee schedule's sheet is about 30 MB of XML; a few kilobytes of
 * deflate standing for far more is a zip bomb, refused before it is unpacked.
 */
const XLSX_BOUNDS = { maxEntries: 500, maxUnpackedBytes: 64 * 1024 * 1024 };

/** The rows of a spreadsheet, or why there are none: unreadable, too large once unpacked, or more rows than asked. */
export type SpreadsheetRead = { rows: string[][] } | { refused: 'unreadable' | 'too_large' | 'too_many_rows' };

/** The first sheet's rows, streamed: the reader stops at the row past the most asked (and yields between chunks). */
async function workbookRows(bytes: Buffer, maxRows: number): Promise<SpreadsheetRead> {
  const beyond = zipBeyondBounds(bytes, XLSX_BOUNDS);
  if (beyond) {
    log.info({ beyond }, 'spreadsheet refused before unpacking');
    return { refused: 'too_large' };
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: string[][] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (row.number > maxRows) return { refused: 'too_many_rows' };
        // Rows are numbered as the sheet numbers them: empty ones between are kept, so row numbers match the file's.
        while (rows.length < row.number - 1) rows.push([]);
        // ExcelJS's values are 1-based: the first slot is empty.
        rows.push((row.values as ExcelJS.CellValue[]).slice(1).map(cellText));
      }
      break;
    }
  } catch {
    return { refused: 'unreadable' };
  }
  return rows.length ? { rows } : { refused: 'unreadable' };
}

/**
 * A CSV's rows (commas, semicolons or tabs, quoted cells, a byte-order mark dropped), parsed in pieces with the event
 * loop let run between them, until the row past the most asked.
 */
async function csvRows(bytes: Buffer, maxRows: number): Promise<SpreadsheetRead> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) return { refused: 'unreadable' };
  const rows: string[][] = [];
  let more = false;
  await new Promise<void>((done) =>
    Papa.parse<string[]>(text, {
      skipEmptyLines: 'greedy',
      // In pieces: without one, the whole text is parsed (every row of a million) before anything can stop it.
      chunkSize: 256 * 1024,
      chunk: (r: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        for (const row of r.data) {
          rows.push(row);
          if (rows.length > maxRows) {
            more = true;
            parser.abort();
            return;
          }
        }
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => done(),
    }),
  );
  if (more) return { refused: 'too_many_rows' };
  return rows.length ? { rows } : { refused: 'unreadable' };
}

/**
 * The rows of a spreadsheet as text cells, the header first, at most maxRows of them: the first sheet of an XLSX
 * workbook (checked unpacked within bounds first, then streamed), or a CSV. Reading stops at the row past maxRows, so
 * a file of a million rows costs what maxRows do.
 */
export async function spreadsheetCells(bytes: Buffer, maxRows: number): Promise<SpreadsheetRead> {
  return isZip(bytes) ? workbookRows(bytes, maxRows) : csvRows(bytes, maxRows);
}
