/**
 * CSV as spreadsheets read it (RFC 4180, docs/reports.md#csv-files): UTF-8 with a byte-order mark so
 * Excel reads Hindi correctly, CRLF line ends, fields quoted when they hold a comma, quote or line
 * break. Text that a spreadsheet would run as a formula (beginning with =, +, -, @, a tab or a
 * carriage return) gets a single quote in front, so it shows as the text it is. Numbers the
 * server itself writes (a longitude of -0.5) are numbers and are left as they are.
 */

export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A column of an export: its heading (already in the reader's language) and how a row fills it. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

export function csvHeader<T>(columns: readonly CsvColumn<T>[]): string {
  return CSV_BOM + csvLine(columns.map((c) => c.header));
}

/**
 * The lines of a page of rows. The cells of a row go into one array kept for the page and are joined
 * once, into a flat string: adding them one by one to the line made two string pieces per cell,
 * most of the garbage of an export.
 */
export function csvRows<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const cells = new Array<string>(columns.length);
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) cells[i] = csvCell(columns[i]!.value(row));
    text += `${cells.join(',')}\r\n`;
  }
  return text;
}
