import { useDataProvider } from 'react-admin';
import type { CourtsideDataProvider } from '../../dataProvider.ts';
import { previewRequest, quoteRequest, type BookingDraft } from './draft.ts';
import { useServerAnswer } from './useServerAnswer.ts';

/** Which dates of the series are free, and what each costs its customer, asked again whenever its dates, times or customer change. */
export function useSeriesPreview(draft: BookingDraft) {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  return useServerAnswer('series-preview', previewRequest(draft), (body) => dataProvider.previewSeries(body));
}

/** What one booking will cost its customer (the server's price function), asked again whenever the place, times or customer change. */
export function useDeskQuote(draft: BookingDraft) {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  return useServerAnswer('desk-quote', quoteRequest(draft), (body) => dataProvider.quoteDeskBooking(body));
}
