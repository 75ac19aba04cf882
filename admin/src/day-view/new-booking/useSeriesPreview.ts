import { useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { CourtsideDataProvider } from '../../dataProvider.ts';
import { useDebounced } from '../../common/useDebounced.ts';
import { previewRequest, type BookingDraft } from './draft.ts';

/**
 * Which dates of the series are free, asked again (after a pause) whenever its dates or times
 * change. `current` says the answer is for what the form shows now, so nothing is booked on
 * an answer for other dates.
 */
export function useSeriesPreview(draft: BookingDraft) {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const request = previewRequest(draft);
  const key = request && JSON.stringify(request);
  const settled = useDebounced(key, 300);
  const query = useQuery({
    queryKey: ['courtside', 'series-preview', settled],
    queryFn: () => dataProvider.previewSeries(JSON.parse(settled!) as object),
    enabled: settled !== undefined,
    staleTime: 0,
    retry: false,
  });
  return { ...query, asked: key !== undefined, current: key !== undefined && settled === key && query.isSuccess && !query.isFetching };
}
