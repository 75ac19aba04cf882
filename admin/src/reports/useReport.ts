import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReportName } from '@courtside/domain';
import type { FacilityRecord } from '../facilities/types.ts';
import type { CancellationsReport, ChannelsReport, OccupancyReport, RevenueReport, TopCustomersReport } from '@courtside/contracts';
import { httpClient } from '../dataProvider.ts';
import { errorMessage } from '../common/errors.ts';
import { reasonOf } from '../common/format.ts';
import { csvFileName, reportQuery, reportUrl, type ReportFilters } from './report-query.ts';

export interface Reports {
  occupancy: OccupancyReport;
  revenue: RevenueReport;
  channels: ChannelsReport;
  cancellations: CancellationsReport;
  'top-customers': TopCustomersReport;
}

/** What went wrong, in the API's own words (a 400 names the field), for the screen to say. */
export const reportError = (error: unknown): string => errorMessage(error) ?? (reasonOf(error) || 'The report could not be loaded.');

/** One report for the filters, through the staff session (GET /api/admin/reports/<name>); the last one stays on screen while the next loads. */
export function useReport<N extends ReportName>(name: N, filters: ReportFilters) {
  return useQuery({
    queryKey: ['courtside', 'reports', name, reportQuery(name, filters)],
    queryFn: async () => (await httpClient(reportUrl(name, filters))).json as Reports[N],
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/**
 * Every facility, deleted ones too (their bookings are history), by name: the facility filter's
 * choices. A plain query of the admin list rather than react-admin's useGetList, whose code
 * the first screen shares in a way this screen would split.
 */
export function useReportFacilities() {
  return useQuery({
    queryKey: ['courtside', 'reports', 'facilities'],
    queryFn: async () => (await httpClient(`/api/admin/facilities?${new URLSearchParams({ sort: '["name","ASC"]', range: '[0,199]' })}`)).json as FacilityRecord[],
    staleTime: 60_000,
  });
}

/** Hands a file to the browser to save, as a download link would. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after the click has returned: let it go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The report's CSV file: the same query with format=csv, sent with the staff session's token
 * (a plain link could not carry it), saved under the name the server gives it.
 */
export function useCsvDownload(name: ReportName, filters: ReportFilters) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { body, headers } = await httpClient(reportUrl(name, filters, 'csv'), { headers: { Accept: 'text/csv' } });
      saveFile(new Blob([body], { type: 'text/csv;charset=utf-8' }), csvFileName(headers.get('content-disposition'), name, filters));
    } catch (failure) {
      setError(`The CSV file could not be made: ${reportError(failure)}`);
    } finally {
      setBusy(false);
    }
  };
  return { download, busy, error };
}
