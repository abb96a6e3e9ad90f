import { seoulClock } from './datetime';

/**
 * CSV for operators' exports (tax invoices, cash receipts, orders, members …) that opens correctly in
 * Korean Excel: a UTF-8 byte-order mark (without it Excel reads UTF-8 as CP949 and the Hangul turns
 * into mojibake), CRLF line ends, and RFC 4180 quoting. A text cell that starts like a formula is
 * prefixed with an apostrophe so that a member's link or depositor name can never run as a formula on
 * the operator's machine (CSV injection). Numbers are written as they are.
 */
export interface CsvColumn<Row> {
  /** The Korean header. */
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv; charset=utf-8';

/**
 * What "starts like a formula" means. A spreadsheet may skip leading blanks and invisible characters
 * before it looks for a formula sign, and in East Asian locales may read the fullwidth signs (＝ ＋ － ＠,
 * and the small-form ﹦ ﹢ ﹣ ﹫) as the ASCII ones; so a cell is defused when, after any run of whitespace
 * (tab, CR, LF, no-break and ideographic spaces, BOM) and format characters (zero-width space and
 * joiners, bidi marks: Unicode category Cf), its first character is such a sign. A cell that starts
 * with a tab or CR is defused whatever follows (a field separator or line end Excel may act on).
 */
const FORMULA_START = /^(?:[\t\r]|[\s\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/u;

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
