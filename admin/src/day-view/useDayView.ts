import { useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { validDate, viewersToday } from './dates.ts';
import { placeholderRange, visibleRange } from './layout.ts';

/**
 * The day the address names (?date=, today when absent or not a real date), its bookings,
 * refreshed every minute, and the venue's today for the "Today" button.
 */
export function useDayView() {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const [params, setParams] = useSearchParams();
  const date = validDate(params.get('date')) ?? viewersToday();
  const query = useQuery({
    queryKey: ['courtside', 'day-view', date],
    queryFn: () => dataProvider.getDayView(date),
    refetchInterval: 60_000,
    // The previous day stays on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
  const { data } = query;
  return {
    ...query,
    date,
    // Other parameters (the grid or list view) stay as they are.
    setDate: (next: string) =>
      setParams((current) => {
        const kept = new URLSearchParams(current);
        kept.set('date', next);
        return kept;
      }),
    today: data?.today ?? viewersToday(),
    range: data ? visibleRange(data.facilities) : placeholderRange,
    total: data?.facilities.reduce((n, f) => n + f.bookings.length, 0) ?? 0,
  };
}
