import { downloadCSV } from 'react-admin';

/**
 * A react-admin exporter writing the columns `row` picks (names and local times a venue can
 * read, rather than nested objects). Text that a spreadsheet would run as a formula (a customer
 * named "=HYPERLINK(...)") is prefixed with an apostrophe.
 */
export function csvExporter<R>(filename: string, row: (record: R) => Record<string, string | number | boolean | null | undefined>) {
  return (records: R[]) => {
    const rows = records.map(row);
    const header = Object.keys(rows[0] ?? { id: '' });
    const cell = (v: unknown) => {
      const text = String(v ?? '');
      const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      return `"${safe.replace(/"/g, '""')}"`;
    };
    downloadCSV([header.join(','), ...rows.map((r) => header.map((h) => cell(r[h])).join(','))].join('\n'), filename);
  };
}
