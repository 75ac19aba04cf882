import CancelIcon from '@mui/icons-material/EventBusyOutlined';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { CourtsideDataProvider } from '../dataProvider.ts';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { countOf, failure, shortDate } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import { isLive, liveFrom } from './series-text.ts';
import type { Occurrence, SeriesRecord } from './types.ts';

/**
 * "Cancel this and the following" from one date (DELETE ?from=), or "Cancel all remaining"
 * without one. Each cancelled date is cancelled like a booking by staff: paid ones refunded.
 */
export const CancelSeriesButton = ({ series, from, variant = 'text' }: { series: SeriesRecord; from?: Occurrence; variant?: 'text' | 'outlined' }) => {
  const dataProvider = useDataProvider<CourtsideDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const allowed = useCan('series', 'delete');
  const affected = from ? liveFrom(series, from.date) : series.occurrences.filter(isLive);
  if (!allowed || affected.length === 0) return null;
  const paid = affected.filter((o) => o.paymentStatus === 'paid').length;
  return (
    <ConfirmButton
      label={from ? 'Cancel this and the following' : 'Cancel all remaining'}
      icon={<CancelIcon />}
      // One per date on the series view: quiet there, red where it cancels everything left.
      color={from ? 'inherit' : 'error'}
      confirmColor="warning"
      variant={variant}
      title={from ? `Cancel from ${shortDate(from.date)} on?` : 'Cancel every remaining date?'}
      content={`${countOf(affected.length, 'date')} of ${series.customer.name}'s series at ${series.facilityName} ${affected.length === 1 ? 'is' : 'are'} cancelled and the time released${
        paid ? `; ${countOf(paid, 'paid date')} refunded in full` : ''
      }. Dates already played stay in the history.`}
      confirmLabel={`Cancel ${countOf(affected.length, 'date')}`}
      run={async () => {
        try {
          const { cancelledBookings } = await dataProvider.cancelSeries(series.id, from?.date);
          notify(`${countOf(cancelledBookings, 'date')} cancelled`, { type: 'success' });
          refresh();
        } catch (error) {
          notify(failure('Failed to cancel the series', error), { type: 'error' });
        }
      }}
    />
  );
};
