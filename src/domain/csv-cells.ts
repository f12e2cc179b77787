/**
 * A CSV cell a spreadsheet would run as a formula: text beginning with =, +, -, @, a tab or a carriage return (a
 * patient named "=HYPERLINK(…)" in an export opened in Excel). Such a cell is written with a leading apostrophe
 * (Papa Parse's escapeFormulae), which spreadsheets show as text. A plain number (-12.50, +3, -1,234.56: an amount) is
 * left as it is, so money still reads as numbers.
 */
export const CSV_FORMULA_CELL = /^(?![-+]?\d[\d,]*(?:\.\d+)?$)[=+\-@\t\r]/;
