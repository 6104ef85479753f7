/**
 * CSV as spreadsheets read it (RFC 4180, docs/reports.md#csv-files): UTF-8 with a byte-order mark so
 * Excel reads Hindi correctly, CRLF line ends, fields quoted when they hold a comma, quote or line
 * break. Text that a spreadsheet would run as a formula (beginning with =, +, -, @, a tab or a
 * carriage return) gets an invisible word joiner (U+2060) in front: the cell no longer begins with
 * a formula character, so Excel and LibreOffice keep it as text, and it shows exactly as written
 * (a single quote showed in the cell: '+91 98480 11111). Numbers the server itself writes (a
 * longitude of -0.5) are numbers and are left as they are.
 */

export const CSV_BOM = '\uFEFF';

/** Put before a cell that would begin with a formula character; zero width, not a space, so no spreadsheet trims it. */
export const FORMULA_GUARD = '\u2060';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = FORMULA_START.test(value) ? `${FORMULA_GUARD}${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A moment as a spreadsheet reads a date and time, on the NGO's clock: 2026-11-28T17:41:55.905Z in
 * Asia/Kolkata is 2026-11-28 23:11:55. The zone goes into the column's heading (`zonedHeader`).
 */
export function localDateTime(timeZone: string): (instant: string | null) => string | null {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return (instant) => {
    if (instant === null || instant === '') return null;
    const date = new Date(instant);
    if (Number.isNaN(date.getTime())) return instant;
    const part = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

/** A heading of a column of times, naming their zone: "Created at (Asia/Kolkata)". */
export function zonedHeader(header: string, timeZone: string): string {
  return `${header} (${timeZone})`;
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
