import { seoulClock } from './datetime';

/**
 * CSV for operators' exports (tax invoices, cash receipts, orders, members …) that opens correctly in
 * Korean Excel: a UTF-8 byte-order mark (without it Excel reads UTF-8 as CP949 and the Hangul turns
 * into mojibake), CRLF line ends, and RFC 4180 quoting. A text cell that starts like a formula
 * (= + - @, tab or CR) is prefixed with an apostrophe so that a member's link or depositor name can never
 * run as a formula on the operator's machine (CSV injection). Numbers are written as they are.
 */
export interface CsvColumn<Row> {
  /** The Korean header. */
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv; charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Y' : 'N';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** A file name for an export made at `now`, in Seoul time: `충전내역_20261124-0930.csv`. */
export function csvFileName(label: string, now: Date): string {
  const { year, month, day, hour, minute } = seoulClock(now);
  return `${label}_${year}${month}${day}-${hour}${minute}.csv`;
}
