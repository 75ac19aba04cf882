import { REPORT_GROUPINGS, SPORTS, shiftDate, type ReportGrouping, type ReportName, type Sport } from '@courtside/domain';
import type { ReportQuery } from '@courtside/contracts';
import { validDate } from '../day-view/dates.ts';

/**
 * What the Reports screen shows, as its address says it (#/reports?from=&to=&facilityId=&sport=&groupBy=),
 * so that a report can be shared and reloaded; and the API query each section sends.
 */
export interface ReportFilters {
  from: string;
  to: string;
  /** One facility, or all of them. */
  facilityId?: string;
  /** One sport, or all of them. */
  sport?: Sport;
  groupBy: ReportGrouping;
}

export const QUICK_PERIODS = ['last-4-weeks', 'last-12-weeks', 'this-year'] as const;
export type QuickPeriod = (typeof QUICK_PERIODS)[number];

export const QUICK_PERIOD_LABELS: Record<QuickPeriod, string> = {
  'last-4-weeks': 'Last 4 weeks',
  'last-12-weeks': 'Last 12 weeks',
  'this-year': 'This year',
};

/** A quick choice's dates, up to `today` (its last day). Whole weeks count back from today: 4 weeks are 28 days. */
export function quickPeriod(choice: QuickPeriod, today: string): { from: string; to: string } {
  switch (choice) {
    case 'last-4-weeks':
      return { from: shiftDate(today, -27), to: today };
    case 'last-12-weeks':
      return { from: shiftDate(today, -83), to: today };
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** Which quick choice the dates are, if any (for the pressed button). */
export const quickPeriodOf = (filters: Pick<ReportFilters, 'from' | 'to'>, today: string): QuickPeriod | undefined =>
  QUICK_PERIODS.find((choice) => {
    const period = quickPeriod(choice, today);
    return period.from === filters.from && period.to === filters.to;
  });

/** The screen's first look: the last 12 weeks, the whole venue, by week. */
export const defaultFilters = (today: string): ReportFilters => ({ ...quickPeriod('last-12-weeks', today), groupBy: 'week' });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The filters an address asks for. What is missing or not a real value (a typed date that does
 * not exist, an unknown sport) falls back to the default, so an old or mistyped link still shows
 * a report. The order of the dates is left as asked: the API says what is wrong with it.
 */
export function filtersFrom(params: URLSearchParams, today: string): ReportFilters {
  const fallback = defaultFilters(today);
  const sport = params.get('sport');
  const groupBy = params.get('groupBy');
  const facilityId = params.get('facilityId');
  return {
    from: validDate(params.get('from')) ?? fallback.from,
    to: validDate(params.get('to')) ?? fallback.to,
    ...(facilityId && UUID.test(facilityId) ? { facilityId } : {}),
    ...((SPORTS as readonly string[]).includes(sport ?? '') ? { sport: sport as Sport } : {}),
    groupBy: (REPORT_GROUPINGS as readonly string[]).includes(groupBy ?? '') ? (groupBy as ReportGrouping) : fallback.groupBy,
  };
}

/** The address's query for `filters`: every one written, so the link says the same on another day. */
export function filtersParams(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.facilityId) params.set('facilityId', filters.facilityId);
  if (filters.sport) params.set('sport', filters.sport);
  params.set('groupBy', filters.groupBy);
  return params;
}

/** Only revenue and cancellations are grouped by period; the other reports are asked without it. */
const GROUPED: readonly ReportName[] = ['revenue', 'cancellations'];

/** The API's query for one report (ReportQuery): the same for its figures and, with format=csv, its file. */
export function reportQuery(name: ReportName, filters: ReportFilters, format: 'json' | 'csv' = 'json'): ReportQuery {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.facilityId ? { facilityId: filters.facilityId } : {}),
    ...(filters.sport ? { sport: filters.sport } : {}),
    ...(GROUPED.includes(name) ? { groupBy: filters.groupBy } : {}),
    ...(format === 'csv' ? { format } : {}),
  };
}

/** GET /api/admin/reports/<name>?...: the report's address on the API. */
export function reportUrl(name: ReportName, filters: ReportFilters, format: 'json' | 'csv' = 'json'): string {
  const query = new URLSearchParams(Object.entries(reportQuery(name, filters, format)) as [string, string][]);
  return `/api/admin/reports/${name}?${query}`;
}

/** The file a CSV is saved as: the server's name (Content-Disposition), or one made the same way. */
export function csvFileName(contentDisposition: string | null, name: ReportName, filters: Pick<ReportFilters, 'from' | 'to'>): string {
  const given = /filename="?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1];
  return given && /^[\w.-]+\.csv$/.test(given) ? given : `${name}-${filters.from}-to-${filters.to}.csv`;
}
