import CancelIcon from '@mui/icons-material/EventBusyOutlined';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure, money, shortDate, timeRange } from '../common/format.ts';
import { useCan } from '../common/useCan.ts';
import type { BookingRecord } from './types.ts';

/** Staff may cancel any active booking; a paid one is refunded. The booking stays in history. */
export const CancelBookingButton = ({ variant = 'text', compact = false }: { variant?: 'text' | 'outlined' | 'contained'; compact?: boolean }) => {
  const record = useRecordContext<BookingRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const allowed = useCan('bookings', 'delete');
  if (!allowed || !record || (record.status !== 'pending' && record.status !== 'confirmed')) return null;
  const paid = record.paymentStatus === 'paid';
  return (
    <ConfirmButton
      label={compact ? 'Cancel' : 'Cancel booking'}
      confirmLabel="Cancel booking"
      icon={<CancelIcon />}
      color="error"
      variant={variant}
      confirmColor="warning"
      title="Cancel this booking?"
      content={`${record.facility.name}, ${shortDate(record.date)} ${timeRange(record.startTime, record.endTime)}, booked by ${record.user.name}. ${
        paid ? `The ${money(record.paidAmount ?? record.payableAmount)} paid is refunded automatically.` : 'The slot is released straight away.'
      }`}
      run={async () => {
        try {
          await dataProvider.delete('bookings', { id: record.id, previousData: record });
          notify('Booking cancelled successfully.', { type: 'success' });
          refresh();
        } catch (error) {
          notify(failure('Failed to cancel booking', error), { type: 'error' });
        }
      }}
    />
  );
};
