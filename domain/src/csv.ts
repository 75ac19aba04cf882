/** CSV as the back office's exports and the API's reports write it: one writer for both. */

export type CsvValue = string | number | boolean | null | undefined;
export type CsvRow = Record<string, CsvValue>;

/**
 * Leading characters that make a spreadsheet read a cell as a formula (Excel, LibreOffice,
 * Google Sheets): `=`, `+`, `-`, `@`, tab, carriage return, and NUL (OWASP, ASVS 1.2.10).
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/**
 * One quoted CSV cell. Text a spreadsheet would run as a formula (a customer named
 * "=HYPERLINK(...)") gets an apostrophe in front, which spreadsheets read as "this is text".
 * Numbers are left alone: a negative amount is data, not a formula.
 */
export function csvCell(value: CsvValue): string {
  const text = String(value ?? '');
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The CSV text of `rows`, columns named by `header` or else by the first row's keys (our own
 * identifiers, written bare).
 */
export function toCsv(rows: CsvRow[], header: readonly string[] = Object.keys(rows[0] ?? { id: '' })): string {
  return [header.join(','), ...rows.map((r) => header.map((h) => csvCell(r[h])).join(','))].join('\n');
}
