import { downloadCSV } from 'react-admin';
import { toCsv, type CsvRow } from '@courtside/domain';

export { csvCell, toCsv, type CsvRow, type CsvValue } from '@courtside/domain';

/**
 * A react-admin exporter writing the columns `row` picks (names and local times a venue can
 * read, rather than nested objects), every cell through `csvCell`.
 */
export function csvExporter<R>(filename: string, row: (record: R) => CsvRow) {
  return (records: R[]) => downloadCSV(toCsv(records.map(row)), filename);
}
